import FoundationEssentials
import Glibc

/// Saving, opening and deleting gallery entries, and the single files the command line names.
extension ScribbleManager {
    /// Saves `scribble` as a new entry (fresh UUID id) when `id` is `nil`, else replaces the
    /// entry `id`. A scribble without a title is named "Scribble N" (one past the highest N in
    /// the gallery) and keeps that name. The thumbnail shows the canvas area
    /// (0, 0, `canvasWidth`, `canvasHeight`).
    /// - Complexity: O(n) in the drawing's marks and vertices, plus a listing when naming.
    @discardableResult
    public func save(_ scribble: Scribble, id: String? = nil, canvasWidth: Int, canvasHeight: Int)
        throws(StorageError) -> ScribbleEntry
    {
        let entry = try save(scribble.makeMemento(withHistory: true), id: id, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        scribble.title = entry.title
        return entry
    }

    /// Saves a memento made earlier (on the main thread, say, to save on a background one);
    /// see `save(_:id:canvasWidth:canvasHeight:)`. Replaces whatever version is on disk:
    /// documents save with `save(_:to:over:canvasWidth:canvasHeight:)`, which does not.
    @discardableResult
    public func save(_ memento: ScribbleMemento, id: String? = nil, canvasWidth: Int, canvasHeight: Int)
        throws(StorageError) -> ScribbleEntry
    {
        // Replacing anything, it always writes.
        guard let saved = try saveEntry(memento, id: id, expecting: .anything, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        else { preconditionFailure("an unconditional save was refused") }
        return saved.entry
    }

    /// What a save may replace.
    enum Expectation {
        /// Whatever is there (the old behaviour, and tests).
        case anything
        /// Nothing: a new name (`RENAME_NOREPLACE`).
        case nothing
        /// Only this version, or nothing (see `AtomicFile.Prepared.commit(expecting:)`).
        case version(FileIdentity)
    }

    /// Writes `memento` as the entry `id` (a fresh one if `nil`) if what is on disk is as
    /// `expected`; `nil` when it is not (the file was left as it was). The thumbnail goes
    /// to the cache after the scribble.
    func saveEntry(
        _ memento: ScribbleMemento, id: String?, expecting expected: Expectation, canvasWidth: Int, canvasHeight: Int
    ) throws(StorageError) -> (entry: ScribbleEntry, identity: FileIdentity)? {
        let id = id ?? UUID().uuidString.lowercased()
        try Self.validate(id, in: directory, for: .save)
        try FileSystem.makeDirectories(directory)
        var memento = memento
        if memento.title?.isEmpty ?? true { memento.title = nextDefaultTitle() }
        defer { invalidateListing() }
        let path = scribblePath(id)
        let prepared = try atomicFile(path).prepare(memento.data)
        switch expected {
        case .anything: try prepared.commit()
        case .nothing: guard try prepared.commit(expecting: nil) else { return nil }
        case .version(let basis): guard try prepared.commit(expecting: basis) else { return nil }
        }
        wrote(prepared.identity)
        // The scribble, the source of truth, is saved either way; the thumbnail goes to the
        // cache after it, stamped with this version's modification time (a full cache
        // disk only leaves it to be drawn again when the gallery shows it).
        let background = canvasKind
        if let png = Self.thumbnailPNG(of: memento, canvasWidth: canvasWidth, canvasHeight: canvasHeight, background: background) {
            _ = try? thumbnails.store(png, for: path, canvas: background)
        }
        let entry = ScribbleEntry(
            id: id, title: memento.title ?? Self.untitled,
            savedAt: FileSystem.modificationDate(path) ?? Date(),
            scribblePath: path, thumbnailPath: thumbnailPath(id))
        return (entry, prepared.identity)
    }

    /// Opens the scribble at `index` of the listing (most recent first).
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged.
    public func loadScribble(at index: Int) throws -> Scribble {
        try Self.loadScribble(path: try entry(at: index).scribblePath)
    }

    /// Opens the scribble saved as `id`.
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged.
    public func loadScribble(id: String) throws -> Scribble {
        Scribble(adopting: try loadMemento(id: id))
    }

    /// Reads the memento saved as `id`, to hand to another thread (a memento is `Sendable`;
    /// a `Scribble` is not) and adopt there with `Scribble(adopting:)`.
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged.
    public func loadMemento(id: String) throws -> ScribbleMemento {
        try Self.validate(id, in: directory, for: .open)
        return try Self.loadMemento(path: scribblePath(id))
    }

    /// A renamed entry: as listed now, and its file's version before and after (a document
    /// holding the version before holds the one after, with the new title).
    public struct Renamed: Sendable {
        /// The entry as listed now.
        public let entry: ScribbleEntry
        /// The version renamed.
        public let previous: FileIdentity
        /// The version written.
        public let identity: FileIdentity
    }

    /// Renames the entry `id` to `title` (its file is rewritten, atomically, unless another
    /// version arrived while it was read).
    /// - Throws: `StorageError` if the file cannot be read or written, changed meanwhile,
    ///   or the title is empty or holds control characters.
    @discardableResult
    public func rename(id: String, to title: String) throws -> Renamed {
        try Self.validate(id, in: directory, for: .save)
        let path = scribblePath(id)
        guard !title.isEmpty, !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw StorageError(.save, path: path, cause: tr("a name must have some text and no control characters"))
        }
        let (bytes, previous) = try ScribbleFile.readVersion(path)
        var memento = try ScribbleMemento(data: bytes)
        memento.title = ScribbleFormat.clipped(title)
        defer { invalidateListing() }
        guard try atomicFile(path).prepare(memento.data).commit(expecting: previous) else {
            throw StorageError(.save, path: path, cause: tr("another version of it arrived meanwhile; try again"))
        }
        // A new name is not a new version: the entry keeps its save time, so its "Saved"
        // date and its place in the gallery stay, and its thumbnail still matches it.
        let savedAt = timespec(tv_sec: previous.modifiedSeconds, tv_nsec: previous.modifiedNanoseconds)
        FileSystem.setModificationTime(path, to: savedAt)
        guard let identity = FileIdentity.of(path) else { throw StorageError(.save, path: path, code: ENOENT) }
        wrote(identity)
        let entry = ScribbleEntry(
            id: id, title: memento.title ?? title, savedAt: FileSystem.modificationDate(path) ?? Date(),
            scribblePath: path, thumbnailPath: thumbnailPath(id))
        return Renamed(entry: entry, previous: previous, identity: identity)
    }

    /// Deletes the entry `id`: its memento, then its thumbnails in the cache (a missing one
    /// is fine). Nothing else in the gallery's folder is touched.
    public func delete(id: String) throws(StorageError) {
        try Self.validate(id, in: directory, for: .delete)
        defer { invalidateListing() }
        try FileSystem.remove(scribblePath(id))
        thumbnails.remove(for: scribblePath(id))
    }

    /// Opens any scribble file, such as one named on the command line. A file without a
    /// title is titled after its name.
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged.
    public static func loadScribble(path: String) throws -> Scribble {
        Scribble(adopting: try loadMemento(path: path))
    }

    /// Reads any scribble file as a memento (see `loadMemento(id:)`); titled after the file
    /// if it has no title.
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged.
    public static func loadMemento(path: String) throws -> ScribbleMemento {
        titled(try ScribbleMemento(data: try ScribbleFile.read(path)), afterFile: path)
    }

    /// `memento`, titled after the file at `path` if it has no title.
    static func titled(_ memento: ScribbleMemento, afterFile path: String) -> ScribbleMemento {
        guard memento.title == nil else { return memento }
        var memento = memento
        let name = AtomicFile.name(of: path)
        memento.title = name.hasSuffix(".scribble") ? String(name.dropLast(".scribble".count)) : name
        return memento
    }

    /// Whether the scribble file at `path` reads back: its header and checksum are checked,
    /// without building the drawing or holding the file (what the gallery needs to trust a
    /// thumbnail: ~1 ms for a million vertices instead of a full decode's ~20 ms and 16 MB).
    public static func isIntact(path: String) -> Bool {
        ScribbleFile.isIntact(path)
    }

    /// Saves `scribble` (complete) to any path, atomically, without a thumbnail.
    public static func save(_ scribble: Scribble, toPath path: String) throws(StorageError) {
        try save(scribble.makeMemento(withHistory: true), toPath: path)
    }

    /// Saves a memento made earlier to any path, atomically, without a thumbnail (so the
    /// app can snapshot on the main thread and write on another).
    public static func save(_ memento: ScribbleMemento, toPath path: String) throws(StorageError) {
        try AtomicFile.write(memento.data, to: path)
    }

    /// "Scribble N", N one past the highest such number among the gallery's titles.
    public func nextDefaultTitle() -> String {
        let numbers = ((try? entries()) ?? []).compactMap { entry -> Int? in
            guard entry.title.hasPrefix(Self.titleStem) else { return nil }
            let digits = entry.title.dropFirst(Self.titleStem.count)
            return digits.allSatisfy(\.isASCII) ? Int(digits) : nil
        }
        return Self.titleStem + String((numbers.max() ?? 0) + 1)
    }
}
