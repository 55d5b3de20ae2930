import CCairo
import Dispatch
import Testing
@testable import ScribbleKit

/// PDF pages drawn from tiles (`PageTileCache`): a frame off the main thread renders what is
/// missing, the main thread's repaints draw what is cached, the tiles land on whole device
/// pixels so the picture is the one poppler draws straight, and the cache keeps to its budget.
struct PageTileCacheTests {
    /// A 600 × 450 pt page (800 × 600 px) with boxes whose edges lie between pixels and across
    /// tile borders, at (30, 20) px.
    private static let content = StoredContent(
        kind: .pdf,
        bytes: PdfFixture.pdf([
            PdfFixture.Page(width: 600, height: 450, box: (x: 33.3, y: 41.7, width: 310.55, height: 200.2)),
            PdfFixture.Page(width: 200, height: 100, box: (x: 10, y: 10, width: 50, height: 50)),
        ]))
    private static func page(_ index: Int = 0, at corner: Point = Point(x: 30, y: 20)) -> Page {
        let size = index == 0 ? (800, 600) : (Float(200) * 4 / 3, Float(100) * 4 / 3)
        return Page(content: content, pageIndex: index, frame: Rect(x: corner.x, y: corner.y, width: Float(size.0), height: Float(size.1)))
    }

    private func root(_ marks: Mark...) -> Stroke {
        let root = Stroke()
        for mark in marks { root.add(mark) }
        return root
    }

    /// A full frame of `root` seen through `view`, its pages drawn as `pages` says.
    private func frame(_ root: Stroke, _ view: Viewport, pages: MarkRenderer.PageDrawing) -> CanvasBackdrop {
        CanvasBackdrop(rendering: RenderSnapshot(of: root), view: view, background: .plain, pages: pages)
    }

    @Test(arguments: [(1, 1.0, 0.0), (2, 1.0, 0.0), (1, 3.0, 211.0), (2, 64.0, 120.5), (1, 0.5, -700.0)])
    func aTiledFrameIsTheFramePopplerDrawsStraight(deviceScale: Int, zoom: Double, origin: Double) {
        let root = root(Self.page())
        let view = Viewport(width: 420, height: 300, deviceScale: deviceScale, zoom: zoom, originX: origin, originY: origin / 2)
        let cache = PageTileCache()
        let tiled = frame(root, view, pages: .tiled(cache, frame: view.visibleRect))
        let straight = frame(root, view, pages: .content)
        let difference = PixelDifference(tiled.surface, straight.surface, rounding: 1)
        #expect(difference.pixels.isEmpty, "\(difference)")
        #expect(cache.byteCount > 0)
    }

    @Test func theMainThreadDrawsPaperUntilAFrameFillsTheCacheThenThePagesContent() {
        let root = root(Self.page())
        let view = Viewport(width: 300, height: 200)
        let cache = PageTileCache()
        let empty = frame(root, view, pages: .cached(cache))
        let straight = frame(root, view, pages: .content)
        // Inside the blue box (from (74, 76) px): paper before, the box once a frame rendered it.
        let (x, y) = (150, 120)
        #expect(rgb(empty.surface, x: x, y: y) == 0xFF_FFFF, "nothing rendered yet: the paper alone")
        _ = frame(root, view, pages: .tiled(cache, frame: view.visibleRect))
        let repainted = frame(root, view, pages: .cached(cache))
        #expect(PixelDifference(repainted.surface, straight.surface, rounding: 1).pixels.isEmpty)
        #expect(rgb(repainted.surface, x: x, y: y) == 0x00_00FF)
    }

    @Test func aFrameRendersEachTileOnceAndAPanRendersOnlyWhatItUncovers() {
        let root = root(Self.page())
        let cache = PageTileCache()
        var view = Viewport(width: 300, height: 200)
        _ = frame(root, view, pages: .tiled(cache, frame: view.visibleRect))
        let first = cache.byteCount
        // (30, 20)–(300, 200) of the page in view: columns 0–1, rows 0: 2 tiles (256 px each).
        #expect(first == 2 * 256 * 256 * 4)
        let tile = Self.tile(cache, column: 0, row: 0)
        _ = frame(root, view, pages: .tiled(cache, frame: view.visibleRect))
        #expect(cache.byteCount == first && Self.tile(cache, column: 0, row: 0) === tile, "the same tiles, not rendered again")
        view.pan(byViewX: 0, y: 100)
        _ = frame(root, view, pages: .tiled(cache, frame: view.visibleRect))
        #expect(cache.byteCount == 4 * 256 * 256 * 4, "row 1 added")
        #expect(Self.tile(cache, column: 0, row: 0) === tile)
    }

