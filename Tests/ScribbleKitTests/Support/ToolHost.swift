@testable import ScribbleKit

/// The canvas as the tools see it (`CanvasToolHost`), without a display: a document of its own
/// (never saved), the pen's style, the selection, and a `ToolDispatcher` to drive. It keeps
/// what the tools ask of the canvas for the test to look at or run: the overlay area they
/// invalidate, the work they schedule for later (`runScheduled`), their animation ticks.
@MainActor
final class ToolHost: CanvasToolHost {
    let document = Document(manager: ScribbleManager(directory: "/nonexistent"), hop: { _ in })
    let strokeStyle = StrokeStyle()
    let selection = Selection()
    var eraserOptions = EraserOptions()
    var smoothing = Smoothing.off
    var canvasSession: CanvasSession?
    lazy var input = ToolDispatcher(host: self)
    var pressure: Float? { input.pressure }
    /// The overlay area the tools asked to show again, all of it since the test began.
    var invalidated = Rect.null
    /// The animations the tools started, each a tick run once a frame until it says stop.
    var ticks: [@MainActor () -> Bool] = []
    /// Work the tools asked to run later, run when the test says (`runScheduled`).
    var scheduled: [(work: ScheduledWork, body: @MainActor () -> Void)] = []

    func overlayNeedsDisplay(in rect: Rect) { invalidated = invalidated.union(rect) }

    func animate(_ tick: @escaping @MainActor () -> Bool) { ticks.append(tick) }

    func schedule(afterMilliseconds milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> ScheduledWork {
        let work = ScheduledWork()
        scheduled.append((work, body))
        return work
    }

    /// Runs the scheduled work not cancelled, as if its time had come.
    func runScheduled() {
        let due = scheduled
        scheduled = []
        for entry in due where !entry.work.isCancelled { entry.body() }
    }
}
