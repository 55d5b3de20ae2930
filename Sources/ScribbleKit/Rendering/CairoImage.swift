import CCairo
import CairoKit

/// Owns one Cairo image surface (a decoded thumbnail, a placeholder) and destroys it when
/// the last user lets go. Surfaces are created on any thread and only read afterwards.
public final class CairoImage: @unchecked Sendable {
    /// The `cairo_surface_t *`.
    public let surface: OpaquePointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Adopts a surface the caller created.
    public init(adopting surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    /// The largest thumbnail decoded: a PNG declaring more is refused before decoding, so a
    /// tiny file claiming 20000×20000 pixels cannot cost 1.6 GB.
    public static let maximumSide = 4096
    /// The most bytes a decoded thumbnail may take (4 a pixel).
    public static let maximumBytes = 64 << 20

    /// Decodes a PNG file; `nil` if it is missing, not a valid PNG, or larger than
    /// `maximumSide` or `maximumBytes` by its header.
    public convenience init?(pngAt path: String) {
        guard let size = try? PNGHeader.size(ofFileAt: path), size.width <= Self.maximumSide,
            size.height <= Self.maximumSide, size.width * size.height * 4 <= Self.maximumBytes,
            let surface = cairo_image_surface_create_from_png(path)
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            cairo_image_surface_get_width(surface) > 0, cairo_image_surface_get_height(surface) > 0
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.init(adopting: surface)
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}

/// The image is the Decorator pattern's concrete component: it fills the rectangle it is given.
extension CairoImage: ImageComponent {
    public var size: (width: Double, height: Double) { (Double(width), Double(height)) }

    public func draw(in rect: ImageRect, on context: CairoContext) {
        let cr = context.pointer
        cairo_save(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / Double(width), rect.height / Double(height))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}

extension CairoImage {
    /// Decodes PNG bytes already read (a cached thumbnail, read once for its text chunks and
    /// its pixels); `nil` if they are not a valid PNG or declare more than `maximumSide` or
    /// `maximumBytes`.
    public convenience init?(png bytes: [UInt8]) {
        guard let size = PNGHeader.size(of: bytes), size.width > 0, size.height > 0, size.width <= Self.maximumSide,
            size.height <= Self.maximumSide, size.width * size.height * 4 <= Self.maximumBytes
        else { return nil }
        let source = PNGSource(bytes)
        let unmanaged = Unmanaged.passRetained(source)
        defer { unmanaged.release() }
        guard
            let surface = cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    return Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue().read(into: data, count: Int(length))
                }, unmanaged.toOpaque())
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.init(adopting: surface)
    }
}

/// The bytes Cairo's PNG reader pulls from, in order.
private final class PNGSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into data: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
        guard count <= bytes.count - offset else { return CAIRO_STATUS_READ_ERROR }
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { data.update(from: base + offset, count: count) }
        }
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}

extension CairoImage {
    /// The pixel formats of the images the app draws itself.
    public enum Format: Sendable {
        /// Opaque: a placeholder, a backdrop.
        case rgb24
        /// With transparency: a template's preview, a stamp's picture.
        case argb32
    }

    /// A new `width`×`height` image drawn by `draw` (with all pixels transparent, or black
    /// for `.rgb24`, before); `nil` if Cairo could not make it (no memory, a size too big).
    public convenience init?(width: Int, height: Int, format: Format, draw: (CairoContext) -> Void) {
        let cairoFormat = format == .rgb24 ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        guard let surface = cairo_image_surface_create(cairoFormat, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        draw(CairoContext(cr))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        self.init(adopting: surface)
    }

    /// Paints the image with its top-left corner at the origin of `context`'s user space, at
    /// `alpha` strength, one image pixel a user unit.
    public func paint(on context: CairoContext, alpha: Double = 1) {
        cairo_set_source_surface(context.pointer, surface, 0, 0)
        cairo_paint_with_alpha(context.pointer, alpha)
    }
}
