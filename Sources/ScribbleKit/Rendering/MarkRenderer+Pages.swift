import CCairo
import CairoKit
import PdfKit

extension MarkRenderer {
    /// How a renderer draws PDF pages.
    public enum PageDrawing: Sendable {
        /// The paper and what poppler draws of the page: full frames off the main thread,
        /// exports, print, thumbnails.
        case content
        /// The paper alone (white, its edge and shadow): renders on the main thread (a
        /// repaint, a mark drawn into the backdrop), which must never wait on a page render —
        /// poppler's cannot be interrupted and may take seconds (docs/ARCHITECTURE.md, "PDF
        /// pages"). The next full frame, rendered off the main thread, shows the content.
        case paper
    }

    /// A page: its shadow, its white paper, poppler's rendering of the part of it within the
    /// clip at the context's own scale (so at the device's: sharp at any zoom, and only what
    /// shows is rasterised), and a thin grey edge. A page whose PDF cannot be opened (an
    /// encrypted one not unlocked in this session) shows as blank paper.
    /// - Complexity: O(1) when it misses the clip; else poppler's work for the page's content.
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
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
        if pages == .content { drawContent(of: page) }
        cairo_set_source_rgb(context, 0x9a / 255.0, 0x9a / 255.0, 0x9a / 255.0)
        cairo_set_line_width(context, 1)
        cairo_rectangle(context, x, y, width, height)
        cairo_stroke(context)
    }

    /// The fewest device pixels a page's shorter side must cover for its content to be
    /// drawn: a page smaller than that (a thumbnail of a 2,400-page PDF puts each in a tenth
    /// of a pixel) shows as paper, and poppler is not asked to interpret it for nothing.
    static let smallestPageWithContent: Float = 8

    /// What poppler draws of the part of `page` within the clip, scaled onto its frame.
    private func drawContent(of page: Page) {
        let frame = page.frame, visible = frame.intersection(clip.outset(by: pixel))
        guard min(frame.width, frame.height) >= Self.smallestPageWithContent * pixel else { return }
        guard !visible.isNull, visible.width > 0, visible.height > 0, let document = page.content.pdfDocument,
            page.pageIndex < document.pageCount
        else { return }
        let shown = document.page(at: page.pageIndex)
        // Canvas pixels a point, across and down: the frame's own (96/72 when laid by `PdfLayout`).
        let sx = Double(frame.width) / shown.width, sy = Double(frame.height) / shown.height
        let area = PdfRect(
            x: Double(visible.minX - frame.minX) / sx, y: Double(visible.minY - frame.minY) / sy,
            width: Double(visible.width) / sx, height: Double(visible.height) / sy)
        cairo_save(context)
        cairo_translate(context, Double(visible.minX), Double(visible.minY))
        cairo_scale(context, sx, sy)
        document.render(page: shown, area: area, scale: 1, on: CairoContext(context))
        cairo_restore(context)
    }
}
