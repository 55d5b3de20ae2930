import Foundation
import Testing
@testable import ScribbleKit

/// Text boxes (issue 55): layout and wrap, runs kept canonical, limits, the file format, the
/// eraser, turns and the PDF export's real text.
@Suite(.timeLimit(.minutes(1)))
struct TextBoxTests {
    let folder = TemporaryDirectory()
    let style = TextStyle(family: "DejaVu Sans", size: 20, color: Color(red: 10, green: 20, blue: 30))

    private func box(_ text: String, wrap: Float? = nil, angle: Float = 0) -> TextBox {
        TextBox(runs: [TextRun(text, style: style)], origin: Point(x: 100, y: 50), wrapWidth: wrap, angle: angle)
    }

    @Test func aClickMadeBoxKeepsOneLineAndADragMadeOneWrapsToItsWidth() {
        let words = "the quick brown fox jumps over the lazy dog again and again"
        let line = box(words), wrapped = box(words, wrap: 120)
        #expect(line.extents.width > 400)
        #expect(line.extents.height < 40)
        #expect(wrapped.extents.width <= 121)
        #expect(wrapped.extents.height > 4 * line.extents.height)
        #expect(box("one\ntwo").extents.height > 1.8 * box("one").extents.height) // Enter breaks a line
    }

    @Test func runsAreKeptInOneSpelling() {
        let bold = TextStyle(family: "DejaVu Sans", size: 20, isBold: true, color: .black)
        let box = TextBox(
            runs: [TextRun("a", style: style), TextRun("", style: bold), TextRun("b\u{7}c", style: style), TextRun("d", style: bold)],
            origin: .zero)
        #expect(box.runs == [TextRun("abc", style: style), TextRun("d", style: bold)])
        #expect(box.text == "abcd")
    }

