import CairoKit
import ScribbleKit

/// The Flyweight every gallery tile shares while its thumbnail loads (book chapter 21): light grey
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
        let image = Self.render(width: width, height: height)
        renderCount += 1
        cache[key] = image
        return image
    }

    private static func render(width: Int, height: Int) -> CairoImage {
        let image = CairoImage(width: width, height: height, format: .rgb24) { cr in
            cr.setSource(red: fill.0, green: fill.1, blue: fill.2)
            cr.paint()
            cr.setDash([6, 4])
            cr.setLineWidth(2)
            cr.setSource(red: border.0, green: border.1, blue: border.2)
            cr.rectangle(x: 1, y: 1, width: Double(width) - 2, height: Double(height) - 2)
            cr.stroke()
        }
        // Tile sizes are the app's own constants: only a lack of memory for a few kB fails here.
        guard let image else { fatalError("Cairo could not make a \(width)×\(height) placeholder") }
        return image
    }
}
