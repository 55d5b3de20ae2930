import CairoKit
import CCairo
import Foundation
import FoundationXML
import Testing
@testable import ScribbleKit

/// Export through the Bridge: the same marks on an image, an SVG and a PDF surface; PNG pixels
/// equal the canvas' render, vector files keep every mark as a path, and real consumers
/// (librsvg, poppler) draw what the PNG shows.
@Suite(.timeLimit(.minutes(1)))
struct ExporterTests {
    let folder = TemporaryDirectory()

    /// Two strokes (one translucent) and a dot, well inside a 300×200 page.
    private func memento() -> ScribbleMemento {
        let scribble = Scribble()
        let red = Stroke(color: Color(red: 220, green: 20, blue: 20), size: 8)
        red.append(contentsOf: [Point(x: 20, y: 20), Point(x: 150, y: 100), Point(x: 260, y: 30)])
        let blue = Stroke(color: Color(red: 20, green: 20, blue: 220, alpha: 128), size: 12)
        blue.append(contentsOf: [Point(x: 30, y: 150), Point(x: 250, y: 150)])
        scribble.add(red)
        scribble.add(blue)
        scribble.add(Dot(location: Point(x: 100, y: 60), color: .black, size: 10))
        return scribble.makeMemento()
    }

    /// The PNG's pixels, as ARGB words by row.
    private func pixels(ofPNG bytes: [UInt8]) throws -> (width: Int, height: Int, at: (Int, Int) -> UInt32) {
        let path = folder.file("read-\(UUID().uuidString).png")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let surface = try #require(cairo_image_surface_create_from_png(path))
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        let words = (0..<height).flatMap { y in
            (0..<width).map { x in
                data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
            }
        }
        cairo_surface_destroy(surface)
        return (width, height, { x, y in words[y * width + x] })
    }

    @Test func thePageRunsFromTheOriginToTheDrawingPlusAMargin() {
        let exporter = Exporter(memento: memento())
        #expect(exporter.pageWidth == Double(260 + 4 + Exporter.margin)) // the red stroke's right edge
        #expect(exporter.pageHeight == Double(150 + 6 + Exporter.margin)) // the blue stroke's bottom
        let empty = Exporter(memento: Scribble().makeMemento())
        #expect(empty.pageWidth == Double(Exporter.emptyPage))
    }

    @Test func thePageCoversTheBoundsWhereverTheyLieAndItsPixelsAreTheCanvas() throws {
        // Marks left of and above the origin, and far out: the page is their bounds plus the
        // margin, on whole canvas pixels, and its pixels are what the canvas shows there.
        for offset in [Point(x: -700.5, y: -320.25), Point(x: 912_345, y: -999_000)] {
            let scribble = Scribble()
            let stroke = Stroke(color: Color(red: 10, green: 120, blue: 30), size: 6)
            stroke.append(contentsOf: [Point(x: offset.x, y: offset.y), Point(x: offset.x + 90, y: offset.y + 40)])
            scribble.add(stroke)
            scribble.add(Dot(location: Point(x: offset.x + 30, y: offset.y + 60), color: .black, size: 9))
            let memento = scribble.makeMemento()
            let exporter = Exporter(memento: memento)
            let bounds = Scribble.drawing(of: memento).bounds
            #expect(exporter.pageX == Double((bounds.minX - Exporter.margin).rounded(.down)))
            #expect(exporter.pageY == Double((bounds.minY - Exporter.margin).rounded(.down)))
            #expect(exporter.pageX + exporter.pageWidth >= Double(bounds.maxX + Exporter.margin))
            #expect(exporter.pageWidth < 140 && exporter.pageHeight < 110) // the bounds, not the origin
            let png = try pixels(ofPNG: exporter.export(.png))
            let view = Viewport(width: png.width, height: png.height, originX: exporter.pageX, originY: exporter.pageY)
            let backdrop = CanvasBackdrop(rendering: RenderSnapshot(of: Scribble.drawing(of: memento)), view: view, background: .plain)
            cairo_surface_flush(backdrop.surface)
            let stride = Int(cairo_image_surface_get_stride(backdrop.surface))
            let data = try #require(cairo_image_surface_get_data(backdrop.surface))
            var differing = 0, inked = 0
            for y in 0..<png.height {
                for x in 0..<png.width {
                    let canvas = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                    if canvas & 0xFFFFFF != png.at(x, y) & 0xFFFFFF { differing += 1 }
                    if png.at(x, y) & 0xFFFFFF != 0xFFFFFF { inked += 1 }
                }
            }
            #expect(differing == 0 && inked > 300, "\(offset): \(differing) pixels differ, \(inked) inked")
        }
    }

