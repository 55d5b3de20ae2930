import FoundationEssentials
import Glibc

/// The desktop's thumbnail cache (the freedesktop Thumbnail Managing Standard):
/// `$XDG_CACHE_HOME/thumbnails/{normal,large}/<md5 of the file's URI>.png`, each PNG carrying
/// the URI and the file's modification time in `tEXt` chunks (`Thumb::URI`, `Thumb::MTime`).
/// The gallery and the file manager share it, so the gallery's folder holds only scribbles.
/// A thumbnail whose `Thumb::MTime` is not the file's modification time is stale.
public struct ThumbnailCache: Sendable {
    /// The standard's sizes: the longer side of a thumbnail, in pixels.
    public enum Size: String, Sendable, CaseIterable {
        /// 128 pixels: file managers' list and small icon views.
        case normal
        /// 256 pixels: the gallery's tiles and file managers' large icons.
        case large

        /// The longer side, in pixels.
        public var pixels: Int { self == .normal ? 128 : 256 }
    }

    /// The `thumbnails` folder.
    public let root: String

    /// A cache in `root` (a test's own folder; the app uses `standard()`).
    public init(root: String) {
        self.root = root
    }

    /// `$XDG_CACHE_HOME/thumbnails`, else `~/.cache/thumbnails` (XDG Base Directory: a
    /// relative `XDG_CACHE_HOME` is invalid and ignored).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ThumbnailCache {
        ThumbnailCache(root: XDGFolder.cache.path(environment: environment) + "/thumbnails")
    }

    /// Where the thumbnail of the file at `path` lives, fresh or not.
    public func path(for file: String, size: Size = .large) -> String {
        root + "/" + size.rawValue + "/" + MD5.hexDigest(Array(Self.uri(forPath: file).utf8)) + ".png"
    }

    /// The thumbnail of the file at `path` if the cache holds a fresh one: its `Thumb::URI` is
    /// the file's and its `Thumb::MTime` the file's modification time now (in seconds, as the
    /// standard has it; a rename that keeps the time keeps the thumbnail).
    /// A thumbnail over `maximumBytes` or too large to decode is not read. One of a scribble
    /// on another canvas than `canvas` (`canvasKey`; none: a plain one, or another program's)
    /// is not fresh either.
    /// - Complexity: O(the thumbnail's size): one read and one decode.
    public func freshThumbnail(for file: String, size: Size = .large, canvas: CanvasKind = .plain) -> CairoImage? {
        var status = stat()
        guard stat(file, &status) == 0 else { return nil }
        let thumbnail = path(for: file, size: size)
        guard let bytes = (try? FileSystem.readFile(thumbnail, atMost: Self.maximumBytes)) ?? nil else { return nil }
        let texts = PNGText.texts(in: bytes)
        guard texts["Thumb::URI"] == Self.uri(forPath: file), texts["Thumb::MTime"] == String(status.st_mtim.tv_sec),
            (texts[Self.canvasKey] ?? CanvasKind.plain.rawValue) == canvas.rawValue
        else { return nil }
        return CairoImage(png: bytes)
    }

    /// Stores `png` as the thumbnail of the file at `path` as it is now (its modification time
    /// and size are read here), atomically and readable only by the user, as the standard
    /// asks. Returns what was written, the text chunks included.
    /// - Throws: `StorageError` if the file cannot be read or the thumbnail written.
    /// The canvas a thumbnail of a scribble was drawn on, `canvas`, is kept with it too.
    @discardableResult
    public func store(_ png: [UInt8], for file: String, size: Size = .large, canvas: CanvasKind = .plain) throws(StorageError) -> [UInt8] {
        var status = stat()
        guard stat(file, &status) == 0 else { throw StorageError(.open, path: file, code: errno) }
        let texts = [
            ("Thumb::URI", Self.uri(forPath: file)), ("Thumb::MTime", String(status.st_mtim.tv_sec)),
            ("Thumb::Size", String(status.st_size)), ("Software", "TouchPainter"), (Self.canvasKey, canvas.rawValue),
        ]
        guard let tagged = PNGText.inserting(texts, into: png) else {
            throw StorageError(.save, path: path(for: file, size: size), cause: tr("it is not a PNG image"))
        }
        try makeFolder(for: size)
        let destination = path(for: file, size: size)
        try AtomicFile(path: destination).write(tagged)
        chmod(destination, 0o600)
        return tagged
    }

    /// Removes the file's thumbnails of every size (when the file is deleted; the standard
    /// asks that no thumbnail outlive its file). A missing one is fine.
    public func remove(for file: String) {
        for size in Size.allCases { unlink(path(for: file, size: size)) }
    }

    /// The text chunk naming the canvas a scribble's thumbnail shows (an application key, as
    /// the standard allows: `X-<application>::<key>`).
    static let canvasKey = "X-TouchPainter::Canvas"

    /// The most bytes a cached thumbnail may have to be read (a 256-pixel PNG is far smaller).
    static let maximumBytes = 4 << 20

    /// Makes `root/size` (and `root`) if missing, private to the user (mode 0700) as the
    /// standard asks; folders that exist are left as they are.
    private func makeFolder(for size: Size) throws(StorageError) {
        try FileSystem.makeDirectories(AtomicFile.folder(of: root))
        for folder in [root, root + "/" + size.rawValue] where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw StorageError(.createFolder, path: folder, code: errno)
        }
    }

    /// The `file://` URI of `path` as GLib's `g_filename_to_uri` writes it (the standard
    /// hashes this exact text): an absolute path, every byte but letters, digits and
    /// `-_.!~*'()/&=:@+$,` percent-escaped in upper-case hex.
    public static func uri(forPath path: String) -> String {
        var absolute = path
        if !absolute.hasPrefix("/") {
            absolute = FileManager.default.currentDirectoryPath + "/" + absolute
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var uri = Array("file://".utf8)
        for byte in absolute.utf8 {
            if uriSafe.contains(byte) {
                uri.append(byte)
            } else {
                uri += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: uri, as: UTF8.self)
    }

    /// The bytes `g_filename_to_uri` leaves as they are in a path.
    private static let uriSafe = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.!~*'()/&=:@+$,".utf8))
}
