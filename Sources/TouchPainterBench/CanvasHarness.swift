import CCairo
import CairoKit
import Dispatch
import Foundation
import Synchronization
import ScribbleKit

/// The app's canvas engine, `CanvasSession`, with a window-sized surface standing in for the
/// window: `present()` draws on it what the session asked to have redrawn since the last
/// call, as `CanvasView`'s draw handler does with the area GTK asks it to repaint. Background
/// frames come back through a queue that `present()` and `waitForCurrentFrame()` drain,
/// where the app's main loop would run them.
@MainActor
final class CanvasHarness {
    /// The canvas' size, in pixels.
    nonisolated static let size = (width: 1024, height: 768)

    /// The scribble on show.
    let scribble: Scribble
    /// The engine, as the app runs it.
    let session: CanvasSession
    /// Stands in for the window: a surface of the canvas' size.
    private let window: OpaquePointer
    private let windowContext: OpaquePointer
    /// What the session asked to have redrawn since the last `present()`.
    private var dirty = Rect.null
    /// Whether the stroke in progress asked to be painted.
    private var isLivePaintAsked = false
    /// Work the session handed back to the "main loop" (background frames done).
    private let mainLoop = MainLoopStandIn()

    /// Shows `scribble` on `background`, and waits for its first full frame.
    init(_ scribble: Scribble, background: CanvasKind = .plain) {
        self.scribble = scribble
        session = CanvasSession(background: background, hop: mainLoop.hop)
        window = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(Self.size.width), Int32(Self.size.height))
        windowContext = cairo_create(window)
        session.onUpdate = { [unowned self] update in
            switch update {
            case .redraw(let rect), .frameShown(let rect, _): dirty = dirty.union(rect)
            case .redrawAll: dirty = Rect(x: 0, y: 0, width: Float(Self.size.width), height: Float(Self.size.height))
            case .paintLive: isLivePaintAsked = true
            }
        }
        session.show(scribble)
        session.resize(to: CanvasViewSize(width: Self.size.width, height: Self.size.height, scale: 1))
        waitForCurrentFrame()
        present()
    }

    isolated deinit {
        cairo_destroy(windowContext)
        cairo_surface_destroy(window)
    }

    /// Runs what background work handed back, as the main loop would.
    private func runMainLoop() {
        mainLoop.run()
    }

    /// Waits until the drawing as it is now is on show (a background frame, for a big one).
    func waitForCurrentFrame() {
        var shown = false
        session.whenCurrentFrameIsShown { shown = true }
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
            dirty = dirty.union(session.takeLiveArea())
        }
        guard !dirty.isNull else { return }
        let area = CanvasBackdrop.pixelArea(covering: dirty)
        dirty = .null
        cairo_save(windowContext)
        cairo_rectangle(windowContext, Double(area.minX), Double(area.minY), Double(area.width), Double(area.height))
        cairo_clip(windowContext)
        session.draw(on: CairoContext(windowContext))
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
