import CCairo
import CairoKit
import Testing
@testable import ScribbleKit

/// A page drawn: its paper, edge and shadow, and poppler's rendering of the PDF at the
/// context's scale — except on the canvas' main-thread paths, which draw only what the full
/// frames rendered off the main thread left in the page tile cache (`PageTileCacheTests`).
struct PageRenderingTests {
    /// The sample page (red box at (50, 30)–(90, 70) px).
    private var page: Page { MarkKindSample.page.make() as! Page }
    private let red = Color(red: 220, green: 20, blue: 30)

    private func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ color: Color, within tolerance: Int = 8) -> Bool {
        abs(Int(p.r) - Int(color.red)) <= tolerance && abs(Int(p.g) - Int(color.green)) <= tolerance
            && abs(Int(p.b) - Int(color.blue)) <= tolerance
    }

    @Test func aPageShowsThePdfsPixelsOnWhitePaperWithAnEdge() {
        let surface = ImageSurface(width: 200, height: 120, background: Color(red: 200, green: 230, blue: 200))
        surface.render(page)
        #expect(near(surface.pixel(x: 70, y: 50), red), "\(surface.pixel(x: 70, y: 50))")
        #expect(near(surface.pixel(x: 50, y: 30), red) && near(surface.pixel(x: 89, y: 69), red), "the box's corners")
        #expect(surface.pixel(x: 48, y: 50) == surface.pixel(x: 20, y: 20) && near(surface.pixel(x: 20, y: 20), .white, within: 0))
        let edge = surface.pixel(x: 10, y: 60) // a 1 px grey line on the frame's edge, across two pixels
        #expect(edge.r < 230 && edge.r == edge.g && edge.g == edge.b, "the edge: \(edge)")
        #expect(near(surface.pixel(x: 180, y: 60), Color(red: 200, green: 230, blue: 200), within: 0), "beside the page")
    }

    @Test func atTwiceTheScaleThePdfIsRenderedAtTwiceTheResolution() {
        let surface = ImageSurface(width: 400, height: 240)
        surface.draw { cr in
            cairo_scale(cr, 2, 2)
            MarkRenderer(context: CairoContext(cr)).render(page)
        }
        // The box's edge lands on whole device pixels: sharp, not a scaled-up blur.
        #expect(near(surface.pixel(x: 100, y: 100), red, within: 4) && near(surface.pixel(x: 99, y: 100), .white, within: 4))
        #expect(near(surface.pixel(x: 179, y: 139), red, within: 4) && near(surface.pixel(x: 180, y: 139), .white, within: 4))
    }

    @Test func theCanvasMainThreadPathsDrawOnlyCachedTilesAndFullFramesRenderThem() {
        let root = Stroke()
        root.add(page)
        let (view, cache) = (Viewport(width: 200, height: 120, deviceScale: 1), PageTileCache())
        let onMain = CanvasBackdrop(rendering: RenderSnapshot(of: root), view: view, background: .plain, pages: .cached(cache))
        let offMain = CanvasBackdrop(
            rendering: RenderSnapshot(of: root), view: view, background: .plain, pages: .tiled(cache, frame: view.visibleRect))
        let (paper, full) = (ImageSurface(width: 200, height: 120), ImageSurface(width: 200, height: 120))
        paper.paint(onMain)
        full.paint(offMain)
        #expect(near(paper.pixel(x: 70, y: 50), .white, within: 0) && near(full.pixel(x: 70, y: 50), red))
        #expect(RenderSnapshot(of: root).pageCount == 1)
    }

    @Test func aPageTooSmallToSeeIsPaperWithoutAskingPoppler() {
        let surface = ImageSurface(width: 40, height: 40)
        surface.draw { cr in
            cairo_scale(cr, 0.05, 0.05) // the sample page's 96 px high side covers under 5 pixels
            MarkRenderer(context: CairoContext(cr)).render(page)
        }
        #expect(!(0..<8).contains { x in (0..<6).contains { y in near(surface.pixel(x: x, y: y), red, within: 60) } })
    }

    @Test func aPageWhosePdfCannotBeOpenedIsBlankPaper() {
        let broken = Page(
            content: StoredContent(kind: .pdf, bytes: Array("%PDF-1.4 nothing".utf8)), pageIndex: 0,
            frame: Rect(x: 10, y: 10, width: 128, height: 96))
        let surface = ImageSurface(width: 200, height: 120)
        surface.render(broken)
        #expect(near(surface.pixel(x: 70, y: 50), .white, within: 0) && broken.content.pdfDocument == nil)
        #expect(surface.countPixels(differentFrom: .white) > 100, "its edge and shadow")
    }
}
