import CCairo
import Foundation
import Testing

@testable import PdfKit

/// PdfStamper on PDFs made in the test (Cairo, turned by qpdf), with ink drawn by Cairo and
/// checked as viewers read the result: poppler's tools and PdfDocument — the same pages,
/// sizes, text and links, the ink where it was drawn, the pages without ink untouched.
@Suite(.timeLimit(.minutes(2)))
struct PdfStamperTests {
    /// Four pages of text, figures and links, each its own size: `PdfDocumentTests`' two, then two more.
    static let original: [UInt8] = PdfMaker.cairo(
        PdfDocumentTests.twoPagesMade + [
            PdfMaker.Page(width: 400, height: 300) { context in
                PdfMaker.text("Third page", x: 40, y: 250, on: context)
                PdfMaker.link("uri='https://example.org/third'", x: 300, y: 200, width: 60, height: 40, on: context)
            },
            PdfMaker.Page(width: 250, height: 250) { context in
                PdfMaker.text("Fourth", x: 20, y: 200, on: context)
                PdfMaker.blueBox(x: 150, y: 30, width: 50, height: 50, on: context)
            },
        ])

    /// Where the ink goes on each inked page, from its top left as shown: a red square.
    static let ink = (x: 30.0, y: 40.0, side: 20.0)

    /// An overlay made page for page: for each of `sizes` (as shown), a page that size with a
    /// red square at `ink` when its index is in `inked`; then a 150×100 page with a red
    /// square at (100, 50) for ink outside every page.
    static func overlay(sizes: [(Double, Double)], inked: Set<Int>) -> [UInt8] {
        var pages = sizes.enumerated().map { index, size in
            PdfMaker.Page(width: size.0, height: size.1) { context in
                guard inked.contains(index) else { return }
                redSquare(x: ink.x, y: ink.y, on: context)
            }
        }
        pages.append(PdfMaker.Page(width: 150, height: 100) { context in redSquare(x: 100, y: 50, on: context) })
        return PdfMaker.cairo(pages)
    }

    /// A red square `ink.side` wide with its top left at (`x`, `y`).
    static func redSquare(x: Double, y: Double, on context: OpaquePointer) {
        cairo_set_source_rgb(context, 1, 0, 0)
        cairo_rectangle(context, x, y, ink.side, ink.side)
        cairo_fill(context)
    }

    /// The pages' sizes as shown, as poppler reads them.
    static func shownSizes(_ bytes: [UInt8]) throws -> [(Double, Double)] {
        let document = try PdfDocument(bytes: bytes)
        return (0..<document.pageCount).map { (document.page(at: $0).width, document.page(at: $0).height) }
    }

