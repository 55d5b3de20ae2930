import CCairo
import CairoKit
import ScribbleKit

/// An ARGB32 Cairo image surface owned for one test, so renderers can draw with no display
/// and tests can read back what landed in each pixel.
final class ImageSurface {
    /// The `cairo_surface_t *` this object owns and destroys.
    let surface: OpaquePointer
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int

    /// Makes a `width` × `height` surface painted `background` (opaque white unless said otherwise).
    init(width: Int, height: Int, background: Color = .white) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "cannot create an image surface")
        draw { context in
            let c = background.unitComponents
            cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_paint(context)
        }
    }

    /// Reads the PNG file at `path` (Cairo's reader), or `nil` when it does not read.
    init?(png path: String) {
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Runs `body` with a fresh `cairo_t *` on the surface, destroyed afterwards.
    func draw(_ body: (OpaquePointer) -> Void) {
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        body(context)
    }

    /// Renders `mark` with `MarkRenderer`, clipped to `clip` when one is given.
    func render(_ mark: Mark, clip: Rect? = nil) {
        draw { context in
            if let clip {
                cairo_rectangle(context, Double(clip.minX), Double(clip.minY), Double(clip.width), Double(clip.height))
                cairo_clip(context)
            }
            MarkRenderer(context: CairoContext(context)).render(mark)
        }
    }

    /// The pixel at (`x`, `y`) as premultiplied components (equal to the colour where opaque).
    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is off the surface")
        cairo_surface_flush(surface)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let stride = Int(cairo_image_surface_get_stride(surface))
        // ARGB32 is a native-endian 32-bit word per pixel: A in the top byte, B in the bottom.
        let word = data.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        return (
            UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
            UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 24)
        )
    }

    /// The mean of the red, green and blue of the pixel at (`x`, `y`), 0–255.
    func brightness(x: Int, y: Int) -> Int {
        let p = pixel(x: x, y: y)
        return (Int(p.r) + Int(p.g) + Int(p.b)) / 3
    }

    /// The pixel at (`x`, `y`) compared with an opaque `color`.
    func pixel(x: Int, y: Int, is color: Color) -> Bool {
        pixel(x: x, y: y) == (color.red, color.green, color.blue, color.alpha)
    }

    /// How many pixels differ from `color`; 0 means the surface is uniformly that colour.
    func countPixels(differentFrom color: Color) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where !pixel(x: x, y: y, is: color) { count += 1 }
        }
        return count
    }
}
