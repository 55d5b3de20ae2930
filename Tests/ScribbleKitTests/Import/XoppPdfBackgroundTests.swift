import Testing
@testable import ScribbleKit

/// Xournal++ notebooks written on a PDF (`<background type="pdf">`) open with the PDF's pages
/// where the notebook's pages are: the file found by its path, beside the notebook when it
/// moved, or attached (`domain="attach"`); a PDF that cannot be found is counted left out.
struct XoppPdfBackgroundTests {
    let folder = TemporaryDirectory()
    private let pdf = PdfFixture.pdf([.init(width: 96, height: 72, box: (10, 10, 20, 20)), .init(width: 72, height: 96)])

    /// A plain-XML notebook of two pages on PDF pages 2 and 1, the first naming the file.
    private func notebook(_ filename: String, domain: String, as name: String = "notes.xopp") -> String {
        let xml = """
            <?xml version="1.0" standalone="no"?>
            <xournal creator="Xournal++ 1.2.3" fileversion="4">
            <page width="72" height="96"><background type="pdf" domain="\(domain)" filename="\(filename)" pageno="2ll"/>
            <layer><stroke tool="pen" color="#ff0000ff" width="2">10 10 40 40</stroke></layer></page>
            <page width="96" height="72"><background type="pdf" pageno="1ll"/><layer/></page>
            </xournal>
            """
        folder.write(Array(xml.utf8), to: name)
        return folder.file(name)
    }

    private func pages(_ notebook: XoppImporter.Notebook) -> [Page] { notebook.scribble.marks.compactMap { $0 as? Page } }

    @Test func anAbsolutePathOpensThePdfsPagesUnderTheInk() throws {
        folder.write(pdf, to: "lecture.pdf")
        let read = try XoppImporter.read(notebook(folder.file("lecture.pdf"), domain: "absolute"))
        let laid = pages(read)
        try #require(laid.count == 2)
        #expect(laid.map(\.pageIndex) == [1, 0] && laid[0].content === laid[1].content)
        #expect(laid[0].frame == Rect(x: 0, y: 0, width: 96, height: 128))
        #expect(laid[1].frame == Rect(x: 0, y: 128 + XoppReader.pageGap, width: 128, height: 96))
        #expect(read.scribble.marks.prefix(2).allSatisfy { $0 is Page } && read.leftOut.pdfBackgrounds == 0)
        #expect(read.scribble.marks.last is Stroke, "the ink on top")
        #expect(read.scribble.contents.entries.map(\.bytes) == [pdf])
    }

    @Test func aMovedNotebookFindsItsPdfBesideItAndAnAttachedOneByItsName() throws {
        folder.write(pdf, to: "lecture.pdf")
        #expect(pages(try XoppImporter.read(notebook("/nowhere/lecture.pdf", domain: "absolute"))).count == 2)
        folder.write(pdf, to: "attached.xopp.bg.pdf")
        #expect(pages(try XoppImporter.read(notebook("bg.pdf", domain: "attach", as: "attached.xopp"))).count == 2)
    }

    @Test func aPdfThatCannotBeFoundOrReadIsCountedLeftOut() throws {
        let missing = try XoppImporter.read(notebook("/nowhere/gone.pdf", domain: "absolute"))
        #expect(pages(missing).isEmpty && missing.leftOut.pdfBackgrounds == 2)
        folder.write(Array(pdf.prefix(30)), to: "cut.pdf")
        let damaged = try XoppImporter.read(notebook(folder.file("cut.pdf"), domain: "absolute"))
        #expect(pages(damaged).isEmpty && damaged.leftOut.pdfBackgrounds == 2 && damaged.scribble.marks.last is Stroke)
    }
}
