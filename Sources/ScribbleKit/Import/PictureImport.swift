/// A picture read and checked, ready to be put on a drawing (issue 54): its original bytes
/// (named by their SHA-256) and its natural size. Made off the main thread — the bytes are
/// hashed and their header read, a JPEG decoded at an eighth of its size for its EXIF
/// orientation — then placed on the main thread (`placed(in:at:)`).
public struct PictureImport: Sendable {
    /// The original bytes, as they came.
    public let content: StoredContent
    /// The natural size, upright (EXIF orientation applied), in the picture's own pixels.
    public let width: Float, height: Float

    /// Reads `bytes` as a picture: PNG, JPEG, GIF (its first frame), WebP where the system
    /// reads it, or SVG.
    /// - Throws: `PictureError`, one line: not a picture, damaged, too large, refused.
    /// - Complexity: O(n) in the bytes (the SHA-256), plus the header's reading.
    public init(bytes: [UInt8]) throws(PictureError) {
        guard !bytes.isEmpty else { throw PictureError(message: tr("the picture is empty"), isTooLarge: false) }
        let info = try PictureDecoder.probe(bytes)
        guard info.width > 0, info.height > 0 else { throw PictureError(message: tr("the picture has no size"), isTooLarge: false) }
        content = StoredContent(kind: .picture, bytes: bytes)
        // An SVG's size is CSS pixels and may be anything: kept within what a picture may be.
        let longest = Float(max(info.width, info.height)), limit = Picture.maximumSide
        let shrink = longest > limit ? limit / longest : 1
        (width, height) = (max(1, Float(info.width) * shrink), max(1, Float(info.height) * shrink))
    }

    /// The largest picture file read: far beyond any photo's (a 200-megapixel JPEG is some
    /// 60 MB), small enough that a mistaken choice of a disk image is refused at once.
    public static let maximumFileSize = 256 * 1024 * 1024

    /// Reads the picture file at `path` (off the main thread: it opens a file and hashes it).
    /// - Throws: `StorageError` when it cannot be read, `PictureError` when it is no picture.
    public static func reading(path: String) throws -> PictureImport {
        guard let bytes = try FileSystem.readFile(path, atMost: maximumFileSize) else {
            throw PictureError(message: tr("the file is too large for a picture"), isTooLarge: true)
        }
        return try PictureImport(bytes: bytes)
    }

    /// Whether `path` names a picture by its extension (what a drop or a pasted file list
    /// offers: those open as pictures on the drawing, other files as drawings).
    public static func isPictureFile(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: ".") else { return false }
        return fileExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// The extensions of the pictures read.
    public static let fileExtensions: Set<String> = ["png", "jpg", "jpeg", "jpe", "gif", "webp", "svg"]

    /// The picture as it arrives on a drawing: at its natural size, fitted into `view` (the
    /// canvas area on screen) if larger, and centred on `point` (where it was dropped), or
    /// on the view's centre. Its content is `store`'s entry for the same bytes when there is
    /// one, so the same picture pasted ten times shares one object, as it is stored once.
    public func placed(in view: Rect, at point: Point? = nil, sharing store: ContentStore = ContentStore()) -> Picture {
        let shared = store[content.digest] ?? content
        var scale: Float = 1
        if !view.isNull, view.width > 0, view.height > 0 {
            scale = min(1, view.width / width, view.height / height)
        }
        let centre = point ?? (view.isNull ? Point(x: 0, y: 0) : Point(x: (view.minX + view.maxX) / 2, y: (view.minY + view.maxY) / 2))
        let placement = AffineTransform(
            a: Double(scale), b: 0, c: 0, d: Double(scale),
            tx: Double(centre.x - width * scale / 2), ty: Double(centre.y - height * scale / 2))
        return Picture(content: shared, width: width, height: height, placement: placement)
    }
}

extension CanvasEngine {
    /// Puts the picture `imported` on the drawing as one undo step, selected: at its natural
    /// size, fitted into the view if larger, centred on `point` (canvas) or in the view.
    @discardableResult
    public func addPicture(_ imported: PictureImport, at point: Point? = nil) -> Picture {
        let picture = imported.placed(in: visibleRect, at: point, sharing: document.scribble.contents)
        add([picture])
        return picture
    }
}
