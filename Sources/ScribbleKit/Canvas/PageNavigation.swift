/// Where the camera goes to show a document's pages (a PDF's, laid top to bottom on the
/// canvas): which page the view is on, the moves of the page keys and Go to Page, and Fit Page
/// and Fit Width. Pure arithmetic over the pages' frames (canvas pixels, in reading order)
/// and a `Viewport`; the canvas controller applies the viewport it returns.
public struct PageNavigation: Sendable {
    /// The pages' frames on the canvas, in reading order.
    public let pages: [Rect]
    /// View pixels kept round a page the camera fits or aligns (as Fit Drawing keeps).
    public static let margin = 16.0
    /// How much of a screen Page Up and Page Down move: nine tenths, so the line at the
    /// bottom edge is still there at the top (GTK's scrolled windows page by the same).
    public static let pageFraction = 0.9

    /// Navigation over `pages` (canvas pixels, in reading order).
    public init(pages: [Rect]) { self.pages = pages }

    /// The page the view is on: the one under the view's centre, or else the nearest to it
    /// (the first of those as near, so the one above in the gap between two); `nil` without
    /// pages. Pages may lie in several columns (a PDF too long for one: `PdfLayout`).
    /// - Complexity: O(pages): some microseconds for thousands.
    public func currentPage(in viewport: Viewport) -> Int? {
        let centre = viewport.centre
        let (x, y) = (Float(centre.x), Float(centre.y))
        var nearest: (index: Int, distance: Float)?
        for (index, page) in pages.enumerated() {
            let dx = max(page.minX - x, 0, x - page.maxX), dy = max(page.minY - y, 0, y - page.maxY)
            let distance = dx * dx + dy * dy
            if distance == 0 { return index }
            if distance < nearest?.distance ?? .infinity { nearest = (index, distance) }
        }
        return nearest?.index
    }

    /// The view showing page `index` (clamped into the pages) from its top, at the same zoom:
    /// the page's top `margin` below the view's top, centred across if it is narrower than
    /// the view, else its left edge at the margin.
    public func show(page index: Int, in viewport: Viewport) -> Viewport {
        guard let page = page(clamped: index) else { return viewport }
        var view = viewport
        let room = Double(view.width) / view.zoom
        let width = Double(page.width)
        let x =
            width + 2 * Self.margin / view.zoom <= room
            ? Double(page.minX) + width / 2 : Double(page.minX) - Self.margin / view.zoom + room / 2
        let y = Double(page.minY) - Self.margin / view.zoom + Double(view.height) / view.zoom / 2
        view.centre(onX: x, y: y)
        return view
    }

    /// Fit Page: all of page `index` in the view, centred, as big as fits (above 100 % too:
    /// a small page fills a big screen).
    public func fit(page index: Int, in viewport: Viewport) -> Viewport {
        guard let page = page(clamped: index) else { return viewport }
        var view = viewport
        let room = (x: max(1, Double(view.width) - 2 * Self.margin), y: max(1, Double(view.height) - 2 * Self.margin))
        view.zoom(to: min(room.x / Double(max(page.width, 1)), room.y / Double(max(page.height, 1))))
        view.centre(onX: Double(page.minX + page.maxX) / 2, y: Double(page.minY + page.maxY) / 2)
        return view
    }

    /// Fit Width: page `index` as wide as the view (less the margins), the part of it in
    /// view kept where it is when the view is on that page, else from its top.
    public func fitWidth(page index: Int, in viewport: Viewport) -> Viewport {
        guard let page = page(clamped: index) else { return viewport }
        var view = viewport
        let onIt = currentPage(in: viewport) == min(max(index, 0), pages.count - 1)
        let y = view.centre.y
        view.zoom(to: max(1, Double(view.width) - 2 * Self.margin) / Double(max(page.width, 1)))
        guard onIt else { return show(page: index, in: view) }
        view.centre(onX: Double(page.minX + page.maxX) / 2, y: y)
        return view
    }

    /// Page Up (`direction` -1) or Page Down (1): the view moved up or down by
    /// `pageFraction` of its height, pages or not.
    public static func scroll(_ viewport: Viewport, screens direction: Int) -> Viewport {
        var view = viewport
        view.pan(byViewX: 0, y: Double(direction) * Double(view.height) * pageFraction)
        return view
    }

    private func page(clamped index: Int) -> Rect? {
        pages.isEmpty ? nil : pages[min(max(index, 0), pages.count - 1)]
    }
}
