import CairoKit
import GtkKit
import ScribbleKit

/// The drawing surface: a `DrawingArea` that shows a `CanvasSession` — the canvas apart from
/// GTK, which holds the scribble on show, its offscreen image and the policy that keeps it
/// up to date (ScribbleKit). This view only feeds the session its size and applies what the
/// session asks for (`CanvasUpdate`): an area to redraw, the stroke in progress to paint
/// ahead of GTK's frame cycle, a new full frame.
///
/// The products of the canvas generators' Factory Method (book chapter 4, fig. 4-2): this
/// class is the plain, white canvas; `PaperCanvasView` and `ClothCanvasView` are the textured
/// ones, each laying its own background under the marks.
@MainActor
class CanvasView {
    /// The widget.
    let drawingArea = DrawingArea()
    /// The canvas itself.
    let session: CanvasSession
    /// Draws above the drawing on every frame (the current tool's outline or preview);
    /// never part of the backdrop.
    var drawOverlay: ((CairoContext) -> Void)?
    /// Told of each frame drawn and each full frame shown, if anyone watches the timing.
    var instrumentation: Instrumentation?
    /// Told when the camera moved or the view's size changed (the zoom button, the view the
    /// scribble keeps).
    var onViewChange: ((Viewport) -> Void)?
    /// Whether a frame tick takes the stroke in progress to the next frame (where `paintNow`
    /// cannot run).
    private var isTickingLive = false

    /// An empty plain canvas; `show(_:)` gives it a scribble.
    convenience init() {
        self.init(background: .plain)
    }

    /// An empty canvas showing `background` under the marks: for the textured kinds'
    /// initialisers.
    init(background: CanvasKind) {
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

    /// Gets what lies under the marks ready before the first frame: nothing, for white.
    func prepareBackground() {}

    /// Shows `scribble`, replacing any other. The view observes it itself unless `observing`
    /// is false: then its controller observes it and tells the view each change
    /// (`scribbleDidChange`, book chapter 12), as the canvas' does.
    func show(_ scribble: Scribble, observing: Bool = true) {
        session.show(scribble, observing: observing)
    }

    /// `change` happened to `scribble`, the drawing on show: the view repaints what it touched.
    func scribbleDidChange(_ change: ScribbleChange, of scribble: Scribble) {
        session.scribble(scribble, didChange: change)
    }

    /// Runs `body` once the drawing as it is now is on screen (see `CanvasSession`).
    func whenCurrentFrameIsShown(_ body: @escaping @MainActor () -> Void) {
        session.whenCurrentFrameIsShown(body)
    }

    /// The camera over the canvas: what part of it the view shows, how big.
    var viewport: Viewport { session.viewport }

    /// Moves the camera with `body` (see `CanvasSession.changeView`).
    func changeView(_ body: (inout Viewport) -> Void) {
        session.changeView(body)
        onViewChange?(session.viewport)
    }

    /// Shows the scribble as `view` saw it, or as a new one (`nil`), once the view has a size.
    func show(view: ScribbleView?) {
        session.show(view: view)
        if session.viewport.width > 0 { onViewChange?(session.viewport) } // else when it has a size
    }

    /// The canvas point under the view point (`x`, `y`): where input becomes canvas
    /// coordinates, once.
    func canvasPoint(x: Double, y: Double) -> Point {
        session.viewport.canvasPoint(viewX: x, viewY: y)
    }

    /// Asks for `rect` (canvas coordinates) to be drawn again: the tools' overlay. Zoomed
    /// out, the overlays' lines (a few view pixels thick) reach further than the canvas
    /// margins their tools allow for: two view pixels more are redrawn.
    func invalidate(_ rect: Rect) {
        let area = session.viewport.viewRect(rect)
        invalidate(viewRect: session.viewport.zoom < 1 ? area.outset(by: 2) : area)
    }

    /// Runs `body` once the canvas on screen shows the drawing as it is now (a full frame
    /// being rendered in the background is up); at once when the canvas is not on screen.
    func whenShowingCurrentFrame(_ body: @escaping @MainActor () -> Void) {
        guard drawingArea.isDrawable else { return body() }
        session.whenCurrentFrameIsShown(body)
    }

    /// Asks for `rect` (view coordinates) to be drawn again.
    private func invalidate(viewRect rect: Rect) {
        guard !rect.isNull else { return }
        let r = CanvasBackdrop.pixelArea(covering: rect.intersection(bounds.outset(by: 2)))
        guard !r.isNull else { return }
        drawingArea.queueDraw(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }

    /// The view's own area, view coordinates.
    private var bounds: Rect {
        Rect(x: 0, y: 0, width: Float(session.viewport.width), height: Float(session.viewport.height))
    }

    private func apply(_ update: CanvasUpdate) {
        switch update {
        case .redraw(let rect):
            invalidate(viewRect: rect)
        case .redrawAll:
            drawingArea.queueDraw()
        case .paintLive where !drawingArea.canPaintNow:
            // Wayland: a surface shows what the frame clock commits, so the stroke in progress
            // is driven by it: at the start of each frame the segments since the last are
            // invalidated, and painted in that very frame (one invalidation a frame, however
            // many events came), until a frame finds none.
            guard !isTickingLive else { break }
            isTickingLive = true
            drawingArea.onEachFrame { [weak self] in
                guard let self else { return false }
                let area = self.session.takeLiveArea()
                self.isTickingLive = !area.isNull
                self.invalidate(viewRect: area)
                return self.isTickingLive
            }
        case .paintLive(let wait) where wait == 0:
            MainLoop.performOnceEventsAreHandled { [weak self] in self?.paintLiveArea() }
        case .paintLive(let wait):
            MainLoop.after(milliseconds: wait) { [weak self] in self?.paintLiveArea() }
        case .frameShown(let rect, let vertices):
            invalidate(viewRect: rect)
            instrumentation?.canvasDidShowFullFrame(vertices: vertices)
        }
    }

    /// Paints the stroke in progress now, not at GTK's next frame.
    private func paintLiveArea() {
        let area = session.takeLiveArea()
        let r = CanvasBackdrop.pixelArea(covering: area.intersection(bounds.outset(by: 2)))
        guard !r.isNull else { return }
        let painted = drawingArea.paintNow(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height)) { cr in
            draw(cr)
        }
        if !painted { invalidate(viewRect: area) }
    }

    private func resize(width: Int, height: Int) {
        let monitor = drawingArea.monitorSize
        let before = session.viewport
        session.resize(
            to: CanvasViewSize(
                width: width, height: height, scale: drawingArea.scaleFactor,
                monitorWidth: monitor?.width, monitorHeight: monitor?.height))
        if session.viewport != before { onViewChange?(session.viewport) }
    }

    private func draw(_ cr: CairoContext) {
        session.draw(on: cr)
        if let drawOverlay {
            cr.withSavedState {
                session.viewport.transform(cr) // the tools draw in canvas coordinates
                drawOverlay(cr)
            }
        }
        instrumentation?.canvasDidDraw()
    }
}
