import CCairo
import Foundation
import Testing
@testable import ScribbleKit

/// Pictures leave the app as they came (issue 54): a PDF embeds a JPEG's own bytes and a PNG
/// losslessly, an SVG export embeds the original bytes, a PNG export draws them.
@Suite(.timeLimit(.minutes(1)))
struct PictureExportTests {
    let folder = TemporaryDirectory()

    /// A drawing of the picture `bytes` at (10, 10) with a stroke over it.
    private func exporter(of bytes: [UInt8]) throws -> Exporter {
        let scribble = Scribble()
        let imported = try PictureImport(bytes: bytes)
        scribble.add(Picture(content: imported.content, width: imported.width, height: imported.height, at: Point(x: 10, y: 10)))
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 10, y: 10))
        stroke.append(Point(x: 60, y: 40))
        scribble.add(stroke)
        return Exporter(memento: scribble.makeMemento())
    }

    /// Whether `haystack` holds `needle` as a run of bytes.
    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    @Test func aPDFEmbedsAJPEGUnchangedAndGrowsByLittleMore() throws {
        let jpeg = try PictureFixture.convert(["-size", "640x480", "plasma:", "-quality", "85", "photo.jpg"], in: folder)
        let path = folder.file("photo.pdf")
        try exporter(of: jpeg).write(.pdf, to: path)
        let pdf = try FileSystem.readFile(path)
        #expect(contains(pdf, jpeg), "the JPEG's own bytes are in the PDF")
        #expect(pdf.count <= jpeg.count + 64 * 1024, "\(pdf.count) bytes for a JPEG of \(jpeg.count)")
        // poppler sees the photo where it lies (its corner at the page's margin, a point a pixel at 72 dpi).
        try runTool("/usr/bin/pdftoppm", ["-png", "-r", "72", "-singlefile", path, folder.file("seen")])
        #expect(ImageSurface(png: folder.file("seen.png")) != nil)
    }

    @Test func aPDFShowingOnePictureTwiceEmbedsItOnce() throws {
        let jpeg = try PictureFixture.convert(["-size", "320x240", "plasma:", "-quality", "85", "twice.jpg"], in: folder)
        let scribble = Scribble()
        let imported = try PictureImport(bytes: jpeg)
        scribble.add(Picture(content: imported.content, width: imported.width, height: imported.height, at: Point(x: 0, y: 0)))
        scribble.add(Picture(content: imported.content, width: imported.width, height: imported.height, at: Point(x: 400, y: 0)))
        let path = folder.file("twice.pdf")
        try Exporter(memento: scribble.makeMemento()).write(.pdf, to: path)
        let pdf = try FileSystem.readFile(path)
        #expect(pdf.count < 2 * jpeg.count, "\(pdf.count) bytes for two of \(jpeg.count)")
    }

    @Test func aPDFKeepsAPNGLosslessly() throws {
        let png = PictureFixture.halvesPNG(width: 64, height: 32)
        let path = folder.file("halves.pdf")
        try exporter(of: png).write(.pdf, to: path)
        let pdf = try FileSystem.readFile(path)
        #expect(!contains(pdf, Array("/DCTDecode".utf8)), "no JPEG made of a PNG")
        try runTool("/usr/bin/pdftoppm", ["-png", "-r", "72", "-singlefile", path, folder.file("halves")])
        let seen = try #require(ImageSurface(png: folder.file("halves.png")))
        #expect(seen.width > 60)
    }

    @Test func anSVGExportEmbedsTheOriginalBytes() throws {
        let png = PictureFixture.halvesPNG(width: 64, height: 32)
        let path = folder.file("halves.svg")
        try exporter(of: png).write(.svg, to: path)
        let svg = String(decoding: try FileSystem.readFile(path), as: UTF8.self)
        #expect(svg.contains(Data(png).base64EncodedString()), "the PNG's own bytes, base64")
        let jpeg = try PictureFixture.convert(["-size", "120x90", "plasma:", "photo.jpg"], in: folder)
        try exporter(of: jpeg).write(.svg, to: folder.file("photo.svg"))
        let withPhoto = String(decoding: try FileSystem.readFile(folder.file("photo.svg")), as: UTF8.self)
        #expect(withPhoto.contains(Data(jpeg).base64EncodedString()), "the JPEG's own bytes, base64")
    }

    @Test func anSVGPictureExportsAsVectors() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="#00ff00"/></svg>"##
        let path = folder.file("vector.pdf")
        try exporter(of: Array(svg.utf8)).write(.pdf, to: path)
        let pdf = try FileSystem.readFile(path)
        #expect(!contains(pdf, Array("/Subtype /Image".utf8)), "drawn as a path, not an image")
        try runTool("/usr/bin/pdftoppm", ["-png", "-r", "72", "-singlefile", path, folder.file("vector")])
        let seen = try #require(ImageSurface(png: folder.file("vector.png")))
        let exporter = try exporter(of: Array(svg.utf8))
        let x = Int(Double(60) - exporter.pageX), y = Int(Double(30) - exporter.pageY)
        let p = seen.pixel(x: x, y: y)
        #expect(p.g > 200 && p.r < 40 && p.b < 40, "\(p)")
    }

    @Test func aPNGExportDrawsThePicture() throws {
        let png = PictureFixture.solidPNG(width: 60, height: 40, color: Color(red: 10, green: 200, blue: 90))
        let exporter = try exporter(of: png)
        let path = folder.file("drawn.png")
        try exporter.write(.png, to: path)
        let seen = try #require(ImageSurface(png: path))
        let p = seen.pixel(x: Int(60 - exporter.pageX), y: Int(45 - exporter.pageY))
        #expect(abs(Int(p.r) - 10) < 4 && abs(Int(p.g) - 200) < 4 && abs(Int(p.b) - 90) < 4, "\(p)")
    }
}