    @Test func theTilesKeepToTheBudgetLettingTheLeastRecentlyUsedGo() {
        let page = Self.page()
        let cache = PageTileCache(budget: 6 * 256 * 256 * 4)
        // The page at 100 % is 4 × 3 tiles (800 × 600 px from (30, 20)); show them one by one.
        for (column, row) in [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 2)] {
            let view = Viewport(width: 200, height: 200, originX: Double(column * 256 + 20), originY: Double(row * 256 + 20))
            _ = frame(root(page), view, pages: .tiled(cache, frame: view.visibleRect))
            #expect(cache.byteCount <= cache.budget)
        }
        #expect(Self.tile(cache, column: 3, row: 2) != nil, "the newest stays")
        #expect(Self.tile(cache, column: 0, row: 0) == nil, "the oldest went")
    }

    @Test func tilesLeftOfAndAboveTheOriginLandWhereThePageIs() {
        let root = root(Self.page(1, at: Point(x: -300, y: -290)))
        let view = Viewport(width: 400, height: 400, originX: -350, originY: -350)
        let tiled = frame(root, view, pages: .tiled(PageTileCache(), frame: view.visibleRect))
        let straight = frame(root, view, pages: .content)
        #expect(PixelDifference(tiled.surface, straight.surface, rounding: 1).pixels.isEmpty)
    }

    @Test func aPdfThatCannotBeOpenedCachesNothingAndShowsPaper() {
        let broken = Page(
            content: StoredContent(kind: .pdf, bytes: Array("%PDF-1.4 nothing".utf8)), pageIndex: 0,
            frame: Rect(x: 10, y: 10, width: 128, height: 96))
        let cache = PageTileCache()
        let view = Viewport(width: 200, height: 150)
        let shown = frame(root(broken), view, pages: .tiled(cache, frame: view.visibleRect))
        #expect(cache.byteCount == 0)
        #expect(rgb(shown.surface, x: 70, y: 50) == 0xFF_FFFF)
    }

    @Test func aFrameWaitsForASlowPageOnlyUntilTheDeadlineAndTheTilesAskForAFrameWhenMade() {
        let slow = Page(
            content: StoredContent(
                kind: .pdf,
                bytes: PdfFixture.pdf([PdfFixture.Page(width: 300, height: 200, box: (x: 20, y: 20, width: 100, height: 100), fills: 20_000)])),
            pageIndex: 0, frame: Rect(x: 0, y: 0, width: 400, height: 800 / 3))
        let cache = PageTileCache(deadline: .milliseconds(1))
        let view = Viewport(width: 300, height: 200)
        let made = DispatchSemaphore(value: 0)
        let first = frame(root(slow), view, pages: .tiled(cache, frame: view.visibleRect, late: { made.signal() }))
        // The box (from (26.7, 26.7) px) not drawn yet: the frame went on with the paper.
        #expect(rgb(first.surface, x: 80, y: 80) == 0xFF_FFFF)
        #expect(made.wait(timeout: .now() + 60) == .success, "the late render asks for a frame once done")
        let second = frame(root(slow), view, pages: .cached(cache))
        #expect(rgb(second.surface, x: 80, y: 80) == 0x00_00FF)
    }

    /// The RGB of device pixel (`x`, `y`) of an RGB24 surface.
    private func rgb(_ surface: OpaquePointer, x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(surface)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        return data.loadUnaligned(fromByteOffset: y * Int(cairo_image_surface_get_stride(surface)) + x * 4, as: UInt32.self) & 0xFF_FFFF
    }

    /// The cached tile of the first sample page at 100 %, if any.
    private static func tile(_ cache: PageTileCache, column: Int, row: Int) -> CairoImage? {
        let area = DeviceRect(minX: column * 256, minY: row * 256, maxX: column * 256 + 1, maxY: row * 256 + 1)
        return cache.cachedTiles(of: page(), scale: 1, covering: area).first?.image
    }
}
