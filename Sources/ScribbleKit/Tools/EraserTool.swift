import CCairo
import CairoKit

/// Erases along the pointer's path as it drags (book chapter 19; issue 26): in "Part of marks" mode
/// only what the eraser's disc covers goes, strokes cut at its edge (`CutMarksCommand`); in
/// "Whole marks" mode every top-level mark it touches goes (`RemoveMarksCommand`). The
/// whole gesture is one undo step, committed on release. A circle of the eraser's size
/// follows the pointer to show its reach. Size and mode are the host's `eraserOptions`,
/// read at each event, so a change in the options popover applies at once.
@MainActor
public final class EraserTool: CanvasTool {
    private unowned let host: CanvasToolHost
    /// The gesture's command, while the button is down.
    private var gesture: EraserGesture?
    /// Where the eraser was at the last event.
    private var lastPoint: Point?
    /// Where the reach circle is drawn, and its radius; `nil` when the pointer is off the canvas.
    private var outline: (center: Point, radius: Float)?

    /// An eraser working on `host`'s document.
    public init(host: CanvasToolHost) {
        self.host = host
    }

    public var cursorName: String { "none" }

    public func press(at point: Point, modifiers: ToolModifiers) {
        let scribble = host.document.scribble
        gesture =
            switch host.eraserOptions.mode {
            case .partOfMarks: CutMarksCommand(scribble: scribble)
            case .wholeMarks: RemoveMarksCommand(scribble: scribble)
            }
        lastPoint = point
        erase(from: point, to: point)
    }

    public func drag(to point: Point) {
        guard gesture != nil else { return hover(at: point) }
        erase(from: lastPoint ?? point, to: point)
        lastPoint = point
    }

    public func release(at point: Point) {
        drag(to: point)
        finishGesture()
    }

    public func hover(at point: Point?) {
        moveOutline(to: point)
    }

    public func finishGesture() {
        defer { gesture = nil; lastPoint = nil }
        guard let gesture, !gesture.isEmpty else { return }
        host.document.commit(gesture)
    }

    /// Takes what the eraser covers moving from `a` to `b`.
    private func erase(from a: Point, to b: Point) {
        moveOutline(to: b)
        gesture?.erase(EraserStep(from: a, to: b, radius: host.eraserOptions.radius))
    }

    private func moveOutline(to point: Point?) {
        let radius = host.eraserOptions.radius
        let next = point.map { (center: $0, radius: radius) }
        for circle in [outline, next].compactMap({ $0 }) {
            host.overlayNeedsDisplay(in: Rect.null.union(circle.center).outset(by: circle.radius + 2))
        }
        outline = next
    }

    /// The reach: a thin dark circle with a light halo, visible on any colour.
    public func drawOverlay(on context: CairoContext) {
        let cr = context.pointer
        guard let (center, radius) = outline else { return }
        cairo_new_path(cr)
        cairo_arc(cr, Double(center.x), Double(center.y), Double(radius), 0, 2 * .pi)
        let pixel = Viewport.viewPixel(on: cr) // the reach scales with the canvas; its line does not
        cairo_set_line_width(cr, 3 * pixel)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
        cairo_stroke_preserve(cr)
        cairo_set_line_width(cr, pixel)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.8)
        cairo_stroke(cr)
    }
}
