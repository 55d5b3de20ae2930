import CCairo
import CairoKit

extension CanvasEngine {
    /// Shows Find's hits over the drawing (none: `FindHighlights()`); the areas the old and
    /// the new ones cover are redrawn.
    public func show(_ highlights: FindHighlights) -> CanvasUpdate {
        guard highlights != self.highlights else { return CanvasUpdate() }
        let old = self.highlights.bounds
        self.highlights = highlights
        var update = CanvasUpdate()
        for area in [old, highlights.bounds] where !area.isNull {
            update.redraw.append(session.viewport.viewRect(area).outset(by: 3))
        }
        return update
    }

    /// Draws the hits on `context`, in canvas coordinates: a translucent yellow over each, and
    /// the current one orange with an outline two view pixels wide.
    func drawHighlights(on context: CairoContext) {
        let cr = context.pointer
        let zoom = session.viewport.zoom
        for (index, hit) in highlights.hits.enumerated() {
            let current = index == highlights.current
            cairo_rectangle(cr, Double(hit.minX), Double(hit.minY), Double(hit.width), Double(hit.height))
            cairo_set_source_rgba(cr, 1, current ? 0.55 : 0.85, 0, current ? 0.45 : 0.35)
            if current {
                cairo_fill_preserve(cr)
                cairo_set_line_width(cr, 2 / zoom)
                cairo_set_source_rgba(cr, 0.9, 0.4, 0, 1)
                cairo_stroke(cr)
            } else {
                cairo_fill(cr)
            }
        }
    }
}
