import CairoKit
import GtkKit
import ScribbleKit

/// The drawing surface: a `DrawingArea` that shows a `CanvasSession` — the canvas apart from
/// GTK, which holds the scribble on show, its offscreen image and the policy that keeps it
/// up to date (ScribbleKit). This view only feeds the session its size and applies what the
/// session asks for (`CanvasUpdate`): an area to redraw, the stroke in progress to paint
/// ahead of GTK's frame cycle, a new full frame.
@MainActor
final class CanvasView {
    /// The widget.
    let drawingArea = DrawingArea()
    /// The canvas itself.
    let session: CanvasSession
    /// Draws above the drawing on every frame (the current tool's outline or preview);
    /// never part of the backdrop.
    var drawOverlay: ((CairoContext) -> Void)?
    /// Told of each frame drawn and each full frame shown, if anyone watches the timing.
    var instrumentation: Instrumentation?

    /// An empty canvas showing `background` under the marks; `show(_:)` gives it a scribble.
    init(background: CanvasKind = .plain) {
        session = CanvasSession(background: background, hop: { MainLoop.perform($0) })
        drawingArea.accessibleName = tr("Canvas")
        drawingArea.setExpand(horizontal: true, vertical: true)
        drawingArea.onDraw { [weak self] cr in self?.draw(cr) }
        drawingArea.onResize { [weak self] width, height in self?.resize(width: width, height: height) }
        drawingArea.onRealize { [weak self] in self?.drawingArea.disableMotionCompression() }
        session.onUpdate = { [weak self] update in self?.apply(update) }
    }

    /// What lies under the marks: white, paper or cloth (see `CanvasViewGenerator`).
    var background: CanvasKind { session.background }

    /// Shows `scribble`, replacing any other.
    func show(_ scribble: Scribble) {
        session.show(scribble)
    }

    /// Runs `body` once the drawing as it is now is on screen (see `CanvasSession`).
    func whenCurrentFrameIsShown(_ body: @escaping @MainActor () -> Void) {
        session.whenCurrentFrameIsShown(body)
    }

    /// Asks for `rect` (canvas coordinates) to be drawn again: the tools' overlay.
    func invalidate(_ rect: Rect) {
        guard !rect.isNull else { return }
        let r = CanvasBackdrop.pixelArea(covering: rect)
        drawingArea.queueDraw(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }

    private func apply(_ update: CanvasUpdate) {
        switch update {
        case .redraw(let rect):
            invalidate(rect)
        case .redrawAll:
            drawingArea.queueDraw()
        case .paintLive(let wait) where wait == 0:
            MainLoop.performOnceEventsAreHandled { [weak self] in self?.paintLiveArea() }
        case .paintLive(let wait):
            MainLoop.after(milliseconds: wait) { [weak self] in self?.paintLiveArea() }
        case .frameShown(let rect, let vertices):
            invalidate(rect)
            instrumentation?.canvasDidShowFullFrame(vertices: vertices)
        }
    }

    /// Paints the stroke in progress now, not at GTK's next frame.
    private func paintLiveArea() {
        let area = session.takeLiveArea()
        guard !area.isNull else { return }
        let r = CanvasBackdrop.pixelArea(covering: area)
        let painted = drawingArea.paintNow(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height)) { cr in
            draw(cr)
        }
        if !painted { invalidate(area) }
    }

    private func resize(width: Int, height: Int) {
        let monitor = drawingArea.monitorSize
        session.resize(to: CanvasViewport(width: width, height: height, scale: drawingArea.scaleFactor,
                                          monitorWidth: monitor?.width, monitorHeight: monitor?.height))
    }

    private func draw(_ cr: CairoContext) {
        session.draw(on: cr)
        drawOverlay?(cr)
        instrumentation?.canvasDidDraw()
    }
}
