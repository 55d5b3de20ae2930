import Foundation
import PdfKit
import Testing
@testable import ScribbleKit

/// A PDF turned into a scribble (`Scribble.importingPdf`): its pages top to bottom at their
/// own sizes and rotations, one PDF in the content store, and a clear error for what cannot
/// be opened.
struct PdfImportTests {
    let folder = TemporaryDirectory()

    private func pages(_ scribble: Scribble) -> [Page] { scribble.marks.compactMap { $0 as? Page } }

    @Test func pagesLieTopToBottomAtTheirOwnSizesAGapApart() throws {
        let pdf = PdfFixture.pdf([
            .init(width: 612, height: 792), .init(width: 300, height: 150), .init(width: 842, height: 595),
        ])
        let scribble = try Scribble.importingPdf(pdf)
        let laid = pages(scribble)
        try #require(laid.count == 3 && scribble.marks.count == 3)
        #expect(laid.map(\.pageIndex) == [0, 1, 2])
        // 96/72 px a point, centred on the first page's centre line (x = 408).
        #expect(laid[0].frame == Rect(x: 0, y: 0, width: 816, height: 1056))
        #expect(laid[1].frame == Rect(x: 208, y: 1056 + PdfLayout.gap, width: 400, height: 200))
        let wide = (width: MarkLimits.snapped(842 * 4 / 3), height: MarkLimits.snapped(595 * 4 / 3))
        #expect(
            laid[2].frame
                == Rect(x: MarkLimits.snapped(408 - wide.width / 2), y: 1056 + 200 + 2 * PdfLayout.gap, width: wide.width, height: wide.height))
        #expect(scribble.contents.count == 1 && scribble.contents.entries[0].bytes == pdf)
        #expect(laid.allSatisfy { $0.content === laid[0].content }, "one content for every page")
        #expect(scribble.contents.entries[0].digest == ContentDigest(of: pdf))
        #expect(scribble.pageFrames == laid.map(\.frame))
        // The page keys find them: the view centred on the second page is on it.
        var view = Viewport(width: 1000, height: 700)
        view.centre(onX: 408, y: Double(laid[1].frame.minY + 100))
        #expect(PageNavigation(pages: scribble.pageFrames).currentPage(in: view) == 1)
    }

    @Test func aTurnedPageLiesAsItIsShown() throws {
        let pdf = try PdfFixture.qpdf(
            PdfFixture.pdf([.init(width: 200, height: 100), .init(width: 200, height: 100)]), ["--rotate=+90:2"], in: folder)
        let laid = pages(try Scribble.importingPdf(pdf))
        try #require(laid.count == 2)
        #expect(laid[0].frame.width > laid[0].frame.height && laid[1].frame.height > laid[1].frame.width)
        #expect(laid[1].frame.width == laid[0].frame.height && laid[1].frame.height == laid[0].frame.width)
    }

    @Test func aPageTwoHundredInchesWideIsBoundedAndTheCanvasHoldsEveryPageItCan() throws {
        let pdf = PdfFixture.pdf([.init(width: 14_400, height: 100), .init(width: 14_400 * 2, height: 50)])
        let laid = pages(try Scribble.importingPdf(pdf))
        try #require(laid.count == 2)
        #expect(laid.allSatisfy { $0.frame.width <= Page.maximumSide && $0.frame.height >= 1 })
        #expect(laid[0].frame.width == 19_200)
        // A column ends at the canvas' edge: the next starts to the right of the widest page.
        let tall = PdfLayout.frames(for: Array(repeating: (width: 600.0, height: 14_400.0), count: 60))
        #expect(tall.allSatisfy { $0.maxY <= MarkLimits.maximumCoordinate && $0.maxX <= MarkLimits.maximumCoordinate })
        #expect(tall.count == 60 && Set(tall.map(\.minX)).count > 1)
        for (page, next) in zip(tall, tall.dropFirst()) where next.minX != page.minX {
            #expect(next.minX > page.maxX && next.minY == 0, "a new column, clear of the one before")
        }
        let wide = PdfLayout.frames(for: Array(repeating: (width: 14_400.0, height: 14_400.0), count: 20_000))
        #expect(wide.count < 20_000 && wide.allSatisfy { $0.maxX <= MarkLimits.maximumCoordinate }, "the rest left out")
    }

    @Test func aLongPdfImportsFastReadingOnlyPageSizes() throws {
        let pdf = PdfFixture.pdf(Array(repeating: PdfFixture.Page(width: 612, height: 792, box: (72, 72, 100, 20)), count: 2_400))
        let clock = ContinuousClock()
        var scribble: Scribble?
        let took = try clock.measure { scribble = try Scribble.importingPdf(pdf) }
        #expect(scribble.map(pages)?.count == 2_400)
        #expect(took < .seconds(1), "\(took)")
    }

    @Test func whatCannotBeOpenedSaysWhyInOneLine() throws {
        let pdf = PdfFixture.sample
        #expect(throws: PdfError.self) { try Scribble.importingPdf(Array("not a PDF at all".utf8)) }
        let locked = try PdfFixture.qpdf(pdf, ["--encrypt", "secret", "secret", "256"], in: folder)
        #expect(throws: PdfError.passwordRequired) { try Scribble.importingPdf(locked) }
        #expect(throws: PdfError.wrongPassword) { try Scribble.importingPdf(locked, password: "guess") }
        let opened = try Scribble.importingPdf(locked, password: "secret")
        #expect(pages(opened).count == 1 && opened.contents.entries[0].pdfDocument != nil)
        do {
            _ = try Scribble.importingPdf(Array(pdf.prefix(40)))
            Issue.record("a truncated PDF opened")
        } catch {
            #expect(!error.description.contains("\n") && !error.description.isEmpty)
        }
    }
}
