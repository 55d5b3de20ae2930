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
        let entry = try save(scribble.makeMemento(), id: id, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        scribble.title = entry.title
        return entry
    }

    /// Saves a memento made earlier (on the main thread, say, to save on a background one);
    /// see `save(_:id:canvasWidth:canvasHeight:)`.
    @discardableResult
    public func save(_ memento: ScribbleMemento, id: String? = nil, canvasWidth: Int, canvasHeight: Int)
        throws(StorageError) -> ScribbleEntry
    {
        let id = id ?? UUID().uuidString.lowercased()
        try Self.validate(id, in: directory, for: .save)
        try FileSystem.makeDirectories(directory)
        var memento = memento
        if memento.title?.isEmpty ?? true { memento.title = nextDefaultTitle() }
        defer { invalidateListing() }
        let path = scribblePath(id)
        try atomicFile(path).prepare(memento.data).commit()
        // The scribble, the source of truth, is saved either way; the thumbnail goes to the
        // cache after it, stamped with this version's modification time (a full cache
        // disk only leaves it to be drawn again when the gallery shows it).
        if let png = Self.thumbnailPNG(of: memento.root, canvasWidth: canvasWidth, canvasHeight: canvasHeight) {
            _ = try? thumbnails.store(png, for: path)
        }
        return ScribbleEntry(
            id: id, title: memento.title ?? Self.untitled,
            savedAt: FileSystem.modificationDate(path) ?? Date(),
            scribblePath: path, thumbnailPath: thumbnailPath(id))
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

    /// Renames the entry `id` to `title` (its file is rewritten, atomically). Returns the
    /// entry as listed now.
    /// - Throws: `StorageError` if the file cannot be read or written, or the title is empty
    ///   or holds control characters.
    @discardableResult
    public func rename(id: String, to title: String) throws -> ScribbleEntry {
        try Self.validate(id, in: directory, for: .save)
        let path = scribblePath(id)
        guard !title.isEmpty, !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw StorageError(.save, path: path, cause: tr("a name must have some text and no control characters"))
        }
        var memento = try ScribbleMemento(data: try ScribbleFile.read(path))
        memento.title = ScribbleFormat.clipped(title)
        let savedAt = FileSystem.modificationTime(path)
        defer { invalidateListing() }
        try atomicFile(path).write(memento.data)
        // A new name is not a new version: the entry keeps its save time, so its "Saved"
        // date and its place in the gallery stay, and its thumbnail still matches it.
        if let savedAt { FileSystem.setModificationTime(path, to: savedAt) }
        return ScribbleEntry(
            id: id, title: memento.title ?? title, savedAt: FileSystem.modificationDate(path) ?? Date(),
            scribblePath: path, thumbnailPath: thumbnailPath(id))
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
        var memento = try ScribbleMemento(data: try ScribbleFile.read(path))
        if memento.title == nil {
            let name = AtomicFile.name(of: path)
            memento.title = name.hasSuffix(".scribble") ? String(name.dropLast(".scribble".count)) : name
        }
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
        try save(scribble.makeMemento(), toPath: path)
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
