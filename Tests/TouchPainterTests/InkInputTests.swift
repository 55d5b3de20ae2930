import CGtk
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// Pens, erasers and fingers, on a real canvas controller: no tablet or
/// touchscreen is attached in CI, so the input layer gets the values GDK would hand it.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InkInputTests {
    let fixture = CoordinatorFixture()
    var canvas: CanvasViewController { fixture.coordinator.canvasViewController }
    var scribble: Scribble { fixture.coordinator.document.scribble }

    private func send(
        _ kind: PointerEvent.Kind, _ x: Double, _ y: Double, source: PointerEvent.Source = .mouse,
        finger: UInt? = nil, emulated: Bool = false, pressure: Double? = nil
    ) {
        canvas.handle(
            PointerEvent(
                kind: kind, x: x, y: y, button: kind == .motion ? 0 : 1, pressure: pressure,
                isPrimaryDown: kind == .motion, isDoubleClick: false, modifiers: [], time: 0,
                source: finger == nil ? source : .touchscreen, isEmulated: emulated,
                touchSequence: finger))
    }

    private func line(_ y: Double, source: PointerEvent.Source = .mouse) {
        send(.press, 10, y, source: source)
        for x in stride(from: 20.0, through: 100, by: 10) { send(.motion, x, y, source: source) }
        send(.release, 100, y, source: source)
    }

    @Test func theStylusEraserEndErasesWhateverToolIsChosen() {
        line(20)
        line(60)
        #expect(scribble.marks.count == 2)
        #expect(canvas.tool is PenTool)
        send(.press, 50, 10, source: .eraser)
        send(.motion, 50, 40, source: .eraser)
        send(.motion, 50, 70, source: .eraser)
        send(.release, 50, 70, source: .eraser)
        #expect(scribble.marks.count == 4) // the eraser's options apply: part of marks, each line cut in two
        #expect(canvas.tool is PenTool) // the pen is still the tool
        fixture.coordinator.document.undo()
        #expect(scribble.marks.count == 2) // one gesture, one undo step
        line(100) // and the pen draws again
        #expect(scribble.marks.count == 3)
    }

    @Test func aStylusStrokeKeepsItsPressureAndAMouseStrokeKeepsItsWidth() {
        send(.press, 10, 20, source: .pen, pressure: 0.2)
        for (i, x) in stride(from: 20.0, through: 100, by: 10).enumerated() {
            send(.motion, x, 20, source: .pen, pressure: 0.2 + Double(i) * 0.1)
        }
        send(.release, 100, 20, source: .pen, pressure: 1)
        let pen = scribble.marks.last as? Stroke
        #expect(pen != nil)
        #expect(pen?.pressures.first == Stroke.level(0.2))
        #expect(pen?.pressures == pen?.pressures.sorted()) // rising with the pressure
        #expect(pen?.pressures.count == pen?.count)
        // A mouse (some report a pressure axis) and a finger draw at the pen's size.
        send(.press, 10, 60, source: .mouse, pressure: 0.3)
        send(.motion, 50, 60, source: .mouse, pressure: 0.3)
        send(.release, 50, 60, source: .mouse, pressure: 0.3)
        #expect((scribble.marks.last as? Stroke)?.hasPressure == false)
    }

    @Test func twoFingersDrawTwoStrokesAtOnceEachItsOwnUndoStep() {
        send(.press, 10, 20, finger: 1)
        send(.press, 10, 80, finger: 2)
        for x in stride(from: 20.0, through: 100, by: 10) {
            send(.motion, x, 20, finger: 1)
            send(.motion, x, 80 + x / 10, finger: 2)
        }
        send(.release, 100, 20, finger: 1)
        send(.release, 100, 90, finger: 2)
        let strokes = scribble.marks.compactMap { $0 as? Stroke }
        #expect(strokes.count == 2)
        #expect(strokes.allSatisfy { $0.count == 10 }) // each got its own finger's points only
        #expect(strokes.contains { $0.location == Point(x: 10, y: 20) } && strokes.contains { $0.location == Point(x: 10, y: 80) })
        fixture.coordinator.document.undo()
        #expect(scribble.marks.count == 1)
        fixture.coordinator.document.undo()
        #expect(scribble.isEmpty)
    }

    @Test func pointerEventsMadeUpFromATouchAreIgnored() {
        send(.press, 10, 20, finger: 7)
        send(.press, 10, 20, emulated: true)
        for x in stride(from: 20.0, through: 100, by: 10) {
            send(.motion, x, 20, finger: 7)
            send(.motion, x, 20, emulated: true)
        }
        send(.release, 100, 20, finger: 7)
        send(.release, 100, 20, emulated: true)
        #expect(scribble.marks.count == 1) // drawn once, not twice
        #expect((scribble.marks.first as? Stroke)?.count == 10)
    }

    @Test func gdkTouchEventsBecomePointerEventsOfTheirSequence() throws {
        #expect(Gtk.initialise(), "GTK needs a display; run through `make test`")
        let event = try #require(gdk_event_new(GDK_TOUCH_UPDATE))
        defer { gdk_event_free(event) }
        event.pointee.touch.x = 12.5
        event.pointee.touch.y = 30
        event.pointee.touch.sequence = OpaquePointer(bitPattern: 0x2A)
        let pointer = try #require(PointerEvent(event))
        #expect(pointer.kind == .motion && pointer.isPrimaryDown)
        #expect(pointer.x == 12.5 && pointer.y == 30)
        #expect(pointer.source == .touchscreen && pointer.touchSequence == 0x2A && !pointer.isEmulated)
        event.pointee.type = GDK_TOUCH_END
        #expect(try #require(PointerEvent(event)).kind == .release)
    }
}
