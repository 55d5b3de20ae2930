import Foundation
import PdfKit
import Testing

/// PdfDocument on what a user may open by mistake or an attacker may craft: truncated
/// files, random bytes, hostile sizes and counts, encrypted files.
@Suite(.timeLimit(.minutes(1)))
struct PdfHostileInputTests {
    @Test func randomBytesAreNotAPdf() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 100, 10_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: PdfError.self) { try PdfDocument(bytes: bytes) }
        }
        #expect(throws: PdfError.damaged("the file is empty")) { try PdfDocument(bytes: []) }
    }

    @Test func aTruncatedFileOpensWhatCanBeReadOrSaysItIsDamaged() throws {
        let whole = PdfDocumentTests.twoPages
        for length in [10, whole.count / 4, whole.count / 2, whole.count * 3 / 4, whole.count - 20] {
            let cut = Array(whole.prefix(length))
            do {
                let document = try PdfDocument(bytes: cut)
                // Whatever poppler rebuilt: every page answers without a crash.
                for index in 0..<document.pageCount {
                    let page = document.page(at: index)
                    #expect(page.width >= 1 && page.height >= 1)
                    let canvas = PixelCanvas(width: 50, height: 50)
                    document.render(page: page, scale: 0.1, on: canvas.context)
                    _ = document.text(page: page)
                    _ = document.links(page: page)
                }
            } catch {
                guard case .damaged = error else {
                    Issue.record("\(length) bytes: \(error)")
                    continue
                }
            }
        }
        // Without its last bytes (the cross-reference table and trailer), poppler rebuilds it.
        let rebuilt = try PdfDocument(bytes: Array(whole.prefix(whole.count - 20)))
        #expect(rebuilt.pageCount == 2)
        #expect(rebuilt.text(page: rebuilt.page(at: 0)).contains("Hello"))
    }

    @Test func aPageOver200InchesIsScaledDownWhole() throws {
        let bytes = PdfMaker.handWritten(pages: [("[0 0 28800 1000]", ""), ("[0 0 1e30 1e30]", ""), ("[0 0 0 0]", "")])
        let document = try PdfDocument(bytes: bytes)
        let wide = document.page(at: 0)
        #expect(wide.width == PdfDocument.maximumPageSide && wide.height == 500 && wide.contentScale == 0.5)
        // The box at (10…60, 10…30) of its own points is at half that, from the bottom (1000 pt).
        let canvas = PixelCanvas(width: 40, height: 20)
        #expect(document.render(page: wide, area: PdfRect(x: 0, y: 480, width: 40, height: 20), on: canvas.context))
        #expect(canvas.pixel(x: 15, y: 10).blue == 255 && canvas.pixel(x: 15, y: 10).red == 0)
        #expect(canvas.pixel(x: 35, y: 10).red == 255)
        for index in 1..<document.pageCount {
            let page = document.page(at: index)
            #expect(page.width.isFinite && page.height.isFinite)
            #expect((PdfDocument.minimumPageSide...PdfDocument.maximumPageSide).contains(max(page.width, page.height)))
        }
    }

    @Test func aPageTreeClaiming100000PagesIsNotWalked() throws {
        // poppler checks /Count against the objects the file has and counts no page when it
        // cannot be so: the document is damaged, found out at once.
        let lying = PdfMaker.handWritten(pages: [("[0 0 200 100]", "")], count: 100_000)
        #expect(throws: PdfError.damaged("no page could be read")) { try PdfDocument(bytes: lying) }
        // A tree that does have more pages than are offered offers the first ones.
        let many = PdfMaker.handWritten(pages: Array(repeating: ("[0 0 20 10]", ""), count: 2_000))
        let document = try PdfDocument(bytes: many)
        #expect(document.pageCount == 2_000 && document.declaredPageCount == 2_000)
        #expect(document.page(at: 1_999).width == 20)
    }

    @Test func anEncryptedPdfAsksForItsPasswordAndOpensWithIt() throws {
        let folder = TemporaryFolder()
        let plain = folder.file("plain.pdf"), locked = folder.file("locked.pdf")
        try Data(PdfDocumentTests.twoPages).write(to: URL(fileURLWithPath: plain))
        let qpdf = Process()
        qpdf.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf") // scripts/setup.sh test installs it
        qpdf.arguments = ["--encrypt", "secret", "owner-secret", "256", "--", plain, locked]
        try qpdf.run()
        qpdf.waitUntilExit()
        try #require([0, 3].contains(qpdf.terminationStatus)) // 3: done, with warnings
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: locked)))
        #expect(throws: PdfError.passwordRequired) { try PdfDocument(bytes: bytes) }
        #expect(throws: PdfError.wrongPassword) { try PdfDocument(bytes: bytes, password: "guess") }
        let opened = try PdfDocument(bytes: bytes, password: "secret")
        #expect(opened.pageCount == 2 && opened.text(page: opened.page(at: 0)).contains("Hello Poppler"))
        let byOwner = try PdfDocument(bytes: bytes, password: "owner-secret")
        #expect(byOwner.pageCount == 2)
    }

    @Test func errorsSayWhatHappenedInOneLine() {
        for error in [PdfError.passwordRequired, .wrongPassword, .damaged("x"), .failed("y"), .popplerMissing("z")] {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
    }
}
