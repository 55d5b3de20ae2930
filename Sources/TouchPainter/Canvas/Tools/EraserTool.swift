import CCairo
import GtkKit
import ScribbleKit

/// Removes every top-level mark its path touches, at once, as the pointer drags; the whole
/// gesture is one undo step (`RemoveMarksCommand`, committed on release). A circle follows
/// the pointer to show the eraser's reach.
@MainActor
final class EraserTool: CanvasTool {
    /// The eraser's radius in pixels: a mark is removed when the eraser's disc touches it.
    static let radius: Float = 8

    private unowned let host: CanvasToolHost
    /// The gesture's command, while the button is down.
    private var command: RemoveMarksCommand?
    /// Where the eraser was at the last event.
    private var lastPoint: Point?
    /// Where the reach circle is drawn; `nil` when the pointer is off the canvas.
    private var outlineCenter: Point?

    /// An eraser working on `host`'s document.
    init(host: CanvasToolHost) {
        self.host = host
    }

    var cursorName: String { "none" }

    func press(at point: Point, modifiers: KeyModifiers) {
        command = RemoveMarksCommand(scribble: host.document.scribble)
        lastPoint = point
        erase(from: point, to: point)
    }

    func drag(to point: Point) {
        guard command != nil else { return hover(at: point) }
        erase(from: lastPoint ?? point, to: point)
        lastPoint = point
    }

    func release(at point: Point) {
        drag(to: point)
        finishGesture()
    }

    func hover(at point: Point?) {
        moveOutline(to: point)
    }

    func finishGesture() {
        defer { command = nil; lastPoint = nil }
        guard let command, !command.removed.isEmpty else { return }
        host.document.commit(command)
    }

    /// Removes what the eraser touches moving from `a` to `b`.
    private func erase(from a: Point, to b: Point) {
        moveOutline(to: b)
        guard let command else { return }
        let scribble = host.document.scribble
        for mark in scribble.marks(touchedAlongSegmentFrom: a, to: b, radius: Self.radius) {
            command.remove(mark)
        }
    }

    private func moveOutline(to point: Point?) {
        for center in [outlineCenter, point].compactMap({ $0 }) {
            host.overlayNeedsDisplay(in: Self.outlineArea(around: center))
        }
        outlineCenter = point
    }

    private static func outlineArea(around center: Point) -> Rect {
        Rect.null.union(center).outset(by: radius + 2)
    }

    /// The reach: a thin dark circle with a light halo, visible on any colour.
    func drawOverlay(on cr: OpaquePointer) {
        guard let center = outlineCenter else { return }
        cairo_new_path(cr)
        cairo_arc(cr, Double(center.x), Double(center.y), Double(Self.radius), 0, 2 * .pi)
        cairo_set_line_width(cr, 3)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
        cairo_stroke_preserve(cr)
        cairo_set_line_width(cr, 1)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.8)
        cairo_stroke(cr)
    }
}
