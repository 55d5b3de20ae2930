import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The canvas hands input to the current tool (book chapter 19): tools by key, selection and
/// stamping (the palette on a selection: `PaletteAdapterTests`) — on a real canvas controller, headless input.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct CanvasToolTests {
    let fixture = CoordinatorFixture()
    var canvas: CanvasViewController { fixture.coordinator.canvasViewController }
    var scribble: Scribble { fixture.coordinator.document.scribble }

    private func send(_ kind: PointerEvent.Kind, _ x: Double, _ y: Double, shift: Bool = false) {
        canvas.handle(
            PointerEvent(
                kind: kind, x: x, y: y, button: kind == .motion ? 0 : 1, pressure: nil,
                isPrimaryDown: kind == .motion, isDoubleClick: false,
                modifiers: shift ? [.shift] : [], time: 0))
    }

    private func line(_ y: Double) {
        send(.press, 10, y)
        for x in stride(from: 20.0, through: 100, by: 10) { send(.motion, x, y) }
        send(.release, 100, y)
    }

    /// A key as the app hears it: the window's single-key shortcuts first, then the canvas'.
    private func key(_ name: String, _ modifiers: KeyModifiers = []) -> Bool {
        let event = KeyEvent(key: Key(gdkName: name), modifiers: modifiers)
        return canvas.handleShortcutKey(event) || canvas.handleKey(event)
    }

    @Test func singleKeysPickToolsAndThePenIsFirst() {
        #expect(canvas.toolKind == .pen)
        #expect(canvas.tool is PenTool)
        #expect(key("e"))
        #expect(canvas.tool is EraserTool)
        #expect(key("S"))
        #expect(canvas.tool is SelectTool)
        #expect(!key("p", [.control])) // Ctrl+P is Print, not the pen
        #expect(canvas.tool is SelectTool)
        #expect(key("p"))
        #expect(canvas.tool is PenTool)
    }

    @Test func theEraserCutsByDefaultAndTakesWholeMarksWhenSoSet() {
        line(20)
        _ = key("e")
        #expect(canvas.toolStrip.eraserOptionsButton.isVisible)
        send(.press, 55, 0)
        send(.motion, 55, 40)
        send(.release, 55, 40)
        #expect(scribble.marks.count == 2) // cut in two
        fixture.coordinator.document.undo() // the cut, in one step
        #expect(scribble.marks.count == 1)
        canvas.toolStrip.eraserOptions.modeButtons[.wholeMarks]?.isActive = true
        #expect(fixture.coordinator.settings.eraser.mode == .wholeMarks)
        send(.press, 55, 0)
        send(.motion, 55, 40)
        send(.release, 55, 40)
        #expect(scribble.isEmpty)
        _ = key("p")
        #expect(!canvas.toolStrip.eraserOptionsButton.isVisible)
    }

    @Test func shiftClickAddsAndRemovesAndAnEmptyClickClears() {
        line(20)
        line(60)
        _ = key("s")
        send(.press, 50, 20)
        send(.release, 50, 20)
        #expect(canvas.selection.marks.count == 1)
        #expect(canvas.toolStrip.keepButton.isSensitive)
        send(.press, 50, 61, shift: true)
        send(.release, 50, 61)
        #expect(canvas.selection.marks.count == 2)
        send(.press, 50, 20, shift: true)
        send(.release, 50, 20)
        #expect(canvas.selection.marks.count == 1)
        #expect(canvas.selection.marks.first === scribble.marks[1])
        send(.press, 300, 300)
        send(.release, 300, 300)
        #expect(canvas.selection.isEmpty)
        #expect(!canvas.toolStrip.keepButton.isSensitive)
        #expect(scribble.marks.count == 2) // selecting draws nothing
    }

    @Test func arrowsMoveTheSelectionOneStepEachAndBackspaceDeletesIt() {
        line(20)
        _ = key("s")
        send(.press, 50, 20)
        send(.release, 50, 20)
        #expect(key("Right", [.shift]))
        #expect(key("Down"))
        #expect(scribble.marks[0].location == Point(x: 20, y: 21))
        #expect(key("BackSpace"))
        #expect(scribble.isEmpty)
        fixture.coordinator.document.undo()
        fixture.coordinator.document.undo()
        #expect(scribble.marks[0].location == Point(x: 20, y: 20))
    }

    @Test func stampingPlacesCopiesAtEachClickUntilEscape() {
        let template = Dot(location: Point(x: 5, y: 5), color: .black, size: 6)
        canvas.startStamping(TemplateLibrary.Item(id: "t", name: "Template 1", mark: template))
        send(.press, 40, 50)
        send(.release, 40, 50)
        send(.press, 90, 10)
        send(.release, 90, 10)
        #expect(scribble.marks.map(\.location) == [Point(x: 40, y: 50), Point(x: 90, y: 10)])
        #expect(scribble.marks.allSatisfy { $0 !== template })
        #expect(template.location == Point(x: 5, y: 5))
        fixture.coordinator.document.undo()
        #expect(scribble.marks.count == 1)
        #expect(key("Escape"))
        #expect(canvas.tool is PenTool)
    }

    @Test func whileStampingNoToolButtonShowsChosenAndTheToolBeforeCanBeClickedAgain() throws {
        let buttons = canvas.canvasPage.toolStrip.buttons
        #expect(buttons[.pen]?.isActive == true)
        canvas.startStamping(TemplateLibrary.Item(id: "t", name: "Template 1", mark: Dot(location: .zero, color: .black, size: 6)))
        #expect(buttons.values.allSatisfy { !$0.isActive })
        try #require(buttons[.pen]).isActive = true // what a click on the pen's button does
        #expect(!canvas.isStamping && canvas.tool is PenTool)
        #expect(buttons.filter(\.value.isActive).map(\.key) == [.pen])
    }

    @Test func aStampIsSelectedAtOnceAndItsHandlesScaleIt() throws {
        let template = Stroke(color: .black, size: 2)
        template.append(Point(x: 0, y: 0))
        template.append(Point(x: 40, y: 0))
        canvas.startStamping(TemplateLibrary.Item(id: "t", name: "Template 1", mark: template))
        send(.press, 100, 100)
        send(.release, 100, 100)
        let stamp = try #require(scribble.marks.first)
        #expect(canvas.selection.marks.count == 1 && canvas.selection.marks[0] === stamp)
        // The right-hand handle, dragged out: the stamp grows about its centre, as one more undo step.
        let box = SelectionBox(around: stamp.bounds, viewPixel: canvas.engine.viewPixel)
        let handle = box.position(of: .right)
        send(.press, Double(handle.x), Double(handle.y))
        send(.motion, Double(handle.x) + 30, Double(handle.y))
        send(.release, Double(handle.x) + 30, Double(handle.y))
        #expect(scribble.marks.count == 1) // no second stamp
        let scaled = try #require(scribble.marks.first)
        #expect(scaled.bounds.width > 2 * stamp.bounds.width) // 2.2 times as long: (25 + 30) / 25
        #expect(canvas.isStamping)
        fixture.coordinator.document.undo()
        #expect(scribble.marks.first === stamp)
    }

    @Test func shapeKeysAndTheSelectionsKeys() {
        #expect(key("l") && canvas.tool is ShapeTool)
        #expect(key("o") && (canvas.tool as? ShapeTool)?.kind == .ellipse)
        #expect(key("p"))
        line(20)
        line(60)
        // Nothing selected: Page Up scrolls nine tenths of a screen up, pages or not (the
        // view given a size: this one is never laid out); Home, the first page, is left to
        // others in a drawing without pages.
        canvas.canvasView.apply(canvas.engine.resize(to: CanvasViewSize(width: 800, height: 600, scale: 1)))
        let centre = canvas.canvasView.viewport.centre.y
        #expect(key("Page_Up"))
        #expect(abs(canvas.canvasView.viewport.centre.y - (centre - 540)) < 1)
        #expect(!key("Home"))
        #expect(key("a", [.control]))
        #expect(canvas.tool is SelectTool && canvas.selection.marks.count == 2)
        #expect(key("d", [.control]))
        #expect(scribble.marks.count == 4 && canvas.selection.marks.count == 2)
        #expect(scribble.marks[2].location == Point(x: 26, y: 36))
        #expect(key("End"))
        #expect(scribble.marks[0].location == Point(x: 26, y: 36)) // the copies at the back
        #expect(key("Page_Up"))
        #expect(scribble.marks[1].location == Point(x: 26, y: 36))
        fixture.coordinator.document.undo()
        fixture.coordinator.document.undo()
        fixture.coordinator.document.undo()
        #expect(scribble.marks.count == 2)
    }
}
