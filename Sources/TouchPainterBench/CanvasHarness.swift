import CCairo
import CairoKit
import Dispatch
import Foundation
import Synchronization
import ScribbleKit

/// The app's canvas engine, `CanvasEngine`, driven as `CanvasView` drives it, with a
/// window-sized surface standing in for the window: input goes down through `handle(_:)` and
/// camera moves through `changeView(_:)`, and the `CanvasUpdate` each returns is applied by
/// `apply(_:)` as the view applies it — the same calls and the same values as the app's, so
/// the figures are the app's. `present()` draws what was asked to be redrawn since the last
/// call, as `CanvasView`'s draw handler and live paint do with the area GTK asks it to
/// repaint. Background frames come back through a queue that `present()` and
/// `waitForCurrentFrame()` drain, where the app's main loop would run them, and their
/// updates reach `apply(_:)` through `CanvasEngine.onUpdate`, as in the app.
@MainActor
final class CanvasHarness {
    /// The canvas' size, in pixels.
    nonisolated static let size = (width: 1024, height: 768)

    /// The engine, as the app runs it: its document holds the scribble.
    let engine: CanvasEngine
    /// Stands in for the window: a surface of the canvas' size.
    private let window: OpaquePointer
    private let windowContext: OpaquePointer
    /// What the engine asked to have redrawn since the last `present()`.
    private var dirty = Rect.null
    /// Whether the stroke in progress asked to be painted.
    private var isLivePaintAsked = false
    /// Work the engine handed back to the "main loop" (background frames done).
    private let mainLoop = MainLoopStandIn()

    /// Shows `scribble` on `background`, in a document of its own, and waits for its first full
    /// frame.
    init(_ scribble: Scribble, background: CanvasKind = .plain) {
        let document = Document(manager: ScribbleManager(directory: "/nonexistent"), hop: mainLoop.hop)
        document.open(scribble, from: .new)
        engine = CanvasEngine(document: document, hop: mainLoop.hop)
        window = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(Self.size.width), Int32(Self.size.height))
        windowContext = cairo_create(window)
        engine.startSession(background: background, hop: mainLoop.hop)
        engine.onUpdate = { [unowned self] update in apply(update) }
        apply(engine.resize(to: CanvasViewSize(width: Self.size.width, height: Self.size.height, scale: 1)))
        waitForCurrentFrame()
        present()
    }

    isolated deinit {
        cairo_destroy(windowContext)
        cairo_surface_destroy(window)
    }

    /// The scribble on show.
    var scribble: Scribble { engine.document.scribble }
    /// The engine's canvas session.
    var session: CanvasSession { engine.session }

    /// Hands `event` to the engine, as the input chain's last link does, and applies what it
    /// returns.
    func handle(_ event: ToolEvent) {
        apply(engine.handle(event))
    }

    /// Moves the camera, as the canvas controller does, and applies what the engine returns.
    func changeView(_ body: (inout Viewport) -> Void) {
        apply(engine.changeView(body))
    }

    /// What `CanvasView.apply` does with an update, with the window for a widget.
    func apply(_ update: CanvasUpdate) {
        if update.redrawsAll {
            dirty = Rect(x: 0, y: 0, width: Float(Self.size.width), height: Float(Self.size.height))
        } else {
            for rect in update.redraw { dirty = dirty.union(rect) }
        }
        if update.paintLive != nil { isLivePaintAsked = true }
    }

    /// Runs what background work handed back, as the main loop would.
    private func runMainLoop() {
        mainLoop.run()
    }

    /// Waits until the drawing as it is now is on show (a background frame, for a big one).
    func waitForCurrentFrame() {
        var shown = false
        engine.whenCurrentFrameIsShown { shown = true }
        while !shown {
            runMainLoop()
            if !shown { usleep(200) }
        }
    }

    /// What the draw handler does for the area asked for since the last call: draws the
    /// canvas there onto the window (the stroke in progress' area as the app's live paint does).
    func present() {
        runMainLoop()
        if isLivePaintAsked {
            isLivePaintAsked = false
            dirty = dirty.union(engine.takeLiveArea())
        }
        guard !dirty.isNull else { return }
        let area = CanvasBackdrop.pixelArea(covering: dirty)
        dirty = .null
        cairo_save(windowContext)
        cairo_rectangle(windowContext, Double(area.minX), Double(area.minY), Double(area.width), Double(area.height))
        cairo_clip(windowContext)
        engine.draw(on: CairoContext(windowContext))
        cairo_restore(windowContext)
        cairo_surface_flush(window)
    }
}

/// Where background work hands its results to the main thread, in place of GTK's main loop.
final class MainLoopStandIn: Sendable {
    private let queued = Mutex<[@MainActor @Sendable () -> Void]>([])

    /// Queues `work` for the next `run()`.
    var hop: MainThreadHop { { work in self.queued.withLock { $0.append(work) } } }

    /// Runs what was queued.
    @MainActor
    func run() {
        let work = queued.withLock { queued in
            defer { queued = [] }; return queued
        }
        work.forEach { $0() }
    }
}
