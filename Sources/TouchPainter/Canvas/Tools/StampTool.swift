import CCairo
import GtkKit
import ScribbleKit

/// Stamps a pattern template (SPEC §7, book chapter 3's Prototype): each click adds a fresh
/// deep copy of the template whose location is the click point, one undo step per stamp. A
/// faint preview of the stamp follows the pointer.
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

    func press(at point: Point, modifiers: KeyModifiers) {
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

    /// A deep copy of the template with its location at `point`.
    func copy(placedAt point: Point) -> Mark {
        let origin = template.location
        return template.translated(dx: point.x - origin.x, dy: point.y - origin.y)
    }

    private func previewArea(at point: Point) -> Rect {
        let origin = template.location
        let box = template.bounds
        return Rect(minX: box.minX + point.x - origin.x, minY: box.minY + point.y - origin.y,
                    maxX: box.maxX + point.x - origin.x, maxY: box.maxY + point.y - origin.y).outset(by: 2)
    }

    /// The template where a click would put it, at a third of its strength.
    func drawOverlay(on cr: OpaquePointer) {
        guard let point = previewPoint else { return }
        let origin = template.location
        cairo_save(cr)
        cairo_push_group(cr)
        cairo_translate(cr, Double(point.x - origin.x), Double(point.y - origin.y))
        MarkRenderer(context: cr).render(template)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, 0.35)
        cairo_restore(cr)
    }
}
