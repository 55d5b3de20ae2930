import FoundationEssentials
import Glibc
import GtkKit
import ScribbleKit

/// Keeps the preferences file: read once at launch, before the main loop runs (a few
/// hundred bytes), and written off the main thread whenever a preference changes, atomically.
/// A missing file means the defaults; an unreadable or corrupt one means the defaults and
/// one warning on stderr, never a crash, and is replaced at the next change.
///
/// Several instances may share the file (two sessions, or a synced config folder), so a
/// save is a merge, never a blind overwrite: the file is read again just before it is
/// written, and only the preferences this instance changed since its last save are set in
/// it. The file's other contents (another instance's choices, unknown keys, comments) survive
/// — unless they would make it larger than its reader takes (`KeyFile.maximumFileSize`):
/// then only the app's own settings are written, so the writer never makes a file its
/// reader refuses.
/// It replaces only a regular file the user may write (`AtomicFile`): a `settings.ini` that
/// is a link to `/dev/zero` or to someone's `victim.txt` is refused, not followed.
final class SettingsStore {
    /// The preferences file; `nil` keeps the settings in memory only (tests, and the
    /// coordinator until the app gives it the real store).
    let path: String?
    /// The current preferences.
    private(set) var settings: Settings
    /// The preferences as this instance last read or wrote them: what differs from them
    /// now is what this instance changed, and all a save sets in the file.
    private var saved: Settings
    private let warn: @Sendable (String) -> Void

    /// Reads the preferences at `path` (none: defaults, in memory); `warn` hears of every
    /// problem with the file (the app prints it to stderr), on the saving queue for a failed
    /// save.
    init(path: String?, warn: @escaping @Sendable (String) -> Void = SettingsStore.printWarning) {
        self.path = path
        self.warn = warn
        var keyFile = KeyFile()
        var settings = Settings()
        if let path {
            do {
                keyFile = try KeyFile(contentsOf: path)
                // A bad value is quoted in a warning, but never more than a line of it. (A
                // path is quoted whole: the user needs all of it to find the file.)
                settings = Settings(reading: keyFile, path: path, warn: { warn(Self.clippingQuotes($0)) })
            } catch  where error.reason == .missing {
                // The first launch: nothing to say.
            } catch {
                warn("cannot read the settings (\(error)); using the defaults")
            }
        }
        self.settings = settings
        saved = settings
    }

    /// The canvas kind new canvases get; setting it saves the file in the background.
    var canvasKind: CanvasKind {
        get { settings.canvasKind }
        set { update(\.canvasKind, to: newValue) }
    }

    /// The colours picked last, newest first; setting them saves the file in the background.
    var recentColors: [Color] {
        get { settings.recentColors }
        set { update(\.recentColors, to: Array(newValue.prefix(Settings.recentColorLimit))) }
    }

    /// The folder exported to last; setting it saves the file in the background.
    var exportFolder: String? {
        get { settings.exportFolder }
        set { update(\.exportFolder, to: newValue) }
    }

    /// The eraser's size and mode; setting them saves the file in the background.
    var eraser: EraserOptions {
        get { settings.eraser }
        set { update(\.eraser, to: newValue) }
    }

    /// Smoothing, touch, palm rejection and the stylus buttons; setting them saves the file in
    /// the background. The canvas reads them at each event, so a change applies at once.
    var input: InputPreferences {
        get { settings.input }
        set { update(\.input, to: newValue) }
    }

    /// Sets one preference and saves the file in the background, unless it is unchanged.
    private func update<Value: Equatable>(_ field: WritableKeyPath<Settings, Value>, to value: Value) {
        guard settings[keyPath: field] != value else { return }
        settings[keyPath: field] = value
        save()
    }

    /// Waits until every change made so far is on disk (the app calls it as it exits).
    func waitForSaves() {
        WorkLanes.wait(for: .settings)
    }

    /// `$XDG_CONFIG_HOME/touchpainter/settings.ini`, else `~/.config/touchpainter/settings.ini`
    /// (XDG Base Directory: a relative `XDG_CONFIG_HOME` is invalid and ignored).
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGFolder.config.path(environment: environment) + "/touchpainter/settings.ini"
    }

    /// Prints `message` to stderr as the app's warning (from any thread).
    @Sendable static func printWarning(_ message: String) {
        StandardError.write("touchpainter: warning: \(message)")
    }

    /// The changes are found here, on the main thread; the file is read, merged and written
    /// on the settings lane, so the main thread never waits for the disk.
    private func save() {
        guard let path else { return }
        let changes = Self.entries(of: settings).filter { !Self.entries(of: saved).contains($0) }
        let everything = Self.entries(of: settings)
        saved = settings
        let warn = warn
        // In order, on the settings lane, so the last choice is the one left on disk.
        WorkLanes.run(on: .settings) {
            let text = Self.merged(changes, into: path, everything: everything, warn: warn)
            do {
                try AtomicFile.write(Array(text.utf8), to: path, creatingFolder: true)
            } catch {
                warn("cannot save the settings (\(error))")
            }
        }
    }

    /// One preference as the file holds it.
    struct Entry: Equatable, Sendable {
        let group: String, key: String, value: String
    }

    /// Every value `settings` writes.
    static func entries(of settings: Settings) -> [Entry] {
        let file = KeyFile()
        settings.write(into: file)
        return file.entries.map { Entry(group: $0.group, key: $0.key, value: $0.value) }
    }

    /// The file at `path` as it is now, with `changes` set in it. A file that cannot be read
    /// as preferences (gone, damaged) is replaced by `everything`, this instance's whole
    /// settings; one that would grow too large becomes `everything` alone.
    static func merged(_ changes: [Entry], into path: String, everything: [Entry], warn: (String) -> Void) -> String {
        let file: KeyFile
        if let current = try? KeyFile(contentsOf: path) {
            file = current
        } else {
            file = KeyFile()
            for entry in everything { file.set(entry.value, group: entry.group, key: entry.key) }
        }
        for entry in changes { file.set(entry.value, group: entry.group, key: entry.key) }
        let text = file.text
        guard text.utf8.count > KeyFile.maximumFileSize else { return text }
        // What else the file held (a huge comment, say) cannot be kept: the app's own
        // settings can, and a file the next launch reads.
        warn("the settings file would grow past \(KeyFile.maximumFileSize) bytes; keeping only TouchPainter's own settings")
        let own = KeyFile()
        for entry in everything { own.set(entry.value, group: entry.group, key: entry.key) }
        return own.text
    }

    /// The longest part of a value a warning quotes, in characters.
    static let quoteLimit = 80

    /// `message` with every “quoted” part cut to `quoteLimit` characters and an ellipsis:
    /// one bad megabyte-long value makes one line of warning, not a megabyte of them.
    static func clippingQuotes(_ message: String) -> String {
        var result = "", quoted = 0, insideQuote = false
        for character in message {
            if character == "”" { insideQuote = false }
            if insideQuote {
                quoted += 1
                if quoted == quoteLimit + 1 { result.append("…") }
                if quoted > quoteLimit { continue }
            }
            result.append(character)
            if character == "“" { (insideQuote, quoted) = (true, 0) }
        }
        return result
    }
}
