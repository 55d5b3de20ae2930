/// Where a PDF's pages lie on the canvas: top to bottom from the origin, each at its own size
/// as shown (its /Rotate applied) at 96/72 px a point, `gap` apart, centred on the first
/// page's centre line (so the first page's corner is the origin, and a landscape page among
/// portrait ones reaches out on both sides, as `PageNavigation` expects).
///
/// The canvas ends 1,000,000 px from its origin (`MarkLimits`): a page that would reach past
/// that starts a new column to the right of the column before (about 930 US Letter pages a
/// column), and pages that fit in no column are left out.
enum PdfLayout {
    /// The space between two pages, in pixels (as between an imported notebook's pages).
    static let gap: Float = 20

    /// The frames of pages of `sizes` (points, as shown), in order; fewer than `sizes` when
    /// the canvas cannot hold them all. Each side is brought within (0, `Page.maximumSide`].
    /// - Complexity: O(pages).
    static func frames(for sizes: [(width: Double, height: Double)]) -> [Rect] {
        let limit = MarkLimits.maximumCoordinate
        let sides = sizes.map { (width: side($0.width), height: side($0.height)) }
        guard let first = sides.first else { return [] }
        let widest = sides.reduce(0) { max($0, $1.width) }
        var frames: [Rect] = []
        frames.reserveCapacity(sides.count)
        var (axis, y, right) = (first.width / 2, Float(0), Float(0))
        for (width, height) in sides {
            if y + height > limit, y > 0 { // a new column, clear of the one before
                (axis, y) = (right + gap + widest / 2, 0)
            }
            let x = MarkLimits.snapped(axis - width / 2)
            guard x + width <= limit else { break }
            frames.append(Rect(x: x, y: y, width: width, height: height))
            right = max(right, x + width)
            y = MarkLimits.snapped(y + height + gap)
        }
        return frames
    }

    /// A side in points as canvas pixels, within (0, `Page.maximumSide`] on the grid.
    private static func side(_ points: Double) -> Float {
        let pixels = Float(points) * Page.pixelsPerPoint
        guard pixels.isFinite, pixels > 0 else { return 1 }
        return MarkLimits.snapped(min(pixels, Page.maximumSide))
    }
}