    @Test func aTenMegabytePasteIsCutToTheBoxsLimitQuickly() {
        let start = Date()
        let huge = TextBox(runs: [TextRun(String(repeating: "wörds ", count: 1_400_000), style: style)], origin: .zero, wrapWidth: 800)
        #expect(huge.text.utf8.count <= TextBox.maximumTextBytes)
        #expect(huge.text.utf8.count > TextBox.maximumTextBytes - 8)
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func rightToLeftEmojiAndCombiningMarksLayOut() {
        #expect(box("שלום עולם").extents.width > 40)
        #expect(box("مرحبا").extents.width > 20)
        #expect(box("😀").extents.width > 5)
        // A combining accent takes no room of its own.
        #expect(abs(box("e\u{301}").extents.width - box("é").extents.width) < 2)
    }

    @Test func aMissingFontFallsBackToOneThatDraws() {
        let missing = TextBox(
            runs: [TextRun("Hello", style: TextStyle(family: "No Such Font 12345", size: 20, color: .black))], origin: .zero)
        #expect(missing.extents.width > 20)
    }

    @Test func theFileKeepsEveryRunWrapTurnAndTime() throws {
        let bold = TextStyle(family: "DejaVu Serif", size: 31.5, isBold: true, isItalic: true, color: Color(red: 200, green: 0, blue: 0, alpha: 128))
        let text = TextBox(
            runs: [TextRun("Grüße, ", style: style), TextRun("שלום 😀\nnext", style: bold)], origin: Point(x: 12.5, y: -40),
            wrapWidth: 180, angle: 0.5)
        text.time = 1234
        let scribble = Scribble()
        scribble.add(text)
        scribble.add(Dot(location: Point(x: 1, y: 2), color: .black, size: 4))
        let bytes = scribble.makeMemento().data
        #expect(bytes[8] == 8 && bytes[9] == 0) // version 8, no content store needed
        let back = try ScribbleFormat.decode(bytes)
        let read = try #require(Scribble.drawing(of: back).child(at: 0) as? TextBox)
        #expect(marksEqual(read, text) && read.time == 1234 && read.bounds == text.bounds)
        #expect(back.data == bytes) // one spelling
    }

    @Test func aFileWithBrokenUTF8OrAnOverlongTextIsRefusedWithThatSaid() throws {
        let scribble = Scribble()
        scribble.add(box("ABCDEFGH"))
        var bytes = scribble.makeMemento().data
        let at = try #require(bytes.firstRange(of: Array("ABCDEFGH".utf8)))
        bytes[at.lowerBound + 3] = 0xFF
        let length = bytes.count - 4
        let checksum = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(length..., with: $0) }
        #expect {
            try ScribbleFormat.decode(bytes)
        } throws: { error in
            "\(error)".contains("not valid UTF-8")
        }
    }

    @Test func theEraserNeverCutsTextButItsBoxIsHit() {
        let text = box("Hello world")
        let middle = Point(x: text.bounds.minX + text.bounds.width / 2, y: text.bounds.minY + text.bounds.height / 2)
        #expect(text.isHit(at: middle, radius: 1))
        #expect(!text.isHit(at: Point(x: text.bounds.maxX + 20, y: middle.y), radius: 1))
        #expect(text.erased(by: EraserStep(from: middle, to: middle, radius: 30)) == nil)
        let scribble = Scribble()
        scribble.add(text)
        #expect(scribble.marks(touchedAlongSegmentFrom: Point(x: 0, y: middle.y), to: Point(x: 1000, y: middle.y), radius: 4).count == 1)
    }

    @Test func aTurnTurnsTheBoxAndAScaleScalesItsType() throws {
        let text = box("Hello", wrap: 200)
        let turned = try #require(text.transformed(by: .rotation(.pi / 2, about: text.origin)) as? TextBox)
        #expect(abs(turned.angle - .pi / 2) < 1e-5)
        #expect(abs(turned.bounds.width - text.bounds.height) < 1 && abs(turned.bounds.height - text.bounds.width) < 1)
        // Hit where the turned text lies (below the corner), not where it lay.
        #expect(turned.isHit(at: Point(x: text.origin.x - 5, y: text.origin.y + 20), radius: 1))
        #expect(!turned.isHit(at: Point(x: text.origin.x + 40, y: text.origin.y + 5), radius: 1))
        let scaled = try #require(text.transformed(by: .scale(sx: 2, sy: 2, about: text.origin)) as? TextBox)
        #expect(scaled.runs[0].style.size == 40 && scaled.wrapWidth == 400)
        let recoloured = try #require(text.restyled(color: .white, size: 99) as? TextBox)
        #expect(recoloured.runs[0].style.color == .white && recoloured.runs[0].style.size == 20)
    }

    @Test func thePDFExportWritesRealTextThatPdftotextFinds() throws {
        let scribble = Scribble()
        let words = ["Quokka", "Zebra", "Gänseblümchen"]
        for (index, word) in words.enumerated() {
            scribble.add(TextBox(runs: [TextRun(word, style: style)], origin: Point(x: 10, y: Float(10 + 40 * index)), angle: index == 2 ? 0.3 : 0))
        }
        let exporter = Exporter(memento: scribble.makeMemento())
        let pdf = folder.file("text.pdf"), txt = folder.file("text.txt")
        try exporter.write(.pdf, to: pdf)
        try runTool("/usr/bin/pdftotext", [pdf, txt])
        let found = try String(contentsOfFile: txt, encoding: .utf8)
        // (pdftotext breaks a turned word where its letters' baselines step; the letters are there.)
        let joined = found.filter { !$0.isWhitespace }
        for word in words { #expect(joined.contains(word), "\(word) not in \(found)") }
        #expect(found.contains("Quokka") && found.contains("Zebra"))
    }

    @Test func findFindsWordsInTextBoxesWhereTheyAre() {
        let first = TextBox(runs: [TextRun("Apples and pears, apples", style: style)], origin: Point(x: 100, y: 50))
        let other = TextBox(runs: [TextRun("No fruit", style: style)], origin: Point(x: 0, y: 300))
        let search = PageSearch(pages: [], texts: [first, other])
        var found: [(Int, [Rect])] = []
        search.run(for: "APPLES", from: 0, isCancelled: { false }) { found.append(($0, $1)) }
        #expect(found.count == 1 && found[0].0 == 0 && found[0].1.count == 2)
        let hits = found.first?.1 ?? []
        #expect(hits.allSatisfy { first.bounds.intersects($0) && $0.width > 30 && $0.height > 15 })
        #expect(hits.count == 2 && hits[0].minX < 110 && hits[1].minX > hits[0].maxX + 50)
    }
}
