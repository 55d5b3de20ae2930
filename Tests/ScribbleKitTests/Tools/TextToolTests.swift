import Testing

@testable import ScribbleKit

/// The Text tool headless (issue 55): a click opens a box, typing puts it on the document at
/// once, undo goes by burst, a drag sets the width, a click on a box edits it again.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TextToolTests {
    typealias Host = EditingToolTests.Host

    private func click(_ host: Host, _ point: Point) {
        host.input.handle(ToolEvent(kind: .press, point: point, device: .mouse, button: 1))
        host.input.handle(ToolEvent(kind: .release, point: point, device: .mouse, button: 1))
    }

    @Test func typingPutsTheBoxDownAtOnceAndUndoGoesByBurst() throws {
        let host = Host()
        let tool = TextTool(host: host, style: TextStyle(family: "DejaVu Sans", size: 20, color: .black))
        host.input.install(tool)
        click(host, Point(x: 50, y: 60))
        #expect(tool.isEditing && host.document.scribble.marks.isEmpty)
        for character in "Hello" { tool.type(String(character)) }
        let first = try #require(host.document.scribble.marks.first as? TextBox)
        #expect(first.text == "Hello" && first.origin == Point(x: 50, y: 60) && first.wrapWidth == nil)
        #expect(host.document.history.undoCount == 1) // one burst, one step
        tool.type(" ") // a space ends the burst
        for character in "world" { tool.type(String(character)) }
        #expect((host.document.scribble.marks.first as? TextBox)?.text == "Hello world")
        #expect(host.document.scribble.marks.count == 1 && host.document.history.undoCount == 2)
        tool.edit { $0.deleteBackward() }
        #expect((host.document.scribble.marks.first as? TextBox)?.text == "Hello worl" && host.document.history.undoCount == 3)
        tool.finishGesture()
        host.document.undo()
        host.document.undo()
        #expect((host.document.scribble.marks.first as? TextBox)?.text == "Hello ")
        host.document.undo()
        #expect(host.document.scribble.marks.isEmpty)
    }

    @Test func aPauseEndsABurst() {
        let host = Host()
        let tool = TextTool(host: host)
        host.input.install(tool)
        click(host, Point(x: 10, y: 10))
        tool.type("a")
        host.runScheduled() // the pause
        tool.type("b")
        #expect(host.document.history.undoCount == 2)
    }

    @Test func aDragSetsTheWidthAndAClickOnABoxEditsItAgain() throws {
        let host = Host()
        let tool = TextTool(host: host)
        host.input.install(tool)
        host.input.handle(ToolEvent(kind: .press, point: Point(x: 100, y: 100), device: .mouse, button: 1))
        host.input.handle(ToolEvent(kind: .motion, point: Point(x: 250, y: 110), device: .mouse, isPrimaryDown: true))
        host.input.handle(ToolEvent(kind: .release, point: Point(x: 250, y: 110), device: .mouse, button: 1))
        tool.type("many words that wrap to the width of the box dragged")
        let box = try #require(host.document.scribble.marks.first as? TextBox)
        #expect(box.wrapWidth == 150 && box.extents.width <= 151 && box.extents.height > 60)
        tool.finishGesture()
        #expect(!tool.isEditing)
        // A click elsewhere with nothing typed leaves nothing; a click on the box edits it.
        click(host, Point(x: 600, y: 600))
        click(host, Point(x: 600, y: 600))
        #expect(host.document.scribble.marks.count == 1)
        click(host, Point(x: 110, y: 110))
        #expect(tool.isEditing && tool.editor?.text == box.text)
        tool.move { $0.move(.textEnd) }
        tool.type("!")
        #expect((host.document.scribble.marks.first as? TextBox)?.text == box.text + "!")
        #expect(host.document.scribble.marks.count == 1)
        tool.edit {
            $0.selectAll(); $0.deleteBackward()
        } // an empty box goes
        #expect(host.document.scribble.marks.isEmpty)
        host.document.undo()
        #expect((host.document.scribble.marks.first as? TextBox)?.text == box.text + "!")
    }

    @Test func thePalettesColourRecoloursTheSelectionWhileEditing() throws {
        let host = Host()
        let tool = TextTool(host: host, style: TextStyle(family: "DejaVu Sans", size: 20, color: .black))
        host.input.install(tool)
        click(host, Point(x: 20, y: 20))
        tool.type("red black")
        tool.move { $0.selectWord(at: 1) }
        let red = Color(red: 220, green: 0, blue: 0)
        host.strokeStyle.color = red
        let box = try #require(host.document.scribble.marks.first as? TextBox)
        #expect(box.runs.map(\.text) == ["red", " black"] && box.runs[0].style.color == red && box.runs[1].style.color == .black)
        host.document.undo()
        #expect((host.document.scribble.marks.first as? TextBox)?.runs.count == 1)
    }
}
