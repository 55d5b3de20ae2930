import CCairo
import CairoKit
import PdfKit
import Testing
@testable import ScribbleKit

/// A PDF export of a drawing on a PDF's pages: the original pages kept (their count, sizes
/// and content), the ink on the pages it crosses, the pages without ink as they were, and
/// ink on no page on an extra page at the end, which the export says.
@Suite(.timeLimit(.minutes(1)))
struct ExporterPagesTests {
    /// Three pages, 300 × 200 pt, each with a blue box in its top-left corner.
    private let original = PdfFixture.pdf(
        Array(repeating: PdfFixture.Page(width: 300, height: 200, box: (10, 10, 40, 40)), count: 3))

    private func drawing(withInkAt points: [Point]) throws -> Scribble {
        let scribble = try Scribble.importingPdf(original)
        let stroke = Stroke(color: Color(red: 220, green: 20, blue: 20), size: 8)
        stroke.append(contentsOf: points)
        scribble.add(stroke)
        return scribble
    }

    /// Page `index` of `pdf` rendered at 1 px a point, and whether (x, y) pt is `red`.
    private func isRed(_ pdf: PdfDocument, page index: Int, x: Int, y: Int) -> Bool {
        let page = pdf.page(at: index)
        let image = ImageSurface(width: Int(page.width), height: Int(page.height))
        image.draw { cr in pdf.render(page: page, on: CairoContext(cr)) }
        let pixel = image.pixel(x: x, y: y)
        return pixel.r > 180 && pixel.g < 80 && pixel.b < 80
    }

    @Test func theInkGoesOnTheOriginalPagesItCrosses() throws {
        let frames = try drawing(withInkAt: []).pageFrames
        // Across the middle of the second page: 100 pt down it, from 50 to 250 pt.
        let y = frames[1].minY + 100 * 96 / 72
        let scribble = try drawing(withInkAt: [Point(x: frames[1].minX + 66, y: y), Point(x: frames[1].minX + 333, y: y)])
        let exporter = Exporter(memento: scribble.makeMemento())
        let bytes = try exporter.export(.pdf)
        let pdf = try PdfDocument(bytes: bytes)
        #expect(pdf.pageCount == 3)
        for index in 0..<3 {
            let page = pdf.page(at: index)
            #expect(abs(page.width - 300) < 0.01 && abs(page.height - 200) < 0.01)
        }
        #expect(isRed(pdf, page: 1, x: 150, y: 100))
        #expect(!isRed(pdf, page: 0, x: 150, y: 100) && !isRed(pdf, page: 2, x: 150, y: 100))
        #expect(exporter.pagesNote == nil)
        // The original's own content, kept: the blue box on every page.
        for index in 0..<3 {
            let page = pdf.page(at: index)
            let image = ImageSurface(width: 300, height: 200)
            image.draw { cr in pdf.render(page: page, on: CairoContext(cr)) }
            let box = image.pixel(x: 30, y: 30)
            #expect(box.b > 200 && box.r < 60, "page \(index + 1)'s box")
        }
    }

    @Test func inkOnNoPageGoesOnAnExtraPageAndTheExportSaysSo() throws {
        let frames = try drawing(withInkAt: []).pageFrames
        let x = frames[0].maxX + 200 // right of every page
        let scribble = try drawing(withInkAt: [Point(x: x, y: 50), Point(x: x + 100, y: 50)])
        let exporter = Exporter(memento: scribble.makeMemento())
        let pdf = try PdfDocument(bytes: try exporter.export(.pdf))
        #expect(pdf.pageCount == 4)
        #expect(exporter.pagesNote != nil)
        for index in 0..<3 { #expect(!isRed(pdf, page: index, x: 150, y: 100)) }
    }

    @Test func aDrawingWithoutPagesExportsAsBefore() throws {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(contentsOf: [Point(x: 0, y: 0), Point(x: 100, y: 0)])
        scribble.add(stroke)
        let exporter = Exporter(memento: scribble.makeMemento())
        let pdf = try PdfDocument(bytes: try exporter.export(.pdf))
        #expect(pdf.pageCount == 1 && exporter.pagesNote == nil)
    }
}
