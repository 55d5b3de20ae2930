import CCairo
import ScribbleKit

/// The Flyweight every gallery tile shares while its thumbnail loads (SPEC §6): light grey
/// with a dashed dark-grey border, rendered once per tile size instead of once per tile.
/// The app uses `shared`; a test makes its own to count what it renders.
@MainActor
final class ThumbnailPlaceholder {
    /// The placeholders of the app's gallery.
    static let shared = ThumbnailPlaceholder()
    /// Light grey fill.
    static let fill = (0.87, 0.87, 0.87)
    /// Dark grey dashed border.
    static let border = (0.33, 0.33, 0.33)
    private var cache: [Int: CairoImage] = [:]
    /// How many placeholder images this flyweight factory has rendered: one per tile size,
    /// whatever the number of tiles drawing them.
    private(set) var renderCount = 0

    /// The shared placeholder image for tiles of this size.
    func image(width: Int, height: Int) -> CairoImage {
        let key = width << 16 | height
        if let image = cache[key] { return image }
        let image = CairoImage(adopting: Self.render(width: width, height: height))
        renderCount += 1
        cache[key] = image
        return image
    }

    private static func render(width: Int, height: Int) -> OpaquePointer {
        // Cairo never returns NULL here: failures come back as an error surface.
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            fatalError("cairo_image_surface_create returned NULL")
        }
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, fill.0, fill.1, fill.2)
        cairo_paint(cr)
        var dashes: [Double] = [6, 4]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_set_line_width(cr, 2)
        cairo_set_source_rgb(cr, border.0, border.1, border.2)
        cairo_rectangle(cr, 1, 1, Double(width) - 2, Double(height) - 2)
        cairo_stroke(cr)
        cairo_destroy(cr)
        return surface
    }
}
