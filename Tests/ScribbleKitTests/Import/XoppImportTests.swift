import Foundation
import Glibc
import Testing
@testable import ScribbleKit

/// Xournal++ notebooks in all three containers, each element kind, and hostile ones: every
/// bad file is refused in one clear sentence, within the memory its size allows.
@Suite(.timeLimit(.minutes(2))) struct XoppImportTests {
    let folder = TemporaryDirectory()

    /// Two pages (the second yellow and lined), a pen stroke with pressure, a highlighter, a
    /// Xournal colour name, a dashed stroke, a one-point stroke, and what is left out.
    static let notebook = """
        <?xml version="1.0" standalone="no"?>
        <xournal creator="Xournal++ 1.2.3" fileversion="4">
        <title>Xournal++ document</title>
        <preview>iVBORw0KGgo=</preview>
        <page width="612.0" height="792.0">
        <background type="solid" color="#ffffffff" style="graph"/>
        <layer>
        <stroke tool="pen" color="#ff0000ff" width="3 1.5 3 0.1" capStyle="round">10 20 40 20 70 20 100 20</stroke>
        <stroke tool="highlighter" color="#ffff00ff" width="12">10 100 300 100</stroke>
        <text font="Sans" size="12" x="10" y="10" color="#000000ff">Hello &amp; goodbye</text>
        </layer>
        <layer>
        <stroke tool="pen" color="blue" width="2" style="dash">10 200 200 200</stroke>
        <image left="0" top="0" right="10" bottom="10">iVBORw0KGgo=</image>
        </layer>
        </page>
        <page width="300" height="150">
        <background type="solid" color="yellow" style="lined"/>
        <layer>
        <stroke tool="pen" color="#00000080" width="4">30 40</stroke>
        <teximage text="x^2" left="1" top="1" right="5" bottom="5">iVBORw0KGgo=</teximage>
        </layer>
        </page>
        <page width="100" height="100"><background type="pdf" domain="absolute" filename="x.pdf" pageno="1"/><layer/></page>
        </xournal>
        """

    func write(_ bytes: [UInt8], as name: String = "notes.xopp") throws -> String {
        folder.write(bytes, to: name)
        return folder.file(name)
    }

    func gzipped(_ text: String) -> [UInt8] { Inflater.gzip(Array(text.utf8)) }

    func read(_ bytes: [UInt8], as name: String = "notes.xopp") throws -> XoppImporter.Notebook {
        try XoppImporter.read(try write(bytes, as: name))
    }

    func refusal(_ bytes: [UInt8]) throws -> String? {
        do {
            _ = try read(bytes)
            return nil
        } catch let error as StorageError {
            return error.cause
        }
    }

    @Test func aGzipNotebookMapsPagesStrokesPressureAndColours() throws {
        let notebook = try read(gzipped(Self.notebook))
        let scale: Float = 96.0 / 72.0
        #expect(notebook.pageCount == 3)
        #expect(notebook.scribble.title == "notes")
        let marks = notebook.scribble.marks
        // The bottom group: three outlines, the first page's grid, the second's fill and lines.
        let backgrounds = try #require(marks.first as? Stroke)
        #expect(backgrounds.color == nil && backgrounds.isSealed && backgrounds.isLocked)
        // Locked: a click on a ruling line or an eraser across the page leaves it alone.
        let scribble = notebook.scribble
        #expect(scribble.topmostMark(at: Point(x: 300, y: 80 * scale))?.mark !== backgrounds)
        #expect(
            !scribble.marks(touchedAlongSegmentFrom: Point(x: 0, y: 0), to: Point(x: 600, y: 1000), radius: 20)
                .contains { $0 === backgrounds })
        #expect(backgrounds.copy().isLocked)
        #expect(backgrounds.bounds.minY < 0.5 && backgrounds.bounds.maxY > (792 + 150) * scale + 20)
        let colours = Set((0..<backgrounds.count).compactMap { backgrounds.child(at: $0)?.color })
        #expect(colours.contains(Color(red: 0xFF, green: 0xFF, blue: 0x80))) // Xournal's yellow paper
        #expect(colours.contains(Color(red: 0xFF, green: 0x00, blue: 0x80))) // the lined page's margin
        #expect(colours.contains(Color(red: 0xBD, green: 0xBD, blue: 0xBD))) // the graph

        let pen = try #require(marks[1] as? Stroke)
        #expect(pen.color == Color(red: 255, green: 0, blue: 0))
        #expect(pen.size == 3 * scale)
        #expect(pen.count == 4)
        #expect(pen.location == MarkLimits.clamped(Point(x: 10 * scale, y: 20 * scale))) // on the 1/256-px grid
        // Segment widths 1.5, 3, 0.1 of 3: levels at the vertices, the last taking the last
        // segment's; 0.1 is below the model's tenth and is clamped.
        #expect(pen.pressures == [Stroke.level((0.5 - 0.1) / 0.9), 255, 0, 0])
        #expect(notebook.leftOut.clampedWidths == 2)

        let highlighter = try #require(marks[2] as? Stroke)
        #expect(highlighter.color == Color(red: 255, green: 255, blue: 0, alpha: 128))
        // Xournal++'s text opens as a text box (issue 55): its font, size (pt to px), colour and corner.
        let text = try #require(marks[3] as? TextBox)
        #expect(text.text == "Hello & goodbye" && text.runs[0].style.family == "Sans" && text.runs[0].style.size == 12 * scale)
        #expect(text.origin == MarkLimits.clamped(Point(x: 10 * scale, y: 10 * scale)) && text.color == .black)
        let dashed = try #require(marks[4] as? Stroke)
        #expect(dashed.color == Color(red: 0x33, green: 0x33, blue: 0xCC))
        let dot = try #require(marks[5] as? Dot)
        #expect(dot.color == Color(red: 0, green: 0, blue: 0, alpha: 0x80))
        // The second page starts below the first and the gap.
        #expect(dot.location == MarkLimits.clamped(Point(x: 30 * scale, y: 792 * scale + 20 + 40 * scale)))
        #expect(marks.count == 6)
        #expect(notebook.leftOut == XoppLeftOut(texts: 0, images: 1, formulas: 1, pdfBackgrounds: 1, dashed: 1, clampedWidths: 2))
    }

    @Test func theThreeContainersReadAlike() throws {
        let gzip = try read(gzipped(Self.notebook))
        let plain = try read(Array(Self.notebook.utf8), as: "old.xoj")
        let stored = try read(xoppZip(content: Array(Self.notebook.utf8), deflated: false))
        let deflated = try read(xoppZip(content: Array(Self.notebook.utf8), deflated: true))
        for other in [plain, stored, deflated] {
            other.scribble.title = gzip.scribble.title
            #expect(other.scribble.makeMemento().data == gzip.scribble.makeMemento().data)
            #expect(other.scribble.marks.count == gzip.scribble.marks.count)
            #expect(other.leftOut == gzip.leftOut)
        }
    }

    @Test func hostileNotebooksAreRefusedInOneSentence() throws {
        let valid = gzipped(Self.notebook)
        #expect(try refusal(Array(valid.prefix(valid.count / 2)))?.contains("cut short") == true)
        #expect(try refusal(Array("PK\u{3}\u{4}junk".utf8))?.contains("damaged zip") == true)
        #expect(
            try refusal(xoppZip(content: Array(Self.notebook.utf8), deflated: false, name: "../content.xml"))?.contains("no content.xml") == true)
        #expect(try refusal(Array("not a notebook at all".utf8))?.contains("not a Xournal++ notebook") == true)
        let entities = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">]><xournal><page width=\"1\" height=\"1\"/></xournal>"
        #expect(try refusal(gzipped(entities))?.contains("document type") == true)
        let unknown = "<xournal><page width=\"10\" height=\"10\"><layer><text>&lol;</text></layer></page></xournal>"
        #expect(try refusal(gzipped(unknown)) == nil) // a text box's unknown entity leaves the box out, counted
        let attribute = "<xournal><page width=\"10\" height=\"10\"><background type=\"&lol;\"/></page></xournal>"
        #expect(try refusal(gzipped(attribute))?.contains("entity") == true)
        #expect(try refusal(gzipped("<xournal></xournal>"))?.contains("no page") == true)
        #expect(try refusal(gzipped("<svg><page width=\"1\" height=\"1\"/></svg>"))?.contains("another kind") == true)
        #expect(
            try refusal(gzipped("<xournal><page width=\"10\" height=\"10\"><layer><stroke width=\"1\">1 2 x 4</stroke></layer></page></xournal>"))?
                .contains("not a number") == true)
        #expect(try refusal(gzipped("<xournal><page width=\"10\" height=\"10\"></layer></page></xournal>"))?.contains("malformed") == true)
    }

    @Test func aZipBombStopsAtItsLimit() throws {
        // 200 MB of spaces inside a 200 KB file: the limit is 32 × the file + 64 MB.
        var text = Array("<xournal><page width=\"10\" height=\"10\"><layer>".utf8)
        text += [UInt8](repeating: 0x20, count: 200 << 20)
        let bomb = Inflater.gzip(text)
        #expect(bomb.count < 1 << 20)
        #expect(try refusal(bomb)?.contains("unpacks to more than") == true)
    }

    @Test func aBillionPointStrokeStopsAtThePointsItsSizeAllows() throws {
        var text = Array("<xournal><page width=\"10\" height=\"10\"><layer><stroke width=\"1\">".utf8)
        for _ in 0..<4_000_000 { text += [0x31, 0x20, 0x31, 0x20] }
        let cause = try refusal(Inflater.gzip(text))
        #expect(cause?.contains("points, too many for a file of its size") == true, "\(cause ?? "read")")
    }

    @Test func nanAndHugeCoordinatesAreLeftOutOrClamped() throws {
        let text = "<xournal><page width=\"10\" height=\"10\"><layer><stroke width=\"1\">1 2 nan 4 5 inf 1e30 7 8 9</stroke></layer></page></xournal>"
        let notebook = try read(gzipped(text))
        let stroke = try #require(notebook.scribble.marks.last as? Stroke)
        #expect(stroke.count == 3)
        #expect(stroke.bounds.maxX <= MarkLimits.maximumCoordinate + 1)
        #expect(notebook.leftOut.clampedPoints == 3)
    }

    @Test func aFifoIsRefusedWithoutBlocking() throws {
        let pipe = folder.file("pipe.xopp")
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect { try XoppImporter.read(pipe) } throws: { ($0 as? StorageError)?.cause.contains("named pipe") == true }
    }

    @Test func mutatedNotebooksNeverCrash() throws {
        var random = SplitMix64(seed: 30)
        let sources = [gzipped(Self.notebook), Array(Self.notebook.utf8), xoppZip(content: Array(Self.notebook.utf8), deflated: true)]
        var refused = 0
        for round in 0..<1500 {
            var bytes = sources[round % sources.count]
            for _ in 0..<(1 + random.next() % 4) {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
                }
            }
            let path = try write(bytes, as: "fuzz.xopp")
            do { _ = try XoppImporter.read(path) } catch { refused += 1; #expect(!error.cause.isEmpty) }
        }
        #expect(refused > 100) // most mutations of a compressed file break it
    }
}
