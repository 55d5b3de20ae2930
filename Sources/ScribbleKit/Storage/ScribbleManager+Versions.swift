import FoundationEssentials
import Glibc

/// Saves that never overwrite a version they did not see. A document remembers the
/// `FileIdentity` of the file it opened or last saved; its next save replaces the file only
/// if it is still that version. If another computer's version arrived meanwhile (through
/// Syncthing, Nextcloud, Dropbox), or another instance saved, this version becomes a new
/// gallery entry "NAME (conflict, DATE)" and the other one stays as it is.
extension ScribbleManager {
    /// How a document's save went.
    public struct SavedVersion: Sendable {
        /// The gallery entry written; `nil` for a file outside the gallery saved in place.
        public let entry: ScribbleEntry?
        /// The version now on disk, for the document's next save.
        public let identity: FileIdentity
        /// Set when the file had changed on disk: the name of the version left as it was
        /// (this one is `entry`, a conflict copy).
        public let conflictsWith: String?
    }

    /// Saves a document's `memento` where `origin` says — a new gallery entry, the entry
    /// `id`, or a file — replacing only `basis`, the version the document was opened from or
    /// last saved as (`nil`: whatever is there, for a document that never knew one). If the
    /// file is another version, this one goes to a new gallery entry named as a conflict copy.
    /// - Complexity: as `save`, plus a `stat` and a four-byte read (and a folder listing for
    ///   a conflict copy's name).
    public func save(
        _ memento: ScribbleMemento, to origin: DocumentOrigin, over basis: FileIdentity?, canvasWidth: Int, canvasHeight: Int
    ) throws(StorageError) -> SavedVersion {
        let expected: Expectation = basis.map { .version($0) } ?? .anything
        switch origin {
        case .new:
            let saved = try saveEntry(memento, id: nil, expecting: .nothing, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            if let saved { return SavedVersion(entry: saved.entry, identity: saved.identity, conflictsWith: nil) }
            // A fresh UUID taken: only if someone copied this entry's name. Keep both.
            return try saveConflictCopy(memento, of: memento.title ?? Self.untitled, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        case .gallery(let id):
            if let saved = try saveEntry(memento, id: id, expecting: expected, canvasWidth: canvasWidth, canvasHeight: canvasHeight) {
                return SavedVersion(entry: saved.entry, identity: saved.identity, conflictsWith: nil)
            }
        case .file(let path):
            let prepared = try AtomicFile(path: path).prepare(memento.data)
            let committed: Bool
            if let basis { committed = try prepared.commit(expecting: basis) } else { try prepared.commit(); committed = true }
            if committed { return SavedVersion(entry: nil, identity: prepared.identity, conflictsWith: nil) }
        }
        let path = self.path(of: origin) ?? directory
        let title = Self.titled(memento, afterFile: path).title ?? Self.untitled
        return try saveConflictCopy(memento, of: title, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }

    /// Saves `memento` as a new entry named `conflictTitle(for:)`, telling it is a copy of `title`.
    private func saveConflictCopy(_ memento: ScribbleMemento, of title: String, canvasWidth: Int, canvasHeight: Int)
        throws(StorageError) -> SavedVersion
    {
        var copy = memento
        copy.title = ScribbleFormat.clipped(Self.conflictTitle(for: title, at: Date()))
        guard let saved = try saveEntry(copy, id: nil, expecting: .nothing, canvasWidth: canvasWidth, canvasHeight: canvasHeight) else {
            throw StorageError(.save, path: directory, cause: tr("a new gallery entry could not be made"))
        }
        return SavedVersion(entry: saved.entry, identity: saved.identity, conflictsWith: title)
    }

    /// "NAME (conflict, 2026-11-27 21:05)": the title of a version saved beside another
    /// one it would have replaced. The date is the save's, in local time, to the minute.
    public static func conflictTitle(for title: String, at date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let stamp =
            padded(parts.tm_year + 1900, 4) + "-" + padded(parts.tm_mon + 1, 2) + "-" + padded(parts.tm_mday, 2) + " "
            + padded(parts.tm_hour, 2) + ":" + padded(parts.tm_min, 2)
        // Translators: a scribble saved beside another version of it: "Sketch (conflict, 2026-11-27 21:05)".
        return tr("%1$s (conflict, %2$s)", title, stamp)
    }

    /// Reads the scribble saved as `id`, and which version of its file that is.
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged.
    public func loadVersion(id: String) throws -> (memento: ScribbleMemento, identity: FileIdentity) {
        try Self.validate(id, in: directory, for: .open)
        return try Self.loadVersion(path: scribblePath(id))
    }

    /// Reads any scribble file (titled after its name if it has no title; see
    /// `loadMemento(path:)`), and which version of the file that is: the identity of the
    /// very bytes read, so a version that arrives while reading is seen as another one.
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged.
    public static func loadVersion(path: String) throws -> (memento: ScribbleMemento, identity: FileIdentity) {
        let (bytes, identity) = try ScribbleFile.readVersion(path)
        return (titled(try ScribbleMemento(data: bytes), afterFile: path), identity)
    }

    /// Opens the scribble saved as `id` in two steps (`ScribbleOpening`: its first marks now,
    /// the rest to read), and which version of its file that is.
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged.
    public func openVersion(id: String) throws -> (opening: ScribbleOpening, identity: FileIdentity) {
        try Self.validate(id, in: directory, for: .open)
        return try Self.openVersion(path: scribblePath(id))
    }

    /// Opens any scribble file in two steps (`ScribbleOpening`; titled after its name if it
    /// has no title), and which version of the file that is (see `loadVersion(path:)`). The
    /// whole file is read and checked — header, checksum, every mark's structure — before
    /// the first part is built; the rest is read from the file again, kept open, not held.
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged.
    public static func openVersion(path: String) throws -> (opening: ScribbleOpening, identity: FileIdentity) {
        let (bytes, identity, file) = try ScribbleFile.openVersion(path)
        let opening = try ScribbleFormat.open(consume bytes, file: file) // not held while the drawing is built
        return (ScribbleOpening(first: titled(opening.first, afterFile: path), rest: opening.rest), identity)
    }
}
