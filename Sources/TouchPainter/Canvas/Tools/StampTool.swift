import CCairo
import GtkKit
import ScribbleKit

/// Stamps a pattern template (SPEC §7, book chapter 3's Prototype): each click adds a fresh
/// deep copy of the template centred on the click point, one undo step per stamp. A faint
/// preview of the whole stamp, centred on the pointer, shows where it will land.
@MainActor
final class StampTool: CanvasTool {
    private unowned let host: CanvasToolHost
    /// The prototype; it never goes on the canvas itself.
    let template: Mark
    /// Where the preview is drawn; `nil` when the pointer is off the canvas.
    private var previewPoint: Point?

    /// Stamps copies of `template` on `host`'s document.
    init(host: CanvasToolHost, template: Mark) {
        self.host = host
        self.template = template
    }

    var cursorName: String { "copy" }

    func press(at point: Point, modifiers: ToolModifiers) {
        let stamp = copy(placedAt: point)
        let document = host.document
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stamp))
        document.markFinished(stamp)
    }

    func drag(to point: Point) { hover(at: point) }

    func release(at point: Point) {}

    func hover(at point: Point?) {
        for location in [previewPoint, point].compactMap({ $0 }) { host.overlayNeedsDisplay(in: previewArea(at: location)) }
        previewPoint = point
    }

    /// A deep copy of the template centred on `point`.
    func copy(placedAt point: Point) -> Mark {
        let (dx, dy) = offset(centringOn: point)
        return template.translated(dx: dx, dy: dy)
    }

    /// How far the template moves to have the middle of its bounds at `point`.
    private func offset(centringOn point: Point) -> (dx: Float, dy: Float) {
        let box = template.bounds
        return (point.x - (box.minX + box.maxX) / 2, point.y - (box.minY + box.maxY) / 2)
    }

    private func previewArea(at point: Point) -> Rect {
        let box = template.bounds, (dx, dy) = offset(centringOn: point)
        return Rect(minX: box.minX + dx, minY: box.minY + dy, maxX: box.maxX + dx, maxY: box.maxY + dy).outset(by: 2)
    }

    /// The template where a click would put it, at a third of its strength.
    func drawOverlay(on cr: OpaquePointer) {
        guard let point = previewPoint else { return }
        let (dx, dy) = offset(centringOn: point)
        cairo_save(cr)
        cairo_push_group(cr)
        cairo_translate(cr, Double(dx), Double(dy))
        MarkRenderer(context: cr).render(template)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, 0.35)
        cairo_restore(cr)
    }
}
