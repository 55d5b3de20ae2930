import Foundation
import Testing

@testable import PdfKit

/// PdfStamper on what it must refuse in one line, never crashing: files that are not PDFs,
/// damaged ones, encrypted ones without their password, hostile page trees, page numbers the
/// overlay or the PDF does not have.
@Suite(.timeLimit(.minutes(2)))
struct PdfStamperHostileInputTests {
    static let overlay = PdfStamperTests.overlay(sizes: [(300, 200), (200, 400), (400, 300), (250, 250)], inked: [0])

    @Test func bytesThatAreNotAPdfAreRefused() {
        var generator = SystemRandomNumberGenerator()
        for length in [1, 100, 10_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: PdfError.self) { try PdfStamper.stamp(original: bytes, overlay: Self.overlay, inkedPages: [0: 0]) }
        }
        #expect(throws: PdfError.damaged("the file is empty")) { try PdfStamper.stamp(original: [], overlay: Self.overlay, inkedPages: [:]) }
    }

    @Test func aTruncatedPdfIsRepairedOrRefused() throws {
        let whole = PdfStamperTests.original
        for length in [10, whole.count / 4, whole.count / 2, whole.count * 3 / 4, whole.count - 20] {
            do {
                let stamped = try PdfStamper.stamp(original: Array(whole.prefix(length)), overlay: Self.overlay, inkedPages: [0: 0])
                // What QPDF repaired reads back, with its first page inked.
                let document = try PdfDocument(bytes: stamped)
                #expect(document.pageCount >= 1)
            } catch {
                switch error {
                case .damaged, .stampFailed: break
                default: Issue.record("\(length) bytes: \(error)")
                }
            }
        }
        // Without its cross-reference table and trailer, QPDF rebuilds it.
        let rebuilt = try PdfStamper.stamp(original: Array(whole.prefix(whole.count - 20)), overlay: Self.overlay, inkedPages: [0: 0])
        #expect(try PdfDocument(bytes: rebuilt).pageCount == 4)
    }

    @Test func pagesTheOriginalOrTheOverlayDoesNotHaveAreRefused() {
        let original = PdfStamperTests.original
        for (inked, appended) in [([4: 0], []), ([-1: 0], []), ([0: 5], []), ([0: -1], []), ([:], [5]), ([:], [-1])] {
            #expect(throws: PdfError.self) {
                try PdfStamper.stamp(original: original, overlay: Self.overlay, inkedPages: inked, appendedPages: appended)
            }
        }
        #expect(throws: PdfError.self) { try PdfStamper.stamp(original: original, overlay: Array("not a PDF".utf8), inkedPages: [0: 0]) }
    }

    @Test func aPageTreeClaiming100000PagesIsRefused() {
        // QPDF walks the tree's /Kids and finds one page; written back, the tree would still
        // claim 100,000, which poppler refuses (PdfDocument: "no page could be read").
        let lying = PdfMaker.handWritten(pages: [("[0 0 300 200]", "")], count: 100_000)
        #expect(throws: PdfError.damaged("its page tree counts 100000 pages and has 1")) {
            try PdfStamper.stamp(original: lying, overlay: Self.overlay, inkedPages: [0: 0])
        }
    }

    @Test func aPageTreeOf100000PagesIsStamped() throws {
        let many = PdfMaker.handWritten(pages: Array(repeating: ("[0 0 300 200]", ""), count: 100_000))
        let stamped = try PdfStamper.stamp(original: many, overlay: Self.overlay, inkedPages: [99_999: 0], appendedPages: [4])
        let document = try PdfDocument(bytes: stamped)
        #expect(document.declaredPageCount == 100_001)
    }

    @Test func aPageTreeWhoseParentsGoRoundIsNotFollowedForever() throws {
        // Page 3's /Parent is itself: its inherited /MediaBox is looked for a bounded number of
        // times, and the default is used.
        let bytes = PdfMaker.assemble([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 3 0 R /Contents 4 0 R >>",
            "<< /Length 0 >>\nstream\n\nendstream",
        ])
        do {
            let stamped = try PdfStamper.stamp(original: bytes, overlay: Self.overlay, inkedPages: [0: 0])
            #expect(!stamped.isEmpty)
        } catch {
            guard case .damaged = error else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test func errorsSayWhatHappenedInOneLine() {
        for error in [PdfError.stampFailed("x"), .qpdfMissing("y")] {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
    }
}
