import CCairo
import CairoKit
import Foundation
import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The gallery's virtual proxy: placeholder at once, one load off the main thread, then the
/// image; a broken file ends as a broken tile, never an endless placeholder.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ThumbnailImageProxyTests {
    init() {
        #expect(Gtk.initialise(), "GTK needs a display; run through `make test`")
    }

    /// Draws the proxy into a fresh 240×180 image and returns the pixel at (x, y) as RGB.
    private func pixel(of proxy: ThumbnailImageProxy, x: Int, y: Int) -> (Int, Int, Int) {
        let bytes = pixels(of: proxy), offset = (y * 240 + x) * 4 // BGRx, little-endian
        return (Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset]))
    }

    /// Every pixel of `picture` drawn as a 240×180 tile picture.
    private func pixels(of picture: ImageComponent) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 240, 180)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        ScribbleThumbnailView.draw(picture, on: CairoContext(cr!), width: 240, height: 180)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: Int(cairo_image_surface_get_stride(surface)) * 180))
    }

    /// The Proxy stands in for the image it loads: once loaded, the same Decorators over
    /// it draw exactly what they draw over the image itself.
    @Test func decoratorsWrapTheProxyAsTheyWrapTheImage() throws {
        let path = writePNG(red: 0.5)
        defer { unlink(path) }
        let proxy = ThumbnailImageProxy(path: path)
        #expect(proxy.size == ThumbnailImageProxy.tileCard) // the stand-in's size until loaded
        _ = pixels(of: proxy)
        waitUntilSettled(proxy)
        let image = try #require(CairoImage(pngAt: path))
        #expect(proxy.size == image.size)
        // Pixel for pixel, but for the card's antialiased edge, where the proxy's white card
        // shows under the image's half-covered pixels.
        let (viaProxy, direct) = (pixels(of: proxy), pixels(of: image))
        let differing = (0..<180).flatMap { y in (0..<240).map { (x: $0, y: y) } }.filter { point in
            let offset = point.y * 240 * 4 + point.x * 4
            return viaProxy[offset..<offset + 4] != direct[offset..<offset + 4]
        }
        #expect(differing.count < 2 * (240 + 180), "\(differing.count) pixels differ")
        #expect(!differing.contains { (10...226).contains($0.x) && (10...170).contains($0.y) })
    }

    /// Writes a 240×180 PNG filled with `red`, returns its path.
    private func writePNG(red: Double) -> String {
        let path = NSTemporaryDirectory() + "proxy-\(UUID().uuidString).png"
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 240, 180)
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, red, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
        return path
    }

    /// Runs the main loop until the proxy's load has ended, or 20 seconds: a generous limit,
    /// as tests beside this one may keep the decoding threads busy for seconds.
    private func waitUntilSettled(_ proxy: ThumbnailImageProxy) {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            MainLoop.iterate()
            if case .loading = proxy.state { usleep(2000) } else { return }
        }
    }

    @Test func showsThePlaceholderFirstThenTheImage() {
        let path = writePNG(red: 1)
        defer { unlink(path) }
        let proxy = ThumbnailImageProxy(path: path)
        var loads = 0
        proxy.onLoad = { loads += 1 }

        let centre = pixel(of: proxy, x: 120, y: 90)
        #expect(centre == (222, 222, 222)) // light grey placeholder
        let border = pixel(of: proxy, x: 6, y: 5) // the card's dashed edge (the card sits 4 px in)
        #expect(border.0 < 120 && border.0 == border.1) // dark grey border
        guard case .loading = proxy.state else {
            Issue.record("the first draw did not start the load")
            return
        }
        waitUntilSettled(proxy)
        #expect(loads == 1)
        let loaded = pixel(of: proxy, x: 120, y: 90)
        #expect(loaded.0 > 240 && loaded.1 < 10 && loaded.2 < 10)
        _ = pixel(of: proxy, x: 0, y: 0)
        MainLoop.iterate()
        #expect(loads == 1) // loaded once, not on every draw
    }

    @Test func aBrokenFileEndsAsABrokenTile() {
        let path = NSTemporaryDirectory() + "broken-\(UUID().uuidString).png"
        _ = FileManager.default.createFile(atPath: path, contents: Data("not a png".utf8))
        defer { unlink(path) }
        let proxy = ThumbnailImageProxy(path: path)
        _ = pixel(of: proxy, x: 0, y: 0)
        waitUntilSettled(proxy)
        guard case .broken = proxy.state else {
            Issue.record("a broken PNG did not end as a broken tile: \(proxy.state)")
            return
        }
        #expect(pixel(of: proxy, x: 120, y: 20) != (222, 222, 222)) // not the placeholder any more
        #expect(ThumbnailImageProxy(path: nil).state.isBroken) // no thumbnail file at all
    }

    @Test func aGoodPictureOfAnUnreadableScribbleIsShownBroken() {
        let path = writePNG(red: 1)
        defer { unlink(path) }
        let proxy = ThumbnailImageProxy(path: path, isIntact: { false })
        _ = pixel(of: proxy, x: 0, y: 0)
        waitUntilSettled(proxy)
        guard case .damaged = proxy.state else {
            Issue.record("a picture of an unreadable scribble is \(proxy.state), not damaged")
            return
        }
        #expect(pixel(of: proxy, x: 120, y: 20).0 < 240) // not the red picture
    }

    @Test func everyTileSharesOnePlaceholderImage() {
        let placeholders = ThumbnailPlaceholder()
        // Paths that exist but never load before the test ends would race; a slow-to-load
        // proxy is not needed: the placeholder is drawn on the first draw, before any load.
        let proxies = (0..<50).map { _ in
            ThumbnailImageProxy(path: "/nonexistent/\(UUID().uuidString).png", placeholders: placeholders)
        }
        for proxy in proxies {
            #expect(pixel(of: proxy, x: 120, y: 90) == (222, 222, 222)) // each drew the placeholder
        }
        #expect(placeholders.renderCount == 1) // fifty tiles, one rendered image
        #expect(placeholders.image(width: 240, height: 180) === placeholders.image(width: 240, height: 180))
        for proxy in proxies { waitUntilSettled(proxy) }
    }
}

extension ThumbnailImageProxy.State {
    var isBroken: Bool { if case .broken = self { true } else { false } }
}
