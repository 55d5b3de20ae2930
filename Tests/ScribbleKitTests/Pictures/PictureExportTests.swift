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
