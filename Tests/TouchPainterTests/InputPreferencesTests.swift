import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The Preferences' input choices on a real canvas controller, fed the pointer, stylus and
/// touch events GDK would give it: palm rejection by the events' times, what one finger
/// does, a barrel button set to Pan, smoothing read at each event, and the laser (K).
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InputPreferencesTests {
    let fixture = CoordinatorFixture()
    var canvas: CanvasViewController { fixture.coordinator.canvasViewController }
    var scribble: Scribble { fixture.coordinator.document.scribble }
    var settings: SettingsStore { fixture.coordinator.settings }

    private func send(
        _ kind: PointerEvent.Kind, _ x: Double, _ y: Double, source: PointerEvent.Source = .mouse, finger: UInt? = nil,
        time: UInt32 = 0, held: PointerButtons = []
    ) {
        let button: UInt32 = kind == .motion ? 0 : 1
        canvas.handle(
            PointerEvent(
                kind: kind, x: x, y: y, button: button, pressure: source == .pen ? 0.5 : nil,
                isPrimaryDown: kind == .motion, isDoubleClick: false, modifiers: [], time: time, source: source,
                touchSequence: finger, heldButtons: held))
    }

    private func drag(
        from: (Double, Double), to: (Double, Double), source: PointerEvent.Source = .mouse, finger: UInt? = nil,
        time: UInt32 = 0, held: PointerButtons = []
    ) {
        send(.press, from.0, from.1, source: source, finger: finger, time: time, held: held)
        for step in 1...5 {
            let t = Double(step) / 5
            send(.motion, from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t, source: source, finger: finger, time: time, held: held)
        }
        send(.release, to.0, to.1, source: source, finger: finger, time: time, held: held)
    }

    @Test func touchIsIgnoredForASecondAfterTheStylusUnlessPalmRejectionIsOff() {
        drag(from: (10, 10), to: (90, 10), source: .pen, time: 10_000)
        #expect(scribble.marks.count == 1)
        drag(from: (10, 50), to: (90, 50), source: .touchscreen, finger: 1, time: 10_500) // a palm
        #expect(scribble.marks.count == 1)
        drag(from: (10, 50), to: (90, 50), source: .touchscreen, finger: 2, time: 11_100) // a finger, later
        #expect(scribble.marks.count == 2)
        var input = settings.input
        input.palmRejection = false
        settings.input = input
        drag(from: (10, 80), to: (90, 80), source: .pen, time: 20_000)
        drag(from: (10, 90), to: (90, 90), source: .touchscreen, finger: 3, time: 20_100)
        #expect(scribble.marks.count == 4)
    }

    @Test func whenFingersPanAndZoomOneFingerMovesTheViewAndDrawsNothing() {
        var input = settings.input
        input.touch = .navigate
        settings.input = input
        let before = (canvas.canvasView.viewport.originX, canvas.canvasView.viewport.originY)
        drag(from: (100, 100), to: (160, 140), source: .touchscreen, finger: 7)
        #expect(scribble.isEmpty)
        let after = (canvas.canvasView.viewport.originX, canvas.canvasView.viewport.originY)
        #expect(after.0 < before.0 && after.1 < before.1) // the drawing follows the finger
        input.touch = .draw
        settings.input = input
        drag(from: (100, 100), to: (160, 140), source: .touchscreen, finger: 8)
        #expect(scribble.marks.count == 1)
    }

    @Test func aBarrelButtonSetToPanMovesTheViewAndTheDefaultOneErases() {
        drag(from: (10, 40), to: (200, 40))
        #expect(scribble.marks.count == 1)
        // The first button erases by default: a tip drag across the stroke with it held.
        drag(from: (100, 0), to: (100, 80), source: .pen, held: .middle)
        #expect(scribble.marks.count == 2) // cut in two, nothing drawn
        var input = settings.input
        input.firstStylusButton = .pan
        settings.input = input
        let before = canvas.canvasView.viewport.originX
        drag(from: (100, 100), to: (150, 100), source: .pen, held: .middle)
        #expect(canvas.canvasView.viewport.originX < before)
        #expect(scribble.marks.count == 2)
    }

    @Test func theSmoothingChosenAppliesToTheNextStrokeAndItEndsAtTheRelease() throws {
        var input = settings.input
        input.smoothing = .strong
        settings.input = input
        drag(from: (10, 10), to: (200, 10))
        let stroke = try #require(scribble.marks.first as? Stroke)
        let last = try #require(stroke.child(at: stroke.elements.count - 1)?.location)
        #expect(last == canvas.canvasView.canvasPoint(x: 200, y: 10))
    }

    @Test func theLaserDrawsNothingIntoTheDocument() {
        #expect(canvas.handleShortcutKey(KeyEvent(key: Key(gdkName: "k"), modifiers: [])))
        #expect(canvas.tool is LaserTool)
        drag(from: (10, 10), to: (200, 100))
        #expect(scribble.isEmpty)
        #expect(!fixture.coordinator.document.hasUnsavedWork)
        #expect(canvas.handleShortcutKey(KeyEvent(key: Key(gdkName: "p"), modifiers: [])))
        #expect(canvas.tool is PenTool)
    }
}