    /// `original` with its pages 2, 3 and 4 turned by /Rotate 90, 180 and 270 (by qpdf).
    static func rotated(in folder: TemporaryFolder) throws -> [UInt8] {
        let plain = folder.file("plain.pdf"), turned = folder.file("turned.pdf")
        try Data(original).write(to: URL(fileURLWithPath: plain))
        _ = try PdfTool.output("qpdf", ["--rotate=+90:2", "--rotate=+180:3", "--rotate=+270:4", plain, turned])
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: turned)))
    }

    /// Stamps `original` with ink on pages `inked` (from 0) and one page appended, writes the
    /// original and the result into `folder`, and checks everything a reader sees.
    func stampsAndKeepsThePages(_ original: [UInt8], inked: Set<Int>, folder: TemporaryFolder) throws {
        let sizes = try Self.shownSizes(original)
        let overlay = Self.overlay(sizes: sizes, inked: inked)
        let stamped = try PdfStamper.stamp(
            original: original, overlay: overlay, inkedPages: Dictionary(uniqueKeysWithValues: inked.map { ($0, $0) }),
            appendedPages: [sizes.count])
        let before = folder.file("before.pdf"), after = folder.file("after.pdf")
        try Data(original).write(to: URL(fileURLWithPath: before))
        try Data(stamped).write(to: URL(fileURLWithPath: after))

        // A sound PDF (QPDF finds nothing to repair), with the same pages, sizes, rotations,
        // text and links; one page more.
        #expect(try PdfTool.run("qpdf", ["--check", after]).status == 0)
        #expect(try PdfTool.pageCount(after) == sizes.count + 1)
        #expect(try PdfTool.pageLines(after, pages: 1...sizes.count) == PdfTool.pageLines(before, pages: 1...sizes.count))
        #expect(try PdfTool.links(after) == PdfTool.links(before))
        let document = try PdfDocument(bytes: stamped), source = try PdfDocument(bytes: original)
        for index in 0..<sizes.count {
            #expect(try PdfTool.text(after, page: index + 1) == PdfTool.text(before, page: index + 1), "page \(index + 1)")
            #expect(document.page(at: index) == source.page(at: index))
            #expect(document.text(page: document.page(at: index)) == source.text(page: source.page(at: index)))
            #expect(document.links(page: document.page(at: index)) == source.links(page: source.page(at: index)))
        }

        // The ink where it was drawn as the page is shown, and nothing else changed.
        let square = (x: Int(Self.ink.x)..<Int(Self.ink.x + Self.ink.side), y: Int(Self.ink.y)..<Int(Self.ink.y + Self.ink.side))
        for index in 0..<sizes.count {
            let was = try PdfTool.image(before, page: index + 1), now = try PdfTool.image(after, page: index + 1)
            let inside = (x: (square.x.lowerBound - 1)..<(square.x.upperBound + 1), y: (square.y.lowerBound - 1)..<(square.y.upperBound + 1))
            #expect(now.differences(from: was, except: inside) == 0, "page \(index + 1)")
            let middle = (x: square.x.lowerBound + 10, y: square.y.lowerBound + 10)
            if inked.contains(index) {
                for (x, y) in [middle, (square.x.lowerBound + 1, square.y.lowerBound + 1), (square.x.upperBound - 2, square.y.upperBound - 2)] {
                    #expect(now.isRed(x: x, y: y), "page \(index + 1) at (\(x), \(y))")
                }
                #expect(!now.isRed(x: square.x.lowerBound - 3, y: middle.y) && !now.isRed(x: middle.x, y: square.y.upperBound + 2))
            } else {
                #expect(now.differences(from: was) == 0, "page \(index + 1)")
                // Not a byte of its content changed.
                #expect(try PdfTool.contentStreams(after, page: index + 1) == PdfTool.contentStreams(before, page: index + 1))
            }
        }
        // An inked page draws its own streams as they were, between q/Q and the ink.
        for index in inked {
            let streams = try PdfTool.contentStreams(after, page: index + 1), own = try PdfTool.contentStreams(before, page: index + 1)
            #expect(streams.count == own.count + 2 && Array(streams.dropFirst().dropLast()) == own)
        }

        // The page for ink outside every page, appended.
        let extra = try PdfTool.image(after, page: sizes.count + 1)
        #expect(extra.width == 150 && extra.height == 100)
        #expect(extra.isRed(x: 110, y: 60) && !extra.isRed(x: 50, y: 60))
    }

    @Test func stampsInkOntoTheOriginalPages() throws {
        try stampsAndKeepsThePages(Self.original, inked: [0, 2], folder: TemporaryFolder())
    }

    @Test func stampsInkUprightOntoRotatedPages() throws {
        let folder = TemporaryFolder()
        let rotated = try Self.rotated(in: folder)
        let document = try PdfDocument(bytes: rotated)
        #expect((0..<4).map { document.rotation(ofPage: $0) } == [0, 90, 180, 270])
        try stampsAndKeepsThePages(rotated, inked: [1, 2, 3], folder: folder)
    }

    @Test func inheritedBoxesResourcesAndRotationAreFollowed() throws {
        // Two pages that take their media box, crop box, /Rotate and resources from the page
        // tree, their content an array of two streams; ink on the second only.
        let content = "<< /Length 26 >>\nstream\n0 0 1 rg 10 10 50 20 re\nendstream"
        let bytes = PdfMaker.assemble([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 300 200] /CropBox [50 20 250 200] /Rotate 90 /Resources 5 0 R >>",
            "<< /Type /Page /Parent 2 0 R /Contents [6 0 R 7 0 R] >>",
            "<< /Type /Page /Parent 2 0 R /Contents [6 0 R 7 0 R] >>",
            "<< /ProcSet [/PDF] >>",
            content,
            "<< /Length 2 >>\nstream\nf\n\nendstream",
        ])
        let folder = TemporaryFolder()
        let source = try PdfDocument(bytes: bytes)
        #expect(source.page(at: 1).width == 180 && source.page(at: 1).height == 200 && source.rotation(ofPage: 1) == 90)
        let overlay = Self.overlay(sizes: [(180, 200), (180, 200)], inked: [1])
        let stamped = try PdfStamper.stamp(original: bytes, overlay: overlay, inkedPages: [1: 1])
        let after = folder.file("after.pdf"), before = folder.file("before.pdf")
        try Data(stamped).write(to: URL(fileURLWithPath: after))
        try Data(bytes).write(to: URL(fileURLWithPath: before))
        #expect(try PdfTool.pageCount(after) == 2)
        let inked = try PdfTool.image(after, page: 2), plain = try PdfTool.image(after, page: 1)
        #expect(inked.width == 180 && inked.height == 200)
        #expect(inked.isRed(x: 40, y: 50) && !plain.isRed(x: 40, y: 50))
        #expect(plain.differences(from: try PdfTool.image(before, page: 1)) == 0)
        // The shared resources are not touched: the first page's dictionary is as it was.
        #expect(try !PdfTool.object(after, PdfTool.pageObject(after, page: 1)).contains("TPInk"))
        #expect(try !PdfTool.object(after, "2").contains("TPInk"))
    }

    @Test func anEncryptedPdfIsStampedWithItsPasswordAndStaysEncrypted() throws {
        let folder = TemporaryFolder()
        let plain = folder.file("plain.pdf"), locked = folder.file("locked.pdf"), after = folder.file("after.pdf")
        try Data(Self.original).write(to: URL(fileURLWithPath: plain))
        _ = try PdfTool.output("qpdf", ["--encrypt", "secret", "owner-secret", "256", "--", plain, locked])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: locked)))
        let overlay = Self.overlay(sizes: try Self.shownSizes(Self.original), inked: [0])
        #expect(throws: PdfError.passwordRequired) { try PdfStamper.stamp(original: bytes, overlay: overlay, inkedPages: [0: 0]) }
        #expect(throws: PdfError.wrongPassword) {
            try PdfStamper.stamp(original: bytes, password: "guess", overlay: overlay, inkedPages: [0: 0])
        }
        for password in ["secret", "owner-secret"] {
            let stamped = try PdfStamper.stamp(original: bytes, password: password, overlay: overlay, inkedPages: [0: 0])
            #expect(throws: PdfError.passwordRequired) { try PdfDocument(bytes: stamped) }
            let document = try PdfDocument(bytes: stamped, password: "secret")
            #expect(document.pageCount == 4 && document.text(page: document.page(at: 0)).contains("Hello Poppler"))
            let canvas = PixelCanvas(width: 300, height: 200)
            #expect(document.render(page: document.page(at: 0), on: canvas.context))
            #expect(canvas.isRed(x: 40, y: 50) && canvas.pixel(x: 50, y: 40).blue == 255)
            try Data(stamped).write(to: URL(fileURLWithPath: after))
            #expect(try PdfTool.text(after, page: 1, password: "secret") == PdfTool.text(locked, page: 1, password: "secret"))
        }
    }

    @Test func stampsFromSeveralThreadsAtOnce() async throws {
        let overlay = Self.overlay(sizes: try Self.shownSizes(Self.original), inked: [1])
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    let stamped = try? PdfStamper.stamp(original: Self.original, overlay: overlay, inkedPages: [1: 1], appendedPages: [4])
                    return stamped.flatMap { try? PdfDocument(bytes: $0).pageCount } ?? 0
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 5, count: 6))
    }

    @Test(arguments: [0, 90, 180, 270])
    func theFormMatrixPutsTheOverlaysCornersOnThePagesAsShown(rotation: Int) {
        // A page stored 200 × 100 at (10, 20); an overlay box at (5, 5), half the shown size.
        let page = PdfBox(left: 10, bottom: 20, right: 210, top: 120)
        let turned = rotation % 180 == 90
        let overlay = PdfBox(left: 5, bottom: 5, right: 5 + (turned ? 50 : 100), top: 5 + (turned ? 100 : 50))
        let m = PdfStamper.formMatrix(from: overlay, onto: page, rotation: rotation)
        func map(_ u: Double, _ v: Double) -> [Double] { [m[0] * u + m[2] * v + m[4], m[1] * u + m[3] * v + m[5]] }
        // The overlay's top left as seen is the page's top left as seen: stored, the corner a
        // viewer turns to the top left (clockwise turns: top left, bottom left, bottom right, top right).
        let topLeft: [Int: [Double]] = [0: [10, 120], 90: [10, 20], 180: [210, 20], 270: [210, 120]]
        let bottomRight: [Int: [Double]] = [0: [210, 20], 90: [210, 120], 180: [10, 120], 270: [10, 20]]
        #expect(map(overlay.left, overlay.top) == topLeft[rotation])
        #expect(map(overlay.right, overlay.bottom) == bottomRight[rotation])
    }
}