    @Test func pngPixelsEqualTheCanvasRender() throws {
        let memento = memento()
        let exporter = Exporter(memento: memento)
        let png = try pixels(ofPNG: exporter.export(.png))
        #expect(png.width == Int(exporter.pageWidth.rounded(.up)) && png.height == Int(exporter.pageHeight.rounded(.up)))
        let backdrop = CanvasBackdrop(rendering: Scribble.drawing(of: memento), width: png.width, height: png.height, scale: 1, background: .plain)
        cairo_surface_flush(backdrop.surface)
        let stride = Int(cairo_image_surface_get_stride(backdrop.surface))
        let data = try #require(cairo_image_surface_get_data(backdrop.surface))
        var differing = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let canvas = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                if canvas & 0xFFFFFF != png.at(x, y) & 0xFFFFFF { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) pixels differ from the canvas' render")
    }

    @Test func transparentPNGsHaveNoBackground() throws {
        let png = try pixels(ofPNG: Exporter(memento: memento()).export(.png, options: ExportOptions(transparent: true)))
        #expect(png.at(2, png.height - 2) >> 24 == 0) // a corner far from every mark: fully transparent
        #expect(png.at(150, 100) >> 24 == 255) // on the red stroke: opaque
    }

    @Test func widthAndScaleSizeTheOutput() throws {
        let exporter = Exporter(memento: memento())
        #expect(try pixels(ofPNG: exporter.export(.png, options: ExportOptions(scale: 2))).width == Int((exporter.pageWidth * 2).rounded(.up)))
        #expect(try pixels(ofPNG: exporter.export(.png, options: ExportOptions(width: 100))).width == 100)
        #expect(throws: ExportError.self) { try exporter.export(.png, options: ExportOptions(scale: 1000)) }
    }

    /// The SVG's text with the numbers Cairo counts up for every surface it makes (in ids
    /// and the references to them) taken out: they depend on what the process made before.
    private func withoutSurfaceNumbers(_ svg: [UInt8]) -> String {
        String(decoding: svg, as: UTF8.self).replacing(/(surface|image|pattern|mask|clip)[0-9]+/) { "\($0.output.1)#" }
    }

    @Test func anSVGWrittenInPartsIsTheOnePassSVG() throws {
        // Written on every core, in parts of the marks joined into one page: the bytes one
        // pass writes, on plain and on a texture, for two and three parts.
        let snapshot = RenderSnapshot(of: DenseScribble.make(seed: 7).root)
        let format = VectorExportSurface(kind: .svg)
        for texture in [nil, CanvasKind.paper.texture(scale: 1)] {
            let page = VectorExportSurface.Page(
                width: 340, height: 260, scale: 1, origin: (-10, -10), background: .white, texture: texture)
            let whole = try format.document(snapshot, marks: 0..<snapshot.children.count, on: page)
            for parts in [2, 3] {
                let joined = try #require(try VectorExportSurface.svgInParts(snapshot, on: page, parts: parts))
                #expect(withoutSurfaceNumbers(joined) == withoutSurfaceNumbers(whole), "\(parts) parts, texture: \(texture != nil)")
            }
        }
    }

    @Test func anSVGWhoseLaterMarksAreGroupsIsWrittenInOnePass() throws {
        // A translucent run of several chunks is a group Cairo names by id: such a part is
        // not joined, and the export writes the SVG in one pass.
        let scribble = DenseScribble.make(seed: 8)
        let long = Stroke(color: Color(red: 0, green: 90, blue: 200, alpha: 120), size: 9)
        long.append(contentsOf: (0..<(2 * MarkRenderer.chunkLength)).map { Point(x: Float($0 % 300), y: Float($0 / 3 % 200)) })
        scribble.add(long)
        let snapshot = RenderSnapshot(of: scribble.root)
        let page = VectorExportSurface.Page(width: 340, height: 260, scale: 1, origin: (-10, -10), background: .white, texture: nil)
        #expect(try VectorExportSurface.svgInParts(snapshot, on: page, parts: 2) == nil)
        let svg = try Exporter(memento: scribble.makeMemento()).export(.svg)
        #expect(String(decoding: svg, as: UTF8.self).hasSuffix("</g>\n</svg>\n"))
    }

