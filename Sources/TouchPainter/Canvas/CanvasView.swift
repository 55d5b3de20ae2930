import CairoKit
import GtkKit
import ScribbleKit

/// The drawing surface: a `DrawingArea` that shows a `CanvasEngine` — the canvas apart from
/// GTK, which holds the document, the session (viewport, backdrop, frames) and the tools
/// (ScribbleKit). This view feeds the engine its size, has its draw handler call
/// `CanvasEngine.draw`, and applies what the engine returns (`CanvasUpdate`) in one place,
/// `apply(_:)`: an area to redraw, the stroke in progress to paint ahead of GTK's frame
/// cycle, the cursor, and what the window shows beside the canvas.
///
/// The products of the canvas generators' Factory Method (book chapter 4, fig. 4-2): this
/// class is the plain, white canvas; `PaperCanvasView` and `ClothCanvasView` are the textured
/// ones, each laying its own background under the marks.
@MainActor
class CanvasView {
    /// The widget.
    let drawingArea = DrawingArea()
    /// The canvas itself: the document, the session, the tools.
    let engine: CanvasEngine
    /// Told of each frame drawn and each full frame shown, if anyone watches the timing.
    var instrumentation: Instrumentation?
    /// Told of what an update changes beside the canvas (the zoom button, the Keep button).
    var onWindowChange: ((CanvasUpdate) -> Void)?

    /// A plain canvas showing `engine`'s drawing.
    convenience init(engine: CanvasEngine) {
        self.init(engine: engine, background: .plain)
    }

    /// A canvas showing `background` under `engine`'s marks: for the textured kinds'
    /// initialisers. The engine starts a session of that kind for it.
    init(engine: CanvasEngine, background: CanvasKind) {
        self.engine = engine
        engine.startSession(background: background, hop: { MainLoop.perform($0) })
        drawingArea.accessibleName = tr("Canvas")
        drawingArea.setExpand(horizontal: true, vertical: true)
        drawingArea.onDraw { [weak self] cr in self?.draw(cr) }
        drawingArea.onResize { [weak self] width, height in self?.resize(width: width, height: height) }
        drawingArea.onRealize { [weak self] in self?.drawingArea.disableMotionCompression() }
        engine.onUpdate = { [weak self] update in self?.apply(update) }
    }

    /// What lies under the marks: white, paper or cloth (see `CanvasViewGenerator`).
    var background: CanvasKind { engine.session.background }

    /// Gets what lies under the marks ready before the first frame: nothing, for white.
    func prepareBackground() {}

    /// The camera over the canvas: what part of it the view shows, how big.
    var viewport: Viewport { engine.viewport }

    /// The canvas point under the view point (`x`, `y`): where input becomes canvas
    /// coordinates, once.
    func canvasPoint(x: Double, y: Double) -> Point {
        engine.canvasPoint(x: x, y: y)
    }

    /// The one place what the engine asks for reaches GTK.
    func apply(_ update: CanvasUpdate) {
        if update.redrawsAll {
            drawingArea.queueDraw()
        } else {
            for rect in update.redraw { invalidate(viewRect: rect) }
        }
        if let wait = update.paintLive { paintLive(afterMilliseconds: wait) }
        if let vertices = update.shownFrameVertices { instrumentation?.canvasDidShowFullFrame(vertices: vertices) }
        if let cursor = update.cursor { drawingArea.setCursor(named: cursor) }
        if update.changesWindow { onWindowChange?(update) }
    }

    /// Runs `body` once the canvas on screen shows the drawing as it is now (a full frame
    /// being rendered in the background is up); at once when the canvas is not on screen.
    func whenShowingCurrentFrame(_ body: @escaping @MainActor () -> Void) {
        guard drawingArea.isDrawable else { return body() }
        engine.whenCurrentFrameIsShown(body)
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
        Rect(x: 0, y: 0, width: Float(engine.viewport.width), height: Float(engine.viewport.height))
    }

    /// The stroke in progress grew: paints it after `wait` ms (0: once the input events
    /// waiting are handled), ahead of GTK's frame; where that cannot be, at each frame.
    private func paintLive(afterMilliseconds wait: UInt32) {
        if !drawingArea.canPaintNow {
            // Wayland: a surface shows what the frame clock commits, so the stroke in progress
            // is driven by it: at the start of each frame the segments since the last are
            // invalidated, and painted in that very frame (one invalidation a frame, however
            // many events came), until a frame finds none.
            guard !engine.isTickingLive else { return }
            engine.isTickingLive = true
            drawingArea.onEachFrame { [weak self] in
                guard let self else { return false }
                let area = self.engine.takeLiveArea()
                self.engine.isTickingLive = !area.isNull
                self.invalidate(viewRect: area)
                return self.engine.isTickingLive
            }
        } else if wait == 0 {
            MainLoop.performOnceEventsAreHandled { [weak self] in self?.paintLiveArea() }
        } else {
            MainLoop.after(milliseconds: wait) { [weak self] in self?.paintLiveArea() }
        }
    }

    /// Paints the stroke in progress now, not at GTK's next frame.
    private func paintLiveArea() {
        let area = engine.takeLiveArea()
        let r = CanvasBackdrop.pixelArea(covering: area.intersection(bounds.outset(by: 2)))
        guard !r.isNull else { return }
        let painted = drawingArea.paintNow(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height)) { cr in
            draw(cr)
        }
        if !painted { invalidate(viewRect: area) }
    }

    private func resize(width: Int, height: Int) {
        let monitor = drawingArea.monitorSize
        apply(
            engine.resize(
                to: CanvasViewSize(
                    width: width, height: height, scale: drawingArea.scaleFactor,
                    monitorWidth: monitor?.width, monitorHeight: monitor?.height)))
    }

    private func draw(_ cr: CairoContext) {
        engine.draw(on: cr)
        instrumentation?.canvasDidDraw()
    }
}