/// Xournal++ notebooks' `<image>` elements (issue 54).
@Suite(.timeLimit(.minutes(1)))
struct PictureXoppTests {
    let folder = TemporaryDirectory()

    @Test func anUprightPictureGoesToXournalAsItsOwnBytesAndComesBack() throws {
        let jpeg = try PictureFixture.convert(["-size", "120x80", "plasma:", "-quality", "80", "photo.jpg"], in: folder)
        let imported = try PictureImport(bytes: jpeg)
        let scribble = Scribble()
        scribble.add(
            Picture(content: imported.content, width: 120, height: 80, placement: AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 30, ty: 40)))
        let path = folder.file("photo.xopp")
        try Exporter(memento: scribble.makeMemento()).write(.xopp, to: path)
        let notebook = try XoppImporter.read(path)
        let picture = try #require(notebook.scribble.marks.compactMap { $0 as? Picture }.first)
        #expect(picture.content.bytes == jpeg && abs(picture.bounds.width - 60) < 0.01 && abs(picture.bounds.height - 40) < 0.01)
    }

    @Test func aTurnedPictureGoesToXournalDrawnAsPlaced() throws {
        let png = PictureFixture.halvesPNG(width: 80, height: 40)
        let imported = try PictureImport(bytes: png)
        let scribble = Scribble()
        scribble.add(imported.placed(in: .null, at: Point(x: 100, y: 100)).transformed(by: .rotation(.pi / 4, about: Point(x: 100, y: 100))))
        let path = folder.file("turned.xopp")
        try Exporter(memento: scribble.makeMemento()).write(.xopp, to: path)
        let notebook = try XoppImporter.read(path)
        let picture = try #require(notebook.scribble.marks.compactMap { $0 as? Picture }.first)
        #expect(picture.content.bytes != png && abs(picture.bounds.width - picture.bounds.height) < 1)
        #expect(notebook.leftOut.images == 0)
    }

    @Test func aXournalImageThatIsNoPictureIsCountedAsLeftOut() throws {
        let xml = """
            <?xml version="1.0" standalone="no"?>
            <xournal creator="Xournal++ 1.2.3" fileversion="4"><page width="200" height="200">
            <background type="solid" color="#ffffffff" style="plain"/><layer>
            <image left="10" top="10" right="50" bottom="50">bm90IGEgcGljdHVyZQ==</image>
            <image left="60" top="10" right="100" bottom="50">\(Data(PictureFixture.solidPNG(width: 4, height: 4, color: .black)).base64EncodedString())</image>
            </layer></page></xournal>
            """
        let path = folder.file("images.xopp")
        try Data(Inflater.gzip(Array(xml.utf8))).write(to: URL(fileURLWithPath: path))
        let notebook = try XoppImporter.read(path)
        #expect(notebook.leftOut.images == 1 && notebook.scribble.marks.filter { $0 is Picture }.count == 1)
    }
}
