import FoundationEssentials
import Glibc
import GtkKit
import ScribbleKit

/// Keeps the preferences file: read once at launch, before the main loop runs (a few
/// hundred bytes), and written off the main thread whenever a preference changes, atomically
/// (see `KeyFile.write`). A missing file means the defaults; an unreadable or corrupt one
/// means the defaults and one warning on stderr, never a crash, and is replaced at the next
/// change. The file's other contents (unknown keys, comments) survive a save — unless they
/// would make it larger than its reader takes (`KeyFile.maximumFileSize`): then only the
/// app's own settings are written, so the writer never makes a file its reader refuses.
/// It replaces only a regular file the user may write (`AtomicFile`): a `settings.ini` that
/// is a link to `/dev/zero` or to someone's `victim.txt` is refused, not followed.
final class SettingsStore {
    /// The preferences file; `nil` keeps the settings in memory only (tests, and the
    /// coordinator until the app gives it the real store).
    let path: String?
    /// The current preferences.
    private(set) var settings: Settings
    /// The file as read, so that saving keeps what the app does not know.
    private let keyFile: KeyFile
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
        self.keyFile = keyFile
        self.settings = settings
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
        Background.wait(for: .settings)
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

    /// The text is made here (the key file belongs to this thread); the file is written on
    /// `saving`, so the main thread never waits for the disk.
    private func save() {
        guard let path else { return }
        settings.write(into: keyFile)
        var text = keyFile.text
        let warn = warn
        if text.utf8.count > KeyFile.maximumFileSize {
            // What else the file held (a huge comment, say) cannot be kept: the app's own
            // settings can, and a file the next launch reads.
            let own = KeyFile()
            settings.write(into: own)
            text = own.text
            warn("the settings file would grow past \(KeyFile.maximumFileSize) bytes; keeping only TouchPainter's own settings")
        }
        let bytes = Array(text.utf8)
        // In order, on the settings lane, so the last choice is the one left on disk.
        Background.run(on: .settings) {
            do {
                try AtomicFile.write(bytes, to: path, creatingFolder: true)
            } catch {
                warn("cannot save the settings (\(error))")
            }
        }
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