    @Test func svgKeepsEveryMarkAsAPath() throws {
        let svg = try Exporter(memento: memento()).export(.svg)
        let text = try #require(String(validating: svg, as: UTF8.self))
        final class Counter: NSObject, XMLParserDelegate {
            var paths: [[String: String]] = []
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String]
            ) {
                if name == "path" { paths.append(attributes) }
            }
        }
        let counter = Counter()
        let parser = XMLParser(data: Data(svg))
        parser.delegate = counter
        #expect(parser.parse(), "the SVG is well-formed XML")
        // Cairo writes a stroke as a stroked path and a dot as a filled circle path (the
        // background is a <rect>).
        let stroked = counter.paths.filter { $0["style"]?.contains("stroke-linecap:round") == true }
        #expect(stroked.count == 2)
        #expect(counter.paths.count == 3) // two strokes and the dot
        #expect(text.contains("width=\"") && !text.contains("pt\"")) // sized in pixels
        #expect(text.contains("stroke-opacity:0.5")) // the translucent stroke keeps its alpha
        #expect(!text.contains("<image")) // no raster of the marks
    }

    @Test func pdfIsOnePageOfVectors() throws {
        let pdf = try Exporter(memento: memento()).export(.pdf)
        #expect(Array(pdf.prefix(4)) == Array("%PDF".utf8))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.components(separatedBy: "/Type /Page\n").count - 1 == 1 || text.components(separatedBy: "/Type /Page ").count - 1 == 1)
    }

    /// A thin black stroke under a wide red one (of opacity `redAlpha`), and another under a
    /// translucent blue one.
    private func coveredStrokes(redAlpha: UInt8 = 255) -> ScribbleMemento {
        let scribble = Scribble()
        for (y, cover) in [
            (Float(40), Color(red: 220, green: 20, blue: 20, alpha: redAlpha)),
            (Float(120), Color(red: 20, green: 20, blue: 220, alpha: 128)),
        ] {
            let thin = Stroke(color: .black, size: 4)
            thin.append(contentsOf: [Point(x: 40, y: y), Point(x: 160, y: y)])
            let wide = Stroke(color: cover, size: 40)
            wide.append(contentsOf: [Point(x: 20, y: y), Point(x: 180, y: y)])
            scribble.add(thin)
            scribble.add(wide)
        }
        return scribble.makeMemento()
    }

    /// How many paths poppler finds stroked or filled on the PDF's page.
    private func paintedPaths(inPDF path: String) throws -> Int {
        let svg = folder.file("poppler-\(UUID().uuidString).svg")
        try runTool("/usr/bin/pdftocairo", ["-svg", path, svg])
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        return text.components(separatedBy: "<path").count - 1
    }

    @Test func pdfLeavesOutOnlyWhatLaterOpaqueStrokesCover() throws {
        let exporter = Exporter(memento: coveredStrokes())
        let pdf = folder.file("covered.pdf"), whole = folder.file("whole.pdf")
        try exporter.write(.pdf, to: pdf)
        // With a red cover that is not quite opaque, all four strokes are painted.
        try Exporter(memento: coveredStrokes(redAlpha: 254)).write(.pdf, to: whole)
        #expect(try paintedPaths(inPDF: whole) == 4)
        #expect(try paintedPaths(inPDF: pdf) == 3) // the stroke under the opaque red one is gone
        try runTool("/usr/bin/pdftoppm", ["-png", "-r", "72", "-singlefile", pdf, folder.file("covered")])
        try matchesThePNG(folder.file("covered.png"), exporter) // and the page looks the same
    }

    @Test func printingLeavesOutOnlyWhatLaterOpaqueStrokesCover() throws {
        let exporter = Exporter(memento: coveredStrokes())
        let pdf = folder.file("printed.pdf")
        // A tall sheet: the page is centred 222 points down it, so a map placed at the
        // sheet's origin instead would leave the strokes off it, and hide them all.
        let surface = cairo_pdf_surface_create(pdf, exporter.pageWidth, 600)
        let cr = try #require(cairo_create(surface))
        exporter.print(on: CairoContext(cr), fitting: exporter.pageWidth, height: 600)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        #expect(try paintedPaths(inPDF: pdf) == 3)
    }

    /// Renders with a real consumer and compares with the PNG export: at most 1 % of pixels
    /// may differ by more than 64 levels (different rasterisers anti-alias edges differently).
    private func matchesThePNG(_ consumerPNG: String, _ exporter: Exporter) throws {
        let reference = try pixels(ofPNG: exporter.export(.png))
        let rendered = try pixels(ofPNG: Array(try Data(contentsOf: URL(fileURLWithPath: consumerPNG))))
        #expect(abs(rendered.width - reference.width) <= 1 && abs(rendered.height - reference.height) <= 1)
        var differing = 0
        let width = min(rendered.width, reference.width), height = min(rendered.height, reference.height)
        for y in 0..<height {
            for x in 0..<width {
                if channelDistance(rendered.at(x, y), reference.at(x, y)) > 64 { differing += 1 }
            }
        }
        #expect(Double(differing) <= 0.01 * Double(width * height), "\(differing) of \(width * height) pixels differ")
    }

    /// The largest difference of the red, green or blue levels of two ARGB words.
    private func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift: UInt32 in [0, 8, 16] {
            largest = max(largest, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
        }
        return largest
    }

    @Test func librsvgDrawsTheSVGAsThePNGShowsIt() throws {
        let exporter = Exporter(memento: memento())
        let svg = folder.file("drawing.svg"), png = folder.file("rsvg.png")
        try exporter.write(.svg, to: svg)
        try runTool("/usr/bin/rsvg-convert", ["-o", png, svg])
        try matchesThePNG(png, exporter)
    }

    @Test func popplerDrawsThePDFAsThePNGShowsIt() throws {
        let exporter = Exporter(memento: memento())
        let pdf = folder.file("drawing.pdf")
        try exporter.write(.pdf, to: pdf)
        // 72 dpi: one PDF point per pixel, as the page was made.
        try runTool("/usr/bin/pdftoppm", ["-png", "-r", "72", "-singlefile", pdf, folder.file("poppler")])
        try matchesThePNG(folder.file("poppler.png"), exporter)
    }
}
