import CCairo
import CairoKit
import Testing
@testable import ScribbleKit

/// The export Bridge (book chapter 8): the `Exporter` (page export, print) works through
/// `ExportSurface` implementors — one per format, and the print context's — and prints
/// through an implementor like any export.
@Suite(.timeLimit(.minutes(1)))
struct ExportBridgeTests {
    /// An implementor of the Bridge that keeps what it was asked to draw.
    private final class RecordingSurface: ExportSurface, @unchecked Sendable {
        var calls: [(width: Int, height: Int, scale: Double, page: (x: Double, y: Double), background: Color?)] = []

        func render(
            _ snapshot: RenderSnapshot, width: Int, height: Int, scale: Double, page: (x: Double, y: Double),
            background: Color?, texture: CanvasTexture?
        ) throws(ExportError) -> [UInt8] {
            calls.append((width, height, scale, page, background))
            return []
        }
    }

    private func exporter() -> Exporter {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 4)
        for i in 0..<10 { stroke.append(Point(x: Float(100 + i * 20), y: Float(50 + i * 3))) }
        scribble.add(stroke)
        return Exporter(memento: scribble.makeMemento())
    }

    @Test func printingGoesThroughAnImplementorWithThePageFittedAndCentred() throws {
        let exporter = exporter()
        let surface = RecordingSurface()
        exporter.print(through: surface, fitting: 600, height: 800)
        let call = try #require(surface.calls.first)
        #expect(surface.calls.count == 1)
        let scale = min(600 / exporter.pageWidth, 800 / exporter.pageHeight)
        #expect(call.width == 600 && call.height == 800 && call.scale == scale && call.background == nil)
        // The page's centre lands on the sheet's centre.
        #expect(abs((exporter.pageX + exporter.pageWidth / 2 - call.page.x) * scale - 300) < 1e-6)
        #expect(abs((exporter.pageY + exporter.pageHeight / 2 - call.page.y) * scale - 400) < 1e-6)
    }

    @Test func eachFormatHasItsImplementorAndPrintingTheContexts() throws {
        #expect(ExportFormat.png.surface is PNGExportSurface)
        #expect((ExportFormat.svg.surface as? VectorExportSurface)?.kind == .svg)
        #expect((ExportFormat.pdf.surface as? VectorExportSurface)?.kind == .pdf)
        // Printing on a context draws the marks on it.
        let exporter = exporter()
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 300, 200))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        exporter.print(on: CairoContext(cr), fitting: 300, height: 200)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let inked = (0..<200).contains { y in (0..<300).contains { x in data[y * stride + x * 4 + 3] > 0 } }
        #expect(inked)
    }
}
