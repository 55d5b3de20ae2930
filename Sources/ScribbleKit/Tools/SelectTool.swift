import CCairo
import CairoKit

/// Picks and moves marks (book chapter 19): a click selects the topmost mark under the pointer,
/// Shift+click adds or removes one, a click on empty canvas clears; dragging a selected mark
/// moves the whole selection, live, as one undo step on release. The selection shows as a
/// dashed outline around each mark's bounds, drawn above the drawing.
@MainActor
public final class SelectTool: CanvasTool {
    private unowned let host: CanvasToolHost
    /// The drag under way: where it started, the marks as they were, and the moved copies on show.
    private var move: (start: Point, originals: [Mark], shown: [Mark], dx: Float, dy: Float)?

    /// A select tool over `host`'s document and selection.
    public init(host: CanvasToolHost) {
        self.host = host
    }

    public var cursorName: String { "default" }

    public func press(at point: Point, modifiers: ToolModifiers) {
        let scribble = host.document.scribble
        let selection = host.selection
        selection.prune(on: scribble)
        let hit = scribble.topmostMark(at: point)?.mark
        if modifiers.contains(.shift) {
            if let hit { selection.toggle(hit) }
            return
        }
        guard let hit else { return selection.clear() }
        if !selection.contains(hit) { selection.set([hit]) }
        move = (point, selection.marks, selection.marks, 0, 0)
    }

    public func drag(to point: Point) {
        guard var move else { return }
        let dx = point.x - move.start.x, dy = point.y - move.start.y
        guard dx != move.dx || dy != move.dy else { return }
        let scribble = host.document.scribble
        let moved = move.originals.map { $0.translated(dx: dx, dy: dy) }
        for (shown, fresh) in zip(move.shown, moved) { scribble.replace(shown, with: fresh) }
        move.shown = moved
        move.dx = dx
        move.dy = dy
        self.move = move
        host.selection.set(moved)
    }

    public func release(at point: Point) {
        drag(to: point)
        finishGesture()
    }

    public func finishGesture() {
        defer { move = nil }
        guard let move, move.dx != 0 || move.dy != 0 else { return }
        host.document.commit(
            ReplaceMarksCommand(
                scribble: host.document.scribble, originals: move.originals,
                edited: move.shown, edit: .move(dx: move.dx, dy: move.dy)))
    }

    /// A dashed rectangle around each selected mark, dark over light so it shows on any colour.
    public func drawOverlay(on context: CairoContext) {
        let cr = context.pointer
        let margin = Selection.outlineMargin
        let pixel = Viewport.viewPixel(on: cr) // lines and dashes in view pixels at any zoom
        for mark in host.selection.marks {
            let box = mark.bounds.outset(by: margin).integral
            guard !box.isNull else { continue }
            cairo_rectangle(
                cr, Double(box.minX) + pixel / 2, Double(box.minY) + pixel / 2,
                Double(box.width) - pixel, Double(box.height) - pixel)
        }
        cairo_set_line_width(cr, pixel)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_stroke_preserve(cr)
        var dashes: [Double] = [4 * pixel, 3 * pixel]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_set_source_rgb(cr, 0.1, 0.35, 0.85)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }
}
