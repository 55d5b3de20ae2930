import CairoKit
import Testing
@testable import ScribbleKit

/// The canvas engine without a display: one call down, one value up. A motion's update comes
/// back as the value its call returns, with nothing pushed beside it; what happens outside a
/// call (a tool's timer) comes through `onUpdate`; the engine is the tools' host and the
/// scribble's canvas-side observer.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CanvasEngineTests {
    /// Timers a test fires by hand.
    @MainActor
    final class ManualTimers {
        var waiting: [@MainActor () -> Void] = []
        var timers: CanvasTimers {
            CanvasTimers(after: { [unowned self] _, body in waiting.append(body) }, every: { _, _ in })
        }
        func fire() {
            let now = waiting
            waiting = []
            now.forEach { $0() }
        }
    }

    let timers = ManualTimers()
    let engine: CanvasEngine

    init() {
        let document = Document(manager: ScribbleManager(directory: "/nonexistent"), hop: { _ in })
        engine = CanvasEngine(document: document, hop: { _ in }, timers: timers.timers)
        _ = engine.resize(to: CanvasViewSize(width: 200, height: 150, scale: 1))
    }

    private func event(_ kind: ToolEvent.Kind, _ x: Float, device: ToolEvent.Device = .mouse, stylusButton: Int = 0) -> ToolEvent {
        ToolEvent(
            kind: kind, point: Point(x: x, y: 40), device: device, pressure: device == .pen ? 0.5 : nil,
            button: kind == .motion ? 0 : 1, isPrimaryDown: kind == .motion, stylusButton: stylusButton)
    }

    @Test func aMotionsUpdateComesBackAsTheValueItsCallReturns() {
        var pushed = 0
        engine.onUpdate = { _ in pushed += 1 }
        #expect(engine.handle(event(.press, 10)).isEmpty)
        var update = engine.handle(event(.motion, 30)) // the stroke begins: a command, its mark's area
        for x in stride(from: Float(40), through: 90, by: 10) {
            _ = engine.takeLiveArea() // the live paint asked for, as the view does it
            update = engine.handle(event(.motion, x))
            #expect(update.paintLive != nil && update.redraw.isEmpty && !update.redrawsAll, "\(update)")
        }
        _ = engine.handle(event(.release, 90))
        #expect(pushed == 0)
        #expect(engine.document.scribble.marks.count == 1)
    }

    @Test func theEngineIsTheScribblesObserverAndFollowsAReplacedOne() {
        let old = engine.document.scribble
        engine.document.open(Scribble(), from: .new)
        engine.show(engine.document.scribble)
        #expect(engine.session.scribble === engine.document.scribble)
        var pushed = 0
        engine.onUpdate = { _ in pushed += 1 }
        old.add(Dot(location: Point(x: 10, y: 10), color: .black, size: 4))
        #expect(pushed == 0) // the replaced one no longer reaches the view
        engine.document.scribble.add(Dot(location: Point(x: 10, y: 10), color: .black, size: 4))
        #expect(pushed == 1) // outside a call: through onUpdate
    }

    @Test func theInputPreferencesReachTheToolsDispatch() {
        _ = engine.handle(event(.press, 10))
        _ = engine.handle(event(.motion, 90))
        _ = engine.handle(event(.release, 90))
        #expect(engine.document.scribble.marks.count == 1)
        var preferences = engine.preferences
        preferences.secondStylusButton = .eraser
        engine.preferences = preferences
        #expect(engine.tools.preferences.secondStylusButton == .eraser)
        _ = engine.handle(event(.press, 0, device: .pen, stylusButton: 2))
        _ = engine.handle(event(.motion, 100, device: .pen, stylusButton: 2))
        _ = engine.handle(event(.release, 100, device: .pen, stylusButton: 2))
        #expect(engine.document.scribble.isEmpty)
    }

    @Test func aTimersUpdateComesThroughOnUpdate() {
        var pushed: [CanvasUpdate] = []
        engine.onUpdate = { pushed.append($0) }
        let work = engine.schedule(afterMilliseconds: 10) { [engine] in engine.overlayNeedsDisplay(in: Rect(x: 0, y: 0, width: 10, height: 10)) }
        #expect(!work.isCancelled)
        timers.fire()
        #expect(pushed.count == 1 && pushed.first?.redraw.count == 1)
        let cancelled = engine.schedule(afterMilliseconds: 10) { Issue.record("a cancelled timer ran") }
        cancelled.cancel()
        timers.fire()
    }

    @Test func aToolChangeAndASelectionSayWhatTheWindowShows() {
        let tool = SelectTool(host: engine)
        let update = engine.install(tool)
        #expect(update.cursor == tool.cursorName && update.redrawsAll)
        engine.document.scribble.add(Dot(location: Point(x: 10, y: 10), color: .black, size: 4))
        var pushed: [CanvasUpdate] = []
        engine.onUpdate = { pushed.append($0) }
        engine.selection.set(engine.document.scribble.marks)
        #expect(pushed.last?.selectionIsEmpty == false && pushed.last?.redraw.isEmpty == false)
        let view = engine.changeView { $0.zoom(to: 2, aboutViewX: 0, y: 0) }
        #expect(view.view?.zoom == 2 && view.redrawsAll)
        #expect(engine.document.scribble.view?.zoom == 2) // kept for the next save
    }
}
