import FoundationEssentials
import Glibc
import Synchronization

/// The Facade to storage and the mementos' caretaker (book chapters 10 and 23): the only
/// code that touches the gallery's files. Each entry is `<id>.scribble` (a complete memento's
/// data), written in full before it replaces the old one; its thumbnail lives in the
/// desktop's thumbnail cache (`thumbnails`), never beside it.
///
/// `count`, `loadScribble(at:)` and `thumbnailPath(at:)` index the listing made by the last
/// `entries()` call (or on demand); saving and deleting through this manager refresh it.
public final class ScribbleManager: Sendable {
    /// The gallery's folder; made on the first save.
    public let directory: String
    /// Where the entries' thumbnails are kept: the desktop's cache, shared with the file manager.
    public let thumbnails: ThumbnailCache
    /// How files are written: `write(2)`, unless a test injects failures.
    private let writeCall: AtomicFile.WriteCall
    /// The canvas the thumbnails show the scribbles on (the user's canvas kind).
    private let thumbnailCanvas = Mutex(CanvasKind.plain)
    /// The listing that index-based access refers to; `nil` until needed again.
    private let lastListing = Mutex<[ScribbleEntry]?>(nil)
    /// The versions this manager wrote lately: whole from the start, so the listing need not
    /// wait for them to settle (see `isArriving`).
    let ownVersions = Mutex<Set<FileIdentity>>([])

    /// The canvas scribbles are drawn on, which their thumbnails show: the app sets it from
    /// the user's choice; a thumbnail of another canvas is drawn again when next shown.
    public var canvasKind: CanvasKind {
        get { thumbnailCanvas.withLock { $0 } }
        set { thumbnailCanvas.withLock { $0 = newValue } }
    }

    /// Title shown for an entry saved without one.
    static var untitled: String { tr("Untitled") }
    /// Title shown for an entry whose file cannot be read; the gallery still lists it.
    static var unreadableTitle: String { tr("Unreadable scribble") }
    /// Stem of the names given to scribbles saved without a title: "Scribble 1", "Scribble 2"…
    static var titleStem: String { tr("Scribble ") }

    /// Manages the gallery in `directory` (see `defaultDirectory`), its thumbnails in
    /// `thumbnails` (the user's cache unless a test gives its own).
    public convenience init(directory: String, thumbnails: ThumbnailCache = .standard()) {
        self.init(directory: directory, thumbnails: thumbnails, writeCall: { write($0, $1, $2) })
    }

    /// Manages the gallery in `directory`, writing files through `writeCall` (tests inject failures).
    init(directory: String, thumbnails: ThumbnailCache = .standard(), writeCall: @escaping AtomicFile.WriteCall) {
        self.directory = directory
        self.thumbnails = thumbnails
        self.writeCall = writeCall
    }

    /// Where the gallery lives: `$TOUCHPAINTER_DATA_DIR` if set, else
    /// `$XDG_DATA_HOME/touchpainter`, else `~/.local/share/touchpainter` (XDG Base Directory).
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        if let override = environment["TOUCHPAINTER_DATA_DIR"], !override.isEmpty { return override }
        return trimmingSlashes(XDGFolder.data.path(environment: environment)) + "/touchpainter"
    }

    // MARK: Listing

    /// Every saved scribble, most recently saved first (ties by id); see `listing()`.
    public func entries() throws(StorageError) -> [ScribbleEntry] {
        try listing().entries
    }

    /// Every saved scribble, most recently saved first (ties by id), and the scribble files
    /// that cannot be listed, with the reason. Entries whose files are damaged are listed
    /// too, titled "Unreadable scribble"; a missing folder lists as empty. Reads only each
    /// file's header, never a drawing. Thumbnails older versions wrote beside their
    /// scribbles are moved out on the way (`migrateLegacyThumbnail`).
    ///
    /// A file still arriving — from a sync tool, another instance or a copy — is left out
    /// until it is whole (`isArriving`), and the listing says when to look again.
    /// - Complexity: O(n) in the entries, a `stat` and a read of at most ~1 KB each (and a
    ///   checksum of the files changed in the last `arrivalGrace` seconds).
    public func listing() throws(StorageError) -> GalleryListing {
        let (names, undecodable) = try FileSystem.namesAndUndecodable(in: directory)
        let pictures = Set(names.filter { $0.hasSuffix(".png") })
        var entries: [ScribbleEntry] = [], unlisted: [GalleryListing.Unlisted] = []
        var listAgainAfter: Double?
        let now = Self.now()
        for name in names where name.hasSuffix(".scribble") && !name.hasPrefix(".") {
            let id = String(name.dropLast(".scribble".count))
            let path = scribblePath(id)
            var status = stat()
            guard stat(path, &status) == 0 else {
                // Removed between listing and stat: no longer an entry. Anything else the user should hear of.
                if errno != ENOENT || lstat(path, &status) == 0 {
                    unlisted.append(.init(name: name, reason: Self.reasonUnlisted(errno: errno)))
                }
                continue
            }
            if let wait = isArriving(path, status, now: now) {
                listAgainAfter = min(listAgainAfter ?? wait, wait)
                continue
            }
            let time = status.st_mtim
            let savedAt = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
            if pictures.contains(id + ".png") { migrateLegacyThumbnail(id: id) }
            let (title, problem) = Self.storedTitle(at: path)
            entries.append(
                ScribbleEntry(
                    id: id, title: title, savedAt: savedAt, scribblePath: path,
                    thumbnailPath: thumbnailPath(id), problem: problem))
        }
        for bytes in undecodable where bytes.count > 9 && bytes.suffix(9).elementsEqual(".scribble".utf8) {
            unlisted.append(.init(name: FileSystem.printable(bytes), reason: tr("its name is not valid UTF-8 text")))
        }
        entries.sort { $0.savedAt != $1.savedAt ? $0.savedAt > $1.savedAt : $0.id < $1.id }
        unlisted.sort { $0.name < $1.name }
        lastListing.withLock { $0 = entries }
        return GalleryListing(entries: entries, unlisted: unlisted, listAgainAfter: listAgainAfter)
    }

    /// Why a scribble file could not be listed, from `stat`'s `errno`.
    private static func reasonUnlisted(errno code: Int32) -> String {
        switch code {
        case ELOOP: tr("it is a symbolic link that leads back to itself")
        case ENOENT: tr("it is a symbolic link to a file that does not exist")
        default: StorageError.cause(of: code)
        }
    }

    /// Makes the gallery's folder if there is none yet (to watch it before the first save).
    public func makeFolder() throws(StorageError) {
        try FileSystem.makeDirectories(directory)
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
        if let entries = lastListing.withLock({ $0 }) { return entries }
        return try entries()
    }

    /// Forgets the listing after this manager changed the folder.
    func invalidateListing() {
        lastListing.withLock { $0 = nil }
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

    /// Where the entry `id`'s thumbnail lives: in the thumbnail cache.
    func thumbnailPath(_ id: String) -> String { thumbnails.path(for: scribblePath(id)) }

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
