import Testing
@testable import ScribbleKit

/// The tools without a display: pointer input goes to the current tool, a stylus' eraser end
/// erases whatever tool is chosen, and with the pen each finger draws a stroke of its own.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CanvasInputTests {
    typealias Host = ToolHost

    private func drag(_ input: ToolDispatcher, _ device: ToolEvent.Device, from start: Point, to end: Point, pressure: Float? = nil) {
        let primary: UInt32 = if case .touch = device { 0 } else { 1 }
        input.handle(ToolEvent(kind: .press, point: start, device: device, pressure: pressure, button: primary))
        for step in 1...4 {
            let t = Float(step) / 4
            let point = Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            input.handle(ToolEvent(kind: .motion, point: point, device: device, pressure: pressure, isPrimaryDown: true))
        }
        input.handle(ToolEvent(kind: .release, point: end, device: device, pressure: pressure, button: primary))
    }

    /// A tool of the test's own, which only records what it is handed.
    final class RecordingTool: CanvasTool {
        var calls: [String] = []
        func press(at point: Point, modifiers: ToolModifiers) { calls.append("press \(Int(point.x))") }
        func drag(to point: Point) { calls.append("drag \(Int(point.x))") }
        func release(at point: Point) { calls.append("release \(Int(point.x))") }
    }

    @Test func theInputGoesToWhicheverToolIsInstalledAndTheInputKnowsNoToolsRules() {
        let host = Host()
        let tool = RecordingTool()
        host.input.install(tool) // the Strategy (book ch. 19): any CanvasTool, the input unchanged
        drag(host.input, .mouse, from: Point(x: 10, y: 10), to: Point(x: 90, y: 10))
        #expect(tool.calls == ["press 10", "drag 30", "drag 50", "drag 70", "drag 90", "release 90"])
        #expect(host.document.scribble.isEmpty) // nothing but the tool acted
    }

    @Test func thePenDrawsAStrokeAndOnlyAStylusGivesItPressure() throws {
        let host = Host()
        drag(host.input, .mouse, from: Point(x: 10, y: 10), to: Point(x: 90, y: 10), pressure: 0.5)
        drag(host.input, .pen, from: Point(x: 10, y: 50), to: Point(x: 90, y: 50), pressure: 0.5)
        let marks = host.document.scribble.marks
        #expect(marks.count == 2)
        #expect(try #require(marks[0] as? Stroke).hasPressure == false)
        #expect(try #require(marks[1] as? Stroke).hasPressure)
        #expect(host.document.history.undoCount == 2) // a stroke is one undo step
    }

    @Test func aStylusEraserEndErasesWhateverToolIsChosen() {
        let host = Host()
        drag(host.input, .mouse, from: Point(x: 10, y: 10), to: Point(x: 90, y: 10))
        host.input.install(SelectTool(host: host))
        drag(host.input, .eraser, from: Point(x: 0, y: 10), to: Point(x: 100, y: 10))
        #expect(host.document.scribble.isEmpty)
        #expect(host.input.tool is SelectTool) // the chosen tool stays
    }

    @Test func withThePenEachFingerDrawsItsOwnStrokeAndWithAnotherToolOnlyTheFirst() {
        let host = Host()
        let input = host.input
        input.handle(ToolEvent(kind: .press, point: Point(x: 10, y: 10), device: .touch(finger: 1)))
        input.handle(ToolEvent(kind: .press, point: Point(x: 10, y: 60), device: .touch(finger: 2)))
        for x in stride(from: 20, through: 80, by: 20) {
            input.handle(ToolEvent(kind: .motion, point: Point(x: Float(x), y: 10), device: .touch(finger: 1)))
            input.handle(ToolEvent(kind: .motion, point: Point(x: Float(x), y: 60), device: .touch(finger: 2)))
        }
        input.handle(ToolEvent(kind: .release, point: Point(x: 80, y: 10), device: .touch(finger: 1)))
        input.handle(ToolEvent(kind: .release, point: Point(x: 80, y: 60), device: .touch(finger: 2)))
        #expect(host.document.scribble.marks.count == 2)
        // The select tool: the first finger selects, a second finger does nothing.
        input.install(SelectTool(host: host))
        input.handle(ToolEvent(kind: .press, point: Point(x: 50, y: 10), device: .touch(finger: 3)))
        input.handle(ToolEvent(kind: .press, point: Point(x: 50, y: 60), device: .touch(finger: 4)))
        #expect(host.selection.marks.count == 1 && host.selection.marks[0] === host.document.scribble.marks[0])
    }
}
