import CCairo
import GtkKit
import ScribbleKit

/// The drawing surface: a `DrawingArea` that shows a scribble and repaints only what
/// changes. Finished marks live in an offscreen image (the backdrop); each change draws
/// just its own marks into it and invalidates just its rectangle, so the cost of one motion
/// event does not grow with the drawing. All drawing of marks goes through `MarkRenderer`.
final class CanvasView: ScribbleObserver {
    /// The widget.
    let drawingArea = DrawingArea()
    /// The colour under the marks.
    var background = Color.white
    private(set) var scribble: Scribble?
    private var backdrop: Backdrop?

    init() {
        drawingArea.accessibleName = "Canvas"
        drawingArea.setExpand(horizontal: true, vertical: true)
        drawingArea.onDraw { [weak self] cr in self?.draw(cr) }
        drawingArea.onResize { [weak self] width, height in self?.resize(width: width, height: height) }
        drawingArea.onRealize { [weak self] in self?.drawingArea.disableMotionCompression() }
    }

    /// Shows `scribble`, replacing any other.
    func show(_ scribble: Scribble) {
        self.scribble?.removeObserver(self)
        self.scribble = scribble
        backdrop = nil // the next draw renders the new scribble whole
        drawingArea.queueDraw()
        scribble.addObserver(self) // answers at once with a .reset, which the line above covers
    }

    /// Brings the backdrop up to date with a change and repaints only what it touched.
    func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        guard let backdrop else { return } // nothing on screen yet; the first draw renders it all
        switch change.kind {
        case .extended(let stroke):
            backdrop.drawLastSegment(of: stroke)
        case .added(let mark):
            backdrop.draw(mark, clippedTo: change.dirty)
        case .removed, .reset:
            backdrop.repaint(change.dirty, background: background, root: scribble.root)
        }
        invalidate(change.dirty)
    }

    /// Repaints the whole drawing (after the background changed).
    func repaintAll() {
        backdrop = nil
        drawingArea.queueDraw()
    }

    private func invalidate(_ rect: Rect) {
        guard !rect.isNull else { return }
        let r = rect.outset(by: 1).integral
        drawingArea.queueDraw(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }

    private func resize(width: Int, height: Int) {
        guard backdrop?.width != width || backdrop?.height != height else { return }
        backdrop = nil
    }

    private func draw(_ cr: OpaquePointer) {
        let (width, height) = drawingArea.allocatedSize
        if backdrop == nil, width > 0, height > 0 {
            let fresh = Backdrop(width: width, height: height, scale: drawingArea.scaleFactor)
            fresh.repaint(Rect(x: 0, y: 0, width: Float(width), height: Float(height)),
                          background: background, root: scribble?.root)
            backdrop = fresh
        }
        guard let backdrop else { return }
        cairo_set_source_surface(cr, backdrop.surface, 0, 0)
        cairo_paint(cr)
    }
}
