import Foundation
import Testing
@testable import ScribbleKit

/// A `.xopp` export of a drawing on a PDF's pages names its PDF as Xournal++ reads it: the
/// PDF's own bytes attached beside the notebook (`<notebook>.bg.pdf`), a notebook page of each
/// PDF page's size with its background and its ink in page coordinates, and the ink on no
/// page on one more page; `XoppImporter` reads it back to the same pages and ink.
@Suite(.timeLimit(.minutes(1)))
struct XoppPagesExportTests {
    let folder = TemporaryDirectory()
    /// Three pages: 300 × 200 pt, 200 × 300 pt, 300 × 200 pt.
    private let pdf = PdfFixture.pdf([
        .init(width: 300, height: 200, box: (10, 10, 40, 40)), .init(width: 200, height: 300), .init(width: 300, height: 200),
    ])

    private func stroke(_ points: [Point]) -> Stroke {
        let stroke = Stroke(color: Color(red: 200, green: 10, blue: 10), size: 4)
        stroke.append(contentsOf: points)
        return stroke
    }

    /// The XML of the gzip notebook `name` in the folder.
    private func text(of name: String) throws -> String {
        let packed = try #require(folder.read(name))
        var xml: [UInt8] = []
        try packed.withUnsafeBytes { (bytes) throws(ImportFailure) in
            try Inflater.inflate(bytes, wrapping: .gzip, limit: 64 << 20) { xml += $0 }
        }
        return String(decoding: xml, as: UTF8.self)
    }

    private func vertices(_ stroke: Stroke) -> [Point] {
        stroke.elements.compactMap { if case .vertex(let point) = $0 { point } else { nil } }
    }

    /// A drawing on `pdf`'s pages: a stroke across page 2's middle, and one below every page.
    private func drawing() throws -> (scribble: Scribble, onPage: [Point], offPage: [Point]) {
        let scribble = try Scribble.importingPdf(pdf)
        let frame = scribble.pageFrames[1]
        let onPage = [Point(x: frame.minX + 20, y: frame.minY + 200), Point(x: frame.minX + 180, y: frame.minY + 210)]
        let last = scribble.pageFrames[2]
        let offPage = [Point(x: last.minX + 10, y: last.maxY + 300), Point(x: last.minX + 90, y: last.maxY + 340)]
        scribble.add(stroke(onPage))
        scribble.add(stroke(offPage))
        return (scribble, onPage, offPage)
    }

    @Test func thePdfIsWrittenBesideTheNotebookAndEachPageNamesIt() throws {
        let (scribble, _, _) = try drawing()
        let path = folder.file("notes.xopp")
        try Exporter(memento: scribble.makeMemento()).write(.xopp, to: path)
        #expect(folder.read("notes.xopp.bg.pdf") == pdf, "the original bytes, attached")
        #expect(Exporter(memento: scribble.makeMemento()).attachedPdfNote(for: path)?.contains("“notes.xopp.bg.pdf”") == true)
        // Both written atomically: no temporary file left beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.xopp", "notes.xopp.bg.pdf"])
        let xml = try text(of: "notes.xopp")
        let backgrounds = xml.components(separatedBy: "<background type=\"pdf\" domain=\"attach\" filename=\"bg.pdf\"").count - 1
        #expect(backgrounds == 3)
        // Each page at its PDF page's size in points, then one for the ink on none.
        let sizes = xml.components(separatedBy: "<page width=\"").dropFirst().map { tag in
            let fields = tag.split(separator: "\"")
            return (width: Double(fields[0]) ?? 0, height: Double(fields[2]) ?? 0)
        }
        try #require(sizes.count == 4)
        for (size, expected) in zip(sizes, [(300.0, 200.0), (200, 300), (300, 200)]) {
            #expect(abs(size.width - expected.0) < 0.01 && abs(size.height - expected.1) < 0.01, "\(size)")
        }
        #expect(xml.contains("pageno=\"2ll\""))
    }

    @Test func theNotebookReadsBackToThePagesAndTheInkOnThem() throws {
        let (scribble, onPage, offPage) = try drawing()
        let path = folder.file("round.xopp")
        try Exporter(memento: scribble.makeMemento()).write(.xopp, to: path)
        let read = try XoppImporter.read(path)
        let pages = read.scribble.marks.compactMap { $0 as? Page }
        try #require(pages.count == 3)
        #expect(pages.map(\.pageIndex) == [0, 1, 2])
        #expect(read.scribble.contents.entries.map(\.bytes) == [pdf])
        #expect(read.leftOut.pdfBackgrounds == 0)
        let original = scribble.pageFrames
        for (page, frame) in zip(pages, original) {
            #expect(abs(page.frame.width - frame.width) < 0.01 && abs(page.frame.height - frame.height) < 0.01)
        }
        // The ink where it was on page 2, relative to the page.
        let strokes = read.scribble.marks.compactMap { $0 as? Stroke }.filter { $0.count == 2 && $0.color?.red == 200 }
        try #require(strokes.count == 2)
        let onPageRead = vertices(strokes[0])
        for (point, was) in zip(onPageRead, onPage) {
            #expect(abs((point.x - pages[1].frame.minX) - (was.x - original[1].minX)) < 0.01)
            #expect(abs((point.y - pages[1].frame.minY) - (was.y - original[1].minY)) < 0.01)
        }
        // The ink on no page on a page after the PDF's, its shape kept.
        let offPageRead = vertices(strokes[1])
        #expect(offPageRead.count == 2 && offPageRead[0].y > pages[2].frame.maxY)
        #expect(abs((offPageRead[1].x - offPageRead[0].x) - (offPage[1].x - offPage[0].x)) < 0.01)
        #expect(abs((offPageRead[1].y - offPageRead[0].y) - (offPage[1].y - offPage[0].y)) < 0.01)
    }

    @Test func aDrawingWithoutPagesWritesNoPdf() throws {
        let scribble = Scribble()
        scribble.add(stroke([Point(x: 10, y: 10), Point(x: 50, y: 50)]))
        try Exporter(memento: scribble.makeMemento()).write(.xopp, to: folder.file("plain.xopp"))
        #expect(folder.read("plain.xopp.bg.pdf") == nil)
        #expect(Exporter(memento: scribble.makeMemento()).attachedPdfNote(for: folder.file("plain.xopp")) == nil)
        let xml = try text(of: "plain.xopp")
        #expect(!xml.contains("type=\"pdf\""))
    }
}
