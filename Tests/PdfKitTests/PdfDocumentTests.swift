import CCairo
import CairoKit
import Foundation
import PdfKit
import Testing

/// PdfDocument over PDFs made in the test: pages, sizes, rendering, text, find and links.
@Suite(.timeLimit(.minutes(1)))
struct PdfDocumentTests {
    /// Two pages: 300×200 pt with a blue box, a line of text and a link to a web address;
    /// 200×400 pt with a word and a link to the first page. (Cairo 1.16, Debian 12's, writes
    /// it with one cross-reference entry pointing at the wrong object when links are tagged;
    /// poppler and qpdf repair it, with warnings.)
    static let twoPages: [UInt8] = PdfMaker.cairo(twoPagesMade)

    /// The pages of `twoPages`, as they are made (other suites' PDFs begin with them).
    static var twoPagesMade: [PdfMaker.Page] {
        [
            PdfMaker.Page(width: 300, height: 200) { context in
                PdfMaker.blueBox(x: 20, y: 20, width: 60, height: 40, on: context)
                PdfMaker.text("Hello Poppler", x: 20, y: 150, on: context)
                PdfMaker.link("uri='https://example.org/pdf'", x: 200, y: 20, width: 80, height: 30, on: context)
            },
            PdfMaker.Page(width: 200, height: 400) { context in
                PdfMaker.text("Second", x: 30, y: 300, on: context)
                PdfMaker.link("page=1", x: 10, y: 10, width: 50, height: 50, on: context)
            },
        ]
    }

    @Test func countsPagesAndTheirSizes() throws {
        let document = try PdfDocument(bytes: Self.twoPages)
        #expect(document.pageCount == 2 && document.declaredPageCount == 2)
        let first = document.page(at: 0), second = document.page(at: 1)
        #expect(first.width == 300 && first.height == 200 && document.rotation(ofPage: 0) == 0 && first.contentScale == 1 && first.isReadable)
        #expect(second.width == 200 && second.height == 400 && second.index == 1)
    }

    @Test func rendersTheFigureAndTheTextWhereTheyAre() throws {
        let document = try PdfDocument(bytes: Self.twoPages)
        let canvas = PixelCanvas(width: 600, height: 400)
        #expect(document.render(page: document.page(at: 0), scale: 2, on: canvas.context))
        let box = canvas.pixel(x: 100, y: 80) // the box's middle, (50, 40) pt
        #expect(box.blue == 255 && box.red == 0 && box.green == 0)
        let blank = canvas.pixel(x: 500, y: 300)
        #expect(blank.red == 255 && blank.green == 255 && blank.blue == 255)
        // The text's glyphs: baseline at 150 pt, 24 pt high, from 20 pt.
        #expect(canvas.darkPixels(x: 40, y: 264, width: 300, height: 36) > 200)
        #expect(canvas.darkPixels(x: 40, y: 310, width: 300, height: 80) == 0)
    }

    @Test func rendersPartOfAPageAtAScale() throws {
        let document = try PdfDocument(bytes: Self.twoPages)
        let canvas = PixelCanvas(width: 80, height: 60)
        // The tile starts inside the box (20…80, 20…60 pt); at 1.5 px a point the box's right
        // edge is at (80 - 30) × 1.5 = 75 px, its bottom at (60 - 25) × 1.5 = 52.5 px.
        let area = PdfRect(x: 30, y: 25, width: 80 / 1.5, height: 40)
        #expect(document.render(page: document.page(at: 0), area: area, scale: 1.5, on: canvas.context))
        for (x, y) in [(0, 0), (74, 0), (0, 51), (40, 30), (70, 50)] {
            #expect(canvas.pixel(x: x, y: y).blue == 255 && canvas.pixel(x: x, y: y).red == 0, "(\(x), \(y))")
        }
        #expect(canvas.pixel(x: 77, y: 30).red == 255 && canvas.pixel(x: 10, y: 56).red == 255)
    }

