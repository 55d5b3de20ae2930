import CCairo
import ScribbleKit

/// The canvas' offscreen image of the background and the finished marks, at device
/// resolution. Changes are drawn into it incrementally; the window only copies from it.
final class Backdrop {
    let surface: OpaquePointer
    let width: Int
    let height: Int
    private let context: OpaquePointer

    init(width: Int, height: Int, scale: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width * scale), Int32(height * scale))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        context = cairo_create(surface)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Draws the newest segment of the stroke in progress.
    /// - Complexity: O(1): one segment, whatever the size of the drawing.
    func drawLastSegment(of stroke: Stroke) {
        let tail = stroke.elements.suffix(2).compactMap { element -> Point? in
            if case .vertex(let point) = element { point } else { nil }
        }
        guard let color = stroke.color, let last = tail.last else { return }
        let c = color.unitComponents
        cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha)
        cairo_new_path(context)
        if tail.count == 2 {
            cairo_set_line_width(context, Double(stroke.size))
            cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
            cairo_move_to(context, Double(tail[0].x), Double(tail[0].y))
            cairo_line_to(context, Double(last.x), Double(last.y))
            cairo_stroke(context)
        } else {
            cairo_arc(context, Double(last.x), Double(last.y), Double(stroke.size) / 2, 0, 2 * .pi)
            cairo_fill(context)
        }
    }

    /// Draws one new mark on top, touching only `rect`.
    func draw(_ mark: Mark, clippedTo rect: Rect) {
        withClip(rect) { MarkRenderer(context: context).render(mark) }
    }

    /// Repaints `rect` from scratch: background, then every mark that touches it.
    func repaint(_ rect: Rect, background: Color, root: Stroke?) {
        withClip(rect) {
            let c = background.unitComponents
            cairo_set_source_rgb(context, c.red, c.green, c.blue)
            cairo_paint(context)
            if let root { MarkRenderer(context: context).render(root) }
        }
    }

    private func withClip(_ rect: Rect, _ body: () -> Void) {
        guard !rect.isNull else { return }
        let r = rect.outset(by: 1).integral
        cairo_save(context)
        cairo_rectangle(context, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        cairo_clip(context)
        body()
        cairo_restore(context)
    }
}
