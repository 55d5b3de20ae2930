import CCairo
import CPictures
import Glibc

/// Why a picture cannot be brought in or drawn: one line a user can read.
public struct PictureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in a line.
    public let message: String
    /// Whether the picture was refused for its size (and could be read reduced).
    public let isTooLarge: Bool

    public var description: String { message }
}

/// ScribbleKit's side of CPictures: reads a picture's size (`probe`), decodes a raster
/// picture at a power-of-two reduction into a Cairo image (`decode`), and draws an SVG as
/// vectors (`renderSVG`). gdk-pixbuf and librsvg are decoders, not toolkits: nothing of GTK
/// reaches ScribbleKit through them. Safe on any thread; slow (a 12-megapixel JPEG takes
/// tens of milliseconds), so never on the main thread but for a probe of a small picture.
enum PictureDecoder {
    /// The most pixels one decoded level may hold: 16 megapixels, 64 MB. A picture larger
    /// than that (a 200-megapixel photo) is drawn from reduced levels only.
    static let maximumLevelPixels = 16 * 1024 * 1024
    /// The most pixels a picture other than a JPEG may declare: gdk-pixbuf decodes it whole
    /// before reducing it (160 MB at most, one decode at a time). A JPEG may declare 64
    /// times as many: libjpeg decodes it at an eighth of its sides.
    static let maximumSourcePixels = 40_000_000

    /// What a probe finds: the picture's size as shown (EXIF orientation applied).
    struct Info: Equatable {
        var width: Int, height: Int
        var isSVG: Bool
    }

    /// A picture's size and kind, from its header (a JPEG's orientation needs a decode at an
    /// eighth of its size: a few milliseconds for a 12-megapixel photo).
    static func probe(_ bytes: [UInt8]) throws(PictureError) -> Info {
        var info = tp_picture_info()
        var message: UnsafeMutablePointer<CChar>?
        let result = bytes.withUnsafeBytes { raw in
            tp_picture_probe(raw.baseAddress, raw.count, Int64(maximumSourcePixels), &info, &message)
        }
        try check(result, message)
        return Info(width: Int(info.width), height: Int(info.height), isSVG: info.is_svg != 0)
    }

    /// A raster picture decoded at its size divided by 2^`shift` (sides rounded up), upright;
    /// with the EXIF orientation applied (1: none).
    static func decode(_ bytes: [UInt8], shift: Int) throws(PictureError) -> (surface: OpaquePointer, orientation: Int) {
        var surface: OpaquePointer?
        var orientation: Int32 = 1
        var message: UnsafeMutablePointer<CChar>?
        let result = bytes.withUnsafeBytes { raw in
            tp_picture_decode(
                raw.baseAddress, raw.count, Int32(shift), Int64(maximumLevelPixels), Int64(maximumSourcePixels), &surface,
                &orientation, &message)
        }
        try check(result, message)
        guard let surface else { throw PictureError(message: "the picture could not be decoded", isTooLarge: false) }
        return (surface, Int(orientation))
    }

    /// Draws the SVG `bytes` onto `context`, its natural size onto (0, 0)–(`width`, `height`).
    static func renderSVG(_ bytes: [UInt8], on context: OpaquePointer, width: Double, height: Double) throws(PictureError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = bytes.withUnsafeBytes { raw in
            tp_picture_render_svg(raw.baseAddress, raw.count, context, width, height, &message)
        }
        try check(result, message)
    }

    /// Whether `bytes` are a JPEG (by their first bytes).
    static func isJPEG(_ bytes: [UInt8]) -> Bool { bytes.count > 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF }

    /// Whether `bytes` are a PNG (by their signature).
    static func isPNG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }

    /// Throws the C side's failure as a line for the user, its message taken (and freed).
    private static func check(_ result: Int32, _ message: UnsafeMutablePointer<CChar>?) throws(PictureError) {
        let text = message.map { String(cString: $0) } ?? ""
        free(message)
        switch UInt32(result) {
        case TP_PICTURE_OK.rawValue:
            return
        case TP_PICTURE_UNKNOWN.rawValue:
            throw PictureError(message: tr("not a PNG, JPEG, GIF, WebP or SVG picture"), isTooLarge: false)
        case TP_PICTURE_TOO_LARGE.rawValue:
            throw PictureError(
                message: text.isEmpty ? tr("the picture is too large at this size") : tr("the picture is too large (%1$s pixels)", text),
                isTooLarge: true)
        case TP_PICTURE_REFUSED.rawValue:
            throw PictureError(message: tr("the SVG declares entities, which are not read"), isTooLarge: false)
        case TP_PICTURE_NO_RSVG.rawValue:
            throw PictureError(message: tr("SVG pictures need librsvg, which could not be loaded: %1$s", text), isTooLarge: false)
        default:
            // (gdk-pixbuf's and librsvg's own messages, one line: GLib translates them.)
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            throw PictureError(message: line.isEmpty ? tr("the picture is damaged") : tr("the picture is damaged: %1$s", line), isTooLarge: false)
        }
    }
}
