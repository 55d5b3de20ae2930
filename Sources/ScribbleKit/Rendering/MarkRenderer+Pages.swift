import CCairo
import CairoKit
import PdfKit

extension MarkRenderer {
    /// How a renderer draws PDF pages.
    public enum PageDrawing: Sendable {
        /// The paper and what poppler draws of the page, straight onto the context: exports,
        /// print, thumbnails, the time-lapse.
        case content
        /// The paper and the tiles `PageTileCache` already holds at the context's scale:
        /// renders on the main thread (a repaint after an undo or an eraser step, a mark drawn
        /// into the backdrop), which must never wait on a page render — poppler's cannot be
        /// interrupted and may take seconds (docs/ARCHITECTURE.md, "PDF pages"). Where the
        /// cache holds nothing the paper shows alone until the next full frame.
        case cached(PageTileCache)
        /// The same, rendering the missing tiles first — every missing one of the page within
        /// `frame` (canvas), the whole frame being rendered, in one call: the canvas' full
        /// frames, off the main thread. A page whose render takes longer than the cache's
        /// deadline shows its paper, and `late` runs once its tiles are made.
        case tiled(PageTileCache, frame: Rect, late: (@Sendable () -> Void)? = nil)

        /// Whether the render may wait on slow work (poppler, a picture's decoding): off the
        /// main thread (exports, full frames), not on it (`cached`).
        var mayWait: Bool {
            if case .cached = self { false } else { true }
        }
    }

    /// A page: its shadow, its white paper, poppler's rendering of the part of it within the
    /// clip at the context's own scale (so at the device's: sharp at any zoom, and only what
    /// shows is rasterised) — straight, or through the tiles of a `PageTileCache` — and a thin
    /// grey edge. A page whose PDF cannot be opened (an encrypted one not unlocked in this
    /// session) shows as blank paper.
    /// - Complexity: O(1) when it misses the clip; else poppler's work for the page's content,
    ///   or a copy of the tiles it has.
    public func visit(page: Page) {
        guard page.bounds.outset(by: pixel).intersects(clip) else { return }
        let frame = page.frame
        let (x, y, width, height) = (Double(frame.minX), Double(frame.minY), Double(frame.width), Double(frame.height))
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_new_path(context)
        cairo_set_source_rgba(context, 0, 0, 0, 0.2)
        cairo_rectangle(context, x + 2, y + 2, width + 1, height + 1)
        cairo_fill(context)
        if min(frame.width, frame.height) >= Self.smallestPageWithContent * pixel {
            drawPaperAndContent(of: page)
        } else {
            fillPaper(page.frame)
        }
        cairo_set_source_rgb(context, 0x9a / 255.0, 0x9a / 255.0, 0x9a / 255.0)
        cairo_set_line_width(context, 1)
        cairo_rectangle(context, x, y, width, height)
        cairo_stroke(context)
    }

    /// The fewest device pixels a page's shorter side must cover for its content to be
    /// drawn: a page smaller than that (a thumbnail of a 2,400-page PDF puts each in a tenth
    /// of a pixel) shows as paper, and poppler is not asked to interpret it for nothing.
    static let smallestPageWithContent: Float = 8

