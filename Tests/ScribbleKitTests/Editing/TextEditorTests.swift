import Testing
@testable import ScribbleKit

/// The Text tool's editing (issue 55): typing, deleting, caret motion, selection, styles on a
/// range or on what is typed next, and the box it makes.
@Suite(.timeLimit(.minutes(1)))
struct TextEditorTests {
    let plain = TextStyle(family: "DejaVu Sans", size: 20, color: .black)

    private func editor(_ text: String) -> TextEditor {
        var editor = TextEditor(origin: Point(x: 10, y: 10), wrapWidth: nil, style: plain)
        editor.insert(text)
        return editor
    }

    @Test func typingAndDeletingByCharacterNeverSplitAGrapheme() {
        var editor = editor("cafe\u{301} 👩‍👩‍👧")
        #expect(editor.characters.count == 6)
        editor.deleteBackward() // the whole family emoji
        #expect(editor.text == "cafe\u{301} ")
        editor.move(.left)
        editor.move(.left)
        editor.deleteForward() // é, with its accent
        #expect(editor.text == "caf ")
    }

    @Test func aSelectionAcrossLinesIsABandALineAsWideAsWhatItHoldsThere() {
        var editor = editor("one two\nthree four five")
        editor.move(.left) // before the "e" of "five"; then select back to "two"
        for _ in 0..<18 { editor.move(.left, extending: true) }
        #expect(editor.selectedText == "two\nthree four fiv")
        let bands = editor.selectionBands
        #expect(bands.count == 2, "\(bands)")
        guard bands.count == 2 else { return }
        let (first, second) = (bands[0], bands[1])
        // One line above the other, each as tall as its line, no overlap.
        #expect(first[2].y <= second[0].y + 0.5 && first[2].y - first[0].y > 15 && second[2].y - second[0].y > 15)
        // The first starts after "one " and reaches the line's end; the second starts at the margin
        // and stops before "e" of "five".
        #expect(first[0].x > 10 + 30 && second[0].x < 10 + 1 && second[1].x < first[1].x + 200)
        #expect(second[1].x - second[0].x > first[1].x - first[0].x)
    }

    @Test func wordsLinesAndShiftSelection() {
        var editor = editor("one two\nthree four")
        editor.move(.wordLeft)
        #expect(editor.caret == 14)
        editor.move(.lineStart, extending: true)
        #expect(editor.selectedText == "three ")
        editor.move(.left) // an arrow over a selection goes to its edge
        #expect(editor.caret == 8 && editor.selection.isEmpty)
        editor.move(.left)
        editor.move(.lineStart)
        #expect(editor.caret == 0)
        editor.move(.wordRight, extending: true)
        #expect(editor.selectedText == "one")
        editor.insert("1")
        #expect(editor.text == "1 two\nthree four")
        editor.selectWord(at: 3)
        #expect(editor.selectedText == "two")
        editor.selectAll()
        editor.deleteBackward()
        #expect(editor.text.isEmpty && editor.box == nil) // an empty box goes
    }

    @Test func boldAndItalicStyleTheSelectionOrWhatIsTypedNext() throws {
        var editor = editor("plain bold")
        editor.selectWord(at: 7)
        editor.toggleBold()
        editor.move(.textEnd)
        editor.toggleItalic()
        editor.insert("!")
        let box = try #require(editor.box)
        #expect(box.runs.map(\.text) == ["plain ", "bold", "!"])
        #expect(box.runs[1].style.isBold && !box.runs[1].style.isItalic)
        #expect(box.runs[2].style.isBold && box.runs[2].style.isItalic)
        var again = TextEditor(editing: box)
        #expect(again.text == "plain bold!" && again.caret == 11)
        again.selectAll()
        again.restyle { $0.color = Color(red: 255, green: 0, blue: 0) }
        #expect(again.box?.runs.allSatisfy { $0.style.color == Color(red: 255, green: 0, blue: 0) } == true)
    }

    @Test func aHugePasteIsCutAndSaysSo() {
        var editor = editor("")
        let allIn = editor.insert(String(repeating: "x", count: 10_000_000))
        #expect(!allIn)
        #expect(editor.text.utf8.count == TextBox.maximumTextBytes)
        let nothingMore = editor.insert("y")
        #expect(!nothingMore && editor.text.utf8.count == TextBox.maximumTextBytes)
    }

    @Test func theCaretStandsWhereTheTextIsAndAClickFindsTheCharacter() {
        var editor = editor("Hello world")
        let end = editor.caretLine
        editor.move(.textStart)
        let start = editor.caretLine
        #expect(abs(start.top.x - 10) < 1 && end.top.x > start.top.x + 80)
        #expect(end.bottom.y > end.top.y + 15)
        let middle = Point(x: (start.top.x + end.top.x) / 2, y: (start.top.y + start.bottom.y) / 2)
        let index = editor.index(at: middle)
        #expect(index >= 4 && index <= 7)
        #expect(editor.index(at: Point(x: 0, y: 15)) == 0)
        #expect(editor.index(at: Point(x: 1000, y: 15)) == 11)
    }
}
