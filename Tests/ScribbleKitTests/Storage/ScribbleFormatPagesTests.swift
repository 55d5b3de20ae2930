import Testing
@testable import ScribbleKit

/// Format version 6: the content store before the root, and pages naming its entries by
/// SHA-256. A drawing with pages reads back with them and its ink, each PDF stored once; a
/// drawing without keeps its older version; damage anywhere in the store or a page is refused.
struct ScribbleFormatPagesTests {
    /// A scribble of a two-page PDF with a stroke across the first page.
    private func inkedPdf() throws -> (Scribble, pdf: [UInt8]) {
        let pdf = PdfFixture.pdf([.init(width: 96, height: 72, box: (10, 10, 20, 20)), .init(width: 72, height: 96)])
        let scribble = try Scribble.importingPdf(pdf)
        let stroke = Stroke(color: Color(red: 10, green: 20, blue: 30), size: 4)
        stroke.append(contentsOf: [Point(x: 5, y: 5), Point(x: 60, y: 40)])
        scribble.add(stroke)
        return (scribble, pdf)
    }

    @Test func aDrawingWithPagesIsVersion6AndReadsBackWithPagesAndInk() throws {
        let (scribble, pdf) = try inkedPdf()
        let data = scribble.makeMemento().data
        #expect(data[8] == 6 && data[9] == 0)
        let opened = Scribble(adopting: try ScribbleMemento(data: data))
        try #require(opened.marks.count == 3)
        #expect(zip(opened.marks, scribble.marks).allSatisfy { marksEqual($0, $1) })
        #expect(opened.marks.map(\.bounds) == scribble.marks.map(\.bounds))
        #expect(opened.contents.count == 1 && opened.contents.entries[0].bytes == pdf)
        let pages = opened.marks.compactMap { $0 as? Page }
        #expect(pages.count == 2 && pages[0].content === pages[1].content, "one content object for the file's entry")
        #expect(opened.makeMemento().data == data, "one spelling: saved again, the same bytes")
    }

    @Test func aPdfShownByTwoPagesIsStoredOnce() throws {
        let (scribble, pdf) = try inkedPdf()
        let data = scribble.makeMemento().data
        #expect(data.occurrences(of: pdf) == 1)
        #expect(data.count < pdf.count + 300)
        // Copies (a template, a memento) share the bytes rather than copying them.
        let copy = try #require(scribble.marks[1].copy() as? Page)
        #expect(copy.content === (scribble.marks[1] as? Page)?.content)
        // Two PDFs: two entries, in the order the pages first show them.
        let other = PdfFixture.pdf([.init(width: 50, height: 50)])
        let second = try #require(try Scribble.importingPdf(other).marks.first as? Page)
        scribble.add(Page(content: second.content, pageIndex: 0, frame: Rect(x: 0, y: 3000, width: 66, height: 66)))
        let both = Scribble(adopting: try ScribbleMemento(data: scribble.makeMemento().data))
        #expect(both.contents.entries.map(\.bytes) == [pdf, other])
    }

    @Test func aDrawingWithoutPagesKeepsItsOlderVersion() {
        let scribble = Scribble()
        scribble.add(Dot(location: Point(x: 4, y: 4), color: .black, size: 3))
        #expect(scribble.makeMemento().data[8] == 2)
    }

    @Test func aNewerVersionIsRefusedAsNewerAsVersion5AppsRefuseThisOne() throws {
        var data = try inkedPdf().0.makeMemento().data
        // A TouchPainter reading up to version 5 meets 6 as a newer version, as this one meets 9.
        #expect(ScribbleFormat.versionWithPages == 6 && data[8] == 6)
        data[8] = 9
        #expect(throws: ScribbleFormatError.newerVersion(9)) { try ScribbleMemento(data: CraftedFile.resealed(data)) }
        #expect(ScribbleFormatError.newerVersion(9).description.contains("newer TouchPainter"))
    }

    @Test func damageToTheStoreOrAPageIsRefused() throws {
        let (scribble, pdf) = try inkedPdf()
        let data = scribble.makeMemento().data
        let payload = 24 // magic, version, flags, title length 0, payload length
        let store = payload + 2 + 1 + 32 + CraftedFile.varint(UInt64(pdf.count)).count // the PDF's first byte
        #expect(data[payload] == ScribbleFormat.Tag.contents.rawValue && Array(data[store..<(store + pdf.count)]) == pdf)
        func refused(_ bytes: [UInt8], _ detail: String) {
            #expect(throws: ScribbleFormatError.corrupt(detail)) { try ScribbleMemento(data: CraftedFile.resealed(bytes)) }
        }
        var flipped = data
        flipped[store + 100] ^= 1
        refused(flipped, "stored content does not match its SHA-256")
        var unknown = data
        unknown[payload + 2] = 9
        refused(unknown, "stored content of an unknown kind")
        var asVersion5 = data
        asVersion5[8] = 5
        refused(asVersion5, "the drawing does not start with a stroke")
        // A page naming content the file does not hold: its digest changed.
        let firstPage = try #require(
            (store + pdf.count..<data.count).first { data[$0] == ScribbleFormat.Tag.page.rawValue && data[$0 + 1] == pdf.sha256First })
        var stray = data
        stray[firstPage + 1] ^= 0xFF
        refused(stray, "a page shows content the file does not hold")
        for length in stride(from: 0, to: data.count - 1, by: 97) { // cut anywhere: never read
            #expect(throws: ScribbleFormatError.self) { try ScribbleMemento(data: Array(data.prefix(length))) }
        }
        // A version 6 file is never planned for reading in parts.
        let planned = data.withUnsafeBytes { raw in try? ScribbleFormat.plan(raw, firstPartBytes: 1, partBytes: 1) }
        #expect(planned == nil)
    }
}

extension [UInt8] {
    /// The first byte of these bytes' SHA-256 (to find the page nodes naming them).
    fileprivate var sha256First: UInt8 { ContentDigest(of: self).bytes[0] }
}