    /// The page's paper and its content within the clip, as `pages` says: painted straight,
    /// or its tiles copied and the paper filled where there are none (a tile holds the paper
    /// too, so the page's edge pixels are blended once, as a straight render blends them).
    private func drawPaperAndContent(of page: Page) {
        let visible = page.frame.intersection(clip.outset(by: pixel))
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return }
        let grid = DeviceGrid(context)
        let tiles: [PageTile]
        switch (pages, grid) {
        case (.cached(let cache), let grid?):
            tiles = cache.cachedTiles(of: page, scale: grid.scale, covering: grid.area(of: visible))
        case (.tiled(let cache, let frame, let late), let grid?):
            tiles = cache.tiles(
                of: page, scale: grid.scale, covering: grid.area(of: visible), within: grid.area(of: frame), late: late)
        case (.cached, nil):
            return fillPaper(page.frame)
        case (.content, _), (.tiled, nil):
            fillPaper(page.frame)
            if let document = page.content.pdfDocument { Self.drawPdf(page, document: document, within: visible, on: context) }
            return
        }
        guard let grid, !tiles.isEmpty else { return fillPaper(page.frame) }
        draw(tiles, on: grid)
        // The paper where no tile is: the frame, less the tiles' squares (even-odd, within the frame).
        cairo_save(context)
        cairo_rectangle(context, Double(page.frame.minX), Double(page.frame.minY), Double(page.frame.width), Double(page.frame.height))
        cairo_clip(context)
        let side = Double(PageTileCache.side)
        for tile in tiles {
            cairo_rectangle(
                context, Double(tile.key.column) * side / grid.scale, Double(tile.key.row) * side / grid.scale,
                side / grid.scale, side / grid.scale)
        }
        cairo_rectangle(context, Double(page.frame.minX), Double(page.frame.minY), Double(page.frame.width), Double(page.frame.height))
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_fill(context)
        cairo_restore(context)
    }

    /// White paper over `frame`.
    private func fillPaper(_ frame: Rect) {
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_rectangle(context, Double(frame.minX), Double(frame.minY), Double(frame.width), Double(frame.height))
        cairo_fill(context)
    }

    /// Copies `tiles` onto the context's pixels, each on whole device pixels.
    private func draw(_ tiles: [PageTile], on grid: DeviceGrid) {
        guard !tiles.isEmpty else { return }
        cairo_save(context)
        grid.useDevicePixels(context)
        let side = Double(PageTileCache.side)
        for tile in tiles {
            let x = Double(tile.key.column) * side + grid.offset.x, y = Double(tile.key.row) * side + grid.offset.y
            cairo_set_source_surface(context, tile.image.surface, x, y)
            cairo_rectangle(context, x, y, side, side)
            cairo_fill(context)
        }
        cairo_restore(context)
    }

    /// Draws what poppler draws of the part of `page` within `visible` (canvas), scaled onto
    /// its frame, onto `context`, whose user space is the canvas; `false` if poppler could not.
    @discardableResult
    static func drawPdf(_ page: Page, document: PdfDocument, within visible: Rect, on context: OpaquePointer) -> Bool {
        let frame = page.frame, visible = frame.intersection(visible)
        guard !visible.isNull, visible.width > 0, visible.height > 0, page.pageIndex < document.pageCount else { return false }
        let shown = document.page(at: page.pageIndex)
        // Canvas pixels a point, across and down: the frame's own (96/72 when laid by `PdfLayout`).
        let sx = Double(frame.width) / shown.width, sy = Double(frame.height) / shown.height
        let area = PdfRect(
            x: Double(visible.minX - frame.minX) / sx, y: Double(visible.minY - frame.minY) / sy,
            width: Double(visible.width) / sx, height: Double(visible.height) / sy)
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_translate(context, Double(visible.minX), Double(visible.minY))
        cairo_scale(context, sx, sy)
        return document.render(page: shown, area: area, scale: 1, on: CairoContext(context))
    }
}

/// How a context's canvas maps onto the device pixels of its target, when that is a plain
/// scale and a move by whole pixels — the canvas' frames and repaints — so tiles of a
/// `PageTileCache` can be copied onto it unscaled; `nil` for anything else (a turn, a
/// fractional move).
struct DeviceGrid {
    /// Device pixels per canvas pixel.
    let scale: Double
    /// Where the canvas' origin lands, in the target's device pixels (whole).
    let offset: (x: Double, y: Double)
    /// The target's device scale and offset, to undo them.
    private let deviceScale: (x: Double, y: Double), deviceOffset: (x: Double, y: Double)

    init?(_ context: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(context, &m)
        let target = cairo_get_target(context)
        var (sx, sy, ox, oy) = (1.0, 1.0, 0.0, 0.0)
        cairo_surface_get_device_scale(target, &sx, &sy)
        cairo_surface_get_device_offset(target, &ox, &oy)
        let scale = m.xx * sx
        let x = m.x0 * sx + ox, y = m.y0 * sy + oy
        guard m.xy == 0, m.yx == 0, scale > 0, m.yy * sy == scale, abs(x - x.rounded()) < 1e-3, abs(y - y.rounded()) < 1e-3
        else { return nil }
        self.scale = scale
        offset = (x.rounded(), y.rounded())
        (deviceScale, deviceOffset) = ((sx, sy), (ox, oy))
    }

    /// The whole device pixels on the canvas' device grid that `rect` (canvas) covers.
    func area(of rect: Rect) -> DeviceRect { DeviceRect(covering: rect, scale: scale) }

    /// Sets `context`'s user space to the target's device pixels, the canvas' origin at
    /// `offset` (the clip stays as it was).
    func useDevicePixels(_ context: OpaquePointer) {
        cairo_identity_matrix(context)
        cairo_scale(context, 1 / deviceScale.x, 1 / deviceScale.y)
        cairo_translate(context, -deviceOffset.x, -deviceOffset.y)
    }
}
