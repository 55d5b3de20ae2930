import Foundation
import Synchronization

/// The Facade to storage and the mementos' caretaker (book chapters 10 and 23): the only
/// code that touches the gallery's files. Each entry is `<id>.scribble` (a complete memento's
/// data) and `<id>.png` (its thumbnail), both written in full before either replaces the old one,
/// the `.scribble` — the source of truth — first.
///
/// `count`, `loadScribble(at:)` and `thumbnailPath(at:)` index the listing made by the last
/// `entries()` call (or on demand); saving and deleting through this manager refresh it.
public final class ScribbleManager: Sendable {
    /// The gallery's folder; made on the first save.
    public let directory: String
    /// How files are written: `write(2)`, unless a test injects failures.
    private let writeCall: AtomicFile.WriteCall
    /// The listing that index-based access refers to; `nil` until needed again.
    private let listing = Mutex<[ScribbleEntry]?>(nil)

    /// Title shown for an entry saved without one.
    static var untitled: String { tr("Untitled") }
    /// Title shown for an entry whose file cannot be read; the gallery still lists it.
    static var unreadableTitle: String { tr("Unreadable scribble") }
    /// Stem of the names given to scribbles saved without a title: "Scribble 1", "Scribble 2"…
    static var titleStem: String { tr("Scribble ") }

    /// Manages the gallery in `directory` (see `defaultDirectory`).
    public convenience init(directory: String) {
        self.init(directory: directory, writeCall: { write($0, $1, $2) })
    }

    /// Manages the gallery in `directory`, writing files through `writeCall` (tests inject failures).
    init(directory: String, writeCall: @escaping AtomicFile.WriteCall) {
        self.directory = directory
        self.writeCall = writeCall
    }

    /// Where the gallery lives: `$TOUCHPAINTER_DATA_DIR` if set, else
    /// `$XDG_DATA_HOME/touchpainter`, else `~/.local/share/touchpainter` (XDG Base Directory).
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        if let override = environment["TOUCHPAINTER_DATA_DIR"], !override.isEmpty { return override }
        // The XDG spec says relative paths in these variables are invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return trimmingSlashes(dataHome) + "/touchpainter"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return trimmingSlashes(home) + "/.local/share/touchpainter"
    }

    // MARK: Listing

    /// Every saved scribble, most recently saved first (ties by id). Entries whose files are
    /// damaged are listed too, titled "Unreadable scribble"; a missing folder lists as empty.
    /// Reads only each file's header, never a drawing.
    /// - Complexity: O(n) in the entries, a `stat` and a read of at most ~1 KB each.
    public func entries() throws(StorageError) -> [ScribbleEntry] {
        var entries: [ScribbleEntry] = []
        for name in try FileSystem.names(in: directory) where name.hasSuffix(".scribble") && !name.hasPrefix(".") {
            let id = String(name.dropLast(".scribble".count))
            let path = scribblePath(id)
            // A file removed between listing and stat is no longer an entry.
            guard let savedAt = FileSystem.modificationDate(path) else { continue }
            let (title, problem) = Self.storedTitle(at: path)
            entries.append(ScribbleEntry(id: id, title: title, savedAt: savedAt, scribblePath: path,
                                         thumbnailPath: thumbnailPath(id), problem: problem))
        }
        entries.sort { $0.savedAt != $1.savedAt ? $0.savedAt > $1.savedAt : $0.id < $1.id }
        listing.withLock { $0 = entries }
        return entries
    }

    /// How many scribbles the gallery holds; 0 if its folder cannot be read.
    public var count: Int { (try? cachedEntries().count) ?? 0 }

    /// The path of the thumbnail of the entry at `index`, or `nil` if there is no such entry
    /// or it has no thumbnail file.
    public func thumbnailPath(at index: Int) -> String? {
        guard let entries = try? cachedEntries(), entries.indices.contains(index) else { return nil }
        let path = entries[index].thumbnailPath
        return FileSystem.exists(path) ? path : nil
    }

    /// The entry at `index` in the current listing.
    func entry(at index: Int) throws(StorageError) -> ScribbleEntry {
        let entries = try cachedEntries()
        guard entries.indices.contains(index) else {
            throw StorageError(.open, path: directory, cause: tr("the gallery has no scribble number %1$s", index + 1))
        }
        return entries[index]
    }

    /// The listing index-based access refers to, made now if there is none.
    private func cachedEntries() throws(StorageError) -> [ScribbleEntry] {
        if let entries = listing.withLock({ $0 }) { return entries }
        return try entries()
    }

    /// Forgets the listing after this manager changed the folder.
    func invalidateListing() {
        listing.withLock { $0 = nil }
    }

    /// The title in the header of the file at `path`, or a stand-in; and, for what cannot
    /// be read as a file at all (a folder, a FIFO, a socket, no permission), the cause.
    private static func storedTitle(at path: String) -> (title: String, problem: String?) {
        let prefix: [UInt8]
        do throws(StorageError) {
            prefix = try FileSystem.readPrefix(path, count: ScribbleFormat.headerPrefixLength)
        } catch {
            return (unreadableTitle, error.cause)
        }
        do {
            return (try ScribbleFormat.title(inPrefix: prefix) ?? untitled, nil)
        } catch {
            return (unreadableTitle, nil)
        }
    }

    // MARK: Files

    /// Where the entry `id`'s memento lives.
    func scribblePath(_ id: String) -> String { directory + "/" + id + ".scribble" }

    /// Where the entry `id`'s thumbnail lives.
    func thumbnailPath(_ id: String) -> String { directory + "/" + id + ".png" }

    /// The file a document kept at `origin` lives in; `nil` for one never saved.
    public func path(of origin: DocumentOrigin) -> String? {
        switch origin {
        case .new: nil
        case .gallery(let id): scribblePath(id)
        case .file(let path): path
        }
    }

    /// An atomic writer for `path` that writes the way this manager does.
    func atomicFile(_ path: String) -> AtomicFile { AtomicFile(path: path, writeCall: writeCall) }

    /// Refuses ids that are not a plain file name (no folders, no hidden or temporary names).
    static func validate(_ id: String, in directory: String, for action: StorageError.Action) throws(StorageError) {
        guard !id.isEmpty, !id.hasPrefix("."), !id.contains("/"), !id.contains("\0"), id.utf8.count <= 200 else {
            throw StorageError(action, path: directory + "/" + id, cause: tr("“%1$s” is not a valid scribble id", id))
        }
    }

    /// `path` without trailing slashes (but "/" stays "/").
    private static func trimmingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