    @Test func refusesRendersItCannotBound() throws {
        let document = try PdfDocument(bytes: Self.twoPages)
        let canvas = PixelCanvas(width: 10, height: 10)
        let page = document.page(at: 0)
        #expect(!document.render(page: page, scale: 0, on: canvas.context))
        #expect(!document.render(page: page, scale: .nan, on: canvas.context))
        #expect(!document.render(page: page, scale: 200, on: canvas.context)) // 60,000 px wide
        #expect(!document.render(page: page, area: PdfRect(x: 0, y: 0, width: -1, height: 5), on: canvas.context))
    }

    @Test func readsAPagesText() throws {
        let document = try PdfDocument(bytes: Self.twoPages)
        #expect(document.text(page: document.page(at: 0)).contains("Hello Poppler"))
        #expect(document.text(page: document.page(at: 1)).contains("Second"))
    }

    @Test func findsAWordWhereItIs() throws {
        let document = try PdfDocument(bytes: Self.twoPages)
        let page = document.page(at: 0)
        let found = document.find("poppler", page: page) // any case
        try #require(found.count == 1)
        let word = found[0]
        // "Hello " in DejaVu Sans at 24 pt is about 75 pt wide; the line from 132 to 156 pt.
        #expect(word.x > 70 && word.x < 120 && word.width > 60 && word.width < 120)
        #expect(word.y > 120 && word.y < 140 && word.y + word.height > 148 && word.y + word.height < 162)
        #expect(document.find("absent", page: page).isEmpty && document.find("", page: page).isEmpty)
        #expect(document.find("Second", page: document.page(at: 1)).count == 1)
    }

    @Test func listsLinksToAddressesAndPages() throws {
        let document = try PdfDocument(bytes: Self.twoPages)
        let first = document.links(page: document.page(at: 0))
        try #require(first.count == 1)
        #expect(first[0].target == .uri("https://example.org/pdf"))
        let area = first[0].area
        #expect(abs(area.x - 200) < 1 && abs(area.y - 20) < 1 && abs(area.width - 80) < 1 && abs(area.height - 30) < 1)
        let second = document.links(page: document.page(at: 1))
        try #require(second.count == 1)
        #expect(second[0].target == .page(0))
        #expect(second[0].area.contains(x: 35, y: 35))
    }

    @Test(arguments: [0, 90, 180, 270])
    func readsEachRotation(degrees: Int) throws {
        let bytes = PdfMaker.handWritten(pages: [("[0 0 200 100]", "/Rotate \(degrees)"), ("[0 0 100 100]", "/Rotate \(degrees)")])
        let document = try PdfDocument(bytes: bytes)
        let page = document.page(at: 0), square = document.page(at: 1)
        #expect(document.rotation(ofPage: 0) == degrees && document.rotation(ofPage: 1) == degrees)
        let quarter = degrees % 180 == 90
        #expect(page.width == (quarter ? 100 : 200) && page.height == (quarter ? 200 : 100))
    }

    @Test func rendersARotatedPageTurned() throws {
        // The box spans (10…60, 10…30) in the page's own space, from its bottom left; turned a
        // quarter clockwise, that corner goes to the top left: the box is at (10…30, 10…60).
        let document = try PdfDocument(bytes: PdfMaker.handWritten(pages: [("[0 0 200 100]", "/Rotate 90")]))
        let canvas = PixelCanvas(width: 100, height: 200)
        #expect(document.render(page: document.page(at: 0), on: canvas.context))
        #expect(canvas.pixel(x: 20, y: 35).blue == 255 && canvas.pixel(x: 20, y: 35).red == 0)
        #expect(canvas.pixel(x: 35, y: 20).red == 255)
    }

    @Test func rendersFromSeveralThreadsAtOnce() async throws {
        let document = try PdfDocument(bytes: Self.twoPages)
        let page = document.page(at: 0)
        let blues = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let canvas = PixelCanvas(width: 300, height: 200)
                    document.render(page: page, on: canvas.context)
                    _ = document.text(page: page)
                    return canvas.pixel(x: 50, y: 40).blue
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(blues == Array(repeating: 255, count: 8))
    }
}
