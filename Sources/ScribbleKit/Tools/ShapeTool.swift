import CairoKit
import Glibc

/// Draws a clean shape by dragging (book chapter 19, a Strategy like the pen): a line, a
/// rectangle, an ellipse or an arrow from the press to the pointer, shown live with the pen's
/// colour, width and opacity above the drawing, and put on it as one ordinary stroke — one
/// undo step — on release. Shift constrains (lines and arrows to 15° steps, rectangles to
/// squares, ellipses to circles); Ctrl draws from the centre, the press point.
@MainActor
public final class ShapeTool: CanvasTool {
    /// The shapes the tool draws.
    public enum Kind: Sendable, CaseIterable {
        case line, rectangle, ellipse, arrow
    }

    /// The shape this tool draws.
    public let kind: Kind
    private unowned let host: CanvasToolHost
    /// Where the drag started, while the button is down.
    private var start: Point?
    /// The shape as it is now, once the pointer moved past a click.
    private var preview: Stroke?

    /// A tool drawing `kind` on `host`'s document with its pen.
    public init(host: CanvasToolHost, kind: Kind) {
        self.host = host
        self.kind = kind
    }

    public func press(at point: Point, modifiers: ToolModifiers) {
        start = point
        preview = nil
    }

    public func drag(to point: Point) { drag(to: point, modifiers: []) }

    public func drag(to point: Point, modifiers: ToolModifiers) {
        guard let start else { return }
        guard preview != nil || point.distance(to: start) > PenTool.clickSlop else { return }
        let style = host.strokeStyle
        show(
            MarkBuilder().addStroke(
                color: style.color, size: style.size,
                through: Self.points(kind, from: start, to: point, modifiers: modifiers, width: style.size)))
    }

    public func release(at point: Point) {
        finishGesture()
    }

    /// Puts the shape on the drawing, if one was dragged out.
    public func finishGesture() {
        defer { start = nil }
        guard let stroke = preview else { return }
        show(nil)
        let document = host.document
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
        document.markFinished(stroke)
    }

    /// The shape in progress, as the drawing will have it.
    public func drawOverlay(on context: CairoContext) {
        guard let preview else { return }
        MarkRenderer(context: context).render(preview)
    }

    /// Swaps the preview for `stroke`, asking for both areas to be drawn again.
    private func show(_ stroke: Stroke?) {
        for shape in [preview, stroke].compactMap({ $0 }) {
            host.overlayNeedsDisplay(in: shape.bounds.outset(by: Stroke.smoothingReach + 2))
        }
        preview = stroke
    }

    /// The vertices of `kind` dragged from `start` to `end` with `modifiers` held, for a pen
    /// `width` wide.
    public static func points(_ kind: Kind, from start: Point, to end: Point, modifiers: ToolModifiers, width: Float) -> [Point] {
        var dx = Double(end.x - start.x), dy = Double(end.y - start.y)
        switch kind {
        case .line, .arrow:
            if modifiers.contains(.shift) {
                let step = Double.pi / 12 // 15°
                let angle = (atan2(dy, dx) / step).rounded() * step, length = (dx * dx + dy * dy).squareRoot()
                (dx, dy) = (length * cos(angle), length * sin(angle))
            }
            let to = Point(Double(start.x) + dx, Double(start.y) + dy)
            let from = modifiers.contains(.control) ? Point(Double(start.x) - dx, Double(start.y) - dy) : start
            return kind == .line ? ShapePath.line(from: from, to: to) : ShapePath.arrow(from: from, to: to, width: width)
        case .rectangle, .ellipse:
            if modifiers.contains(.shift) {
                let side = max(abs(dx), abs(dy))
                (dx, dy) = (dx < 0 ? -side : side, dy < 0 ? -side : side)
            }
            let centred = modifiers.contains(.control)
            let center = centred ? start : Point(Double(start.x) + dx / 2, Double(start.y) + dy / 2)
            let (rx, ry) = centred ? (abs(dx), abs(dy)) : (abs(dx) / 2, abs(dy) / 2)
            if kind == .ellipse { return ShapePath.ellipse(center: center, radiusX: Float(rx), radiusY: Float(ry)) }
            return ShapePath.rectangle(
                Point(Double(center.x) - rx, Double(center.y) - ry), Point(Double(center.x) + rx, Double(center.y) + ry))
        }
    }
}
