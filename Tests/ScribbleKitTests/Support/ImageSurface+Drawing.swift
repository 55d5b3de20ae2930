import CCairo
import CairoKit
@testable import ScribbleKit

/// What the rendering suites draw on their surfaces besides marks: old-style polylines and
/// the canvas backdrop as the canvas paints it.
extension ImageSurface {
    /// Strokes `stroke`'s vertices as straight segments, the way strokes were drawn before
    /// smoothing.
    func drawPolyline(_ stroke: Stroke) {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_set_line_width(cr, Double(stroke.size))
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for case .vertex(let p) in stroke.elements { cairo_line_to(cr, Double(p.x), Double(p.y)) }
        cairo_stroke(cr)
    }

    /// Copies `backdrop` and draws its live stroke over it, as the canvas' `draw` does.
    func paint(_ backdrop: CanvasBackdrop) {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        backdrop.paint(on: CairoContext(cr))
        backdrop.drawLive(on: CairoContext(cr))
    }
}
