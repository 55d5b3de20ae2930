import Foundation
import Testing
@testable import ScribbleKit

/// The camera's maths: conversions both ways at every zoom and far from the origin, zoom
/// about a point, the √2 steps and their clamping, panning on the device-pixel grid, fit.
@Suite(.timeLimit(.minutes(1)))
struct ViewportTests {
    /// How far apart two canvas coordinates near `value` may be after a round trip: the
    /// model's `Float` spacing there (1/16 px at a million), with a hair to spare.
    private func tolerance(near value: Float) -> Float { max(abs(value).ulp * 2, 1e-4) }

    @Test func aNewViewIsTheCanvasAsItWas() {
        let view = Viewport(width: 800, height: 600)
        #expect(view.isIdentity && view.percent == 100)
        #expect(view.canvasPoint(viewX: 12.5, viewY: 30) == Point(x: 12.5, y: 30))
        #expect(view.visibleRect == Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(view.viewRect(Rect(x: 3, y: 4, width: 5, height: 6)) == Rect(x: 3, y: 4, width: 5, height: 6))
    }

    @Test(arguments: [0.05, 0.0625, 0.5, 1, 1.414, 4, 17.3, 64])
    func canvasToViewToCanvasRoundTripsAtEveryZoomAndPlace(zoom: Double) {
        for (cx, cy) in [(0.0, 0.0), (-1_000_000.0, 999_999.5), (123_456.75, -654_321.25), (-0.5, 0.25)] {
            var view = Viewport(width: 1280, height: 800, deviceScale: 2, zoom: zoom)
            view.centre(onX: cx, y: cy)
            for point in [Point(x: Float(cx), y: Float(cy)), Point(x: Float(cx) + 3.25, y: Float(cy) - 7.5)] {
                let (vx, vy) = view.viewPoint(point)
                let back = view.canvasPoint(viewX: vx, viewY: vy)
                #expect(abs(back.x - point.x) <= tolerance(near: point.x), "zoom \(zoom) at \(point): \(back)")
                #expect(abs(back.y - point.y) <= tolerance(near: point.y), "zoom \(zoom) at \(point): \(back)")
            }
            // The centre asked for is the view's centre, within a device pixel (the grid).
            let centre = view.centre
            #expect(abs(centre.x - cx) <= 1 / (zoom * 2) + 1e-9 && abs(centre.y - cy) <= 1 / (zoom * 2) + 1e-9)
        }
    }

    @Test func viewToCanvasToViewRoundTripsWithinTheModelsPrecision() {
        var view = Viewport(width: 1000, height: 1000, zoom: 64)
        view.centre(onX: 999_000, y: -999_000)
        for (vx, vy) in [(0.0, 0.0), (500.0, 500.0), (999.0, 1.0)] {
            let point = view.canvasPoint(viewX: vx, viewY: vy)
            let (x, y) = view.viewPoint(point)
            // A Float canvas coordinate near a million is good to 1/16 px: 4 view px at 6400 %.
            #expect(abs(x - vx) <= Double(tolerance(near: point.x)) * 64 && abs(y - vy) <= Double(tolerance(near: point.y)) * 64)
        }
        var near = Viewport(width: 1000, height: 1000, zoom: 64)
        near.centre(onX: 10, y: 10)
        let point = near.canvasPoint(viewX: 333, viewY: 777)
        let (x, y) = near.viewPoint(point)
        #expect(abs(x - 333) < 0.01 && abs(y - 777) < 0.01)
    }

    @Test func zoomingAboutAPointKeepsTheCanvasPointUnderIt() {
        var view = Viewport(width: 1280, height: 800)
        let under = view.canvasPoint(viewX: 300, viewY: 200)
        view.zoom(steps: 3, aboutViewX: 300, y: 200)
        #expect(abs(view.zoom - 2 * 2.0.squareRoot()) < 1e-9)
        let after = view.canvasPoint(viewX: 300, viewY: 200)
        #expect(abs(after.x - under.x) <= 1 / Float(view.zoom) && abs(after.y - under.y) <= 1 / Float(view.zoom))
        view.zoom(to: 0.37, aboutViewX: 1000, y: 10)
        #expect(view.zoom == 0.37)
        let far = view.canvasPoint(viewX: 1000, viewY: 10)
        view.zoom(to: 12, aboutViewX: 1000, y: 10)
        let farAfter = view.canvasPoint(viewX: 1000, viewY: 10)
        #expect(abs(farAfter.x - far.x) <= 1 / 12 + 1e-3 && abs(farAfter.y - far.y) <= 1 / 12 + 1e-3)
    }

    @Test func stepsArePowersOfRootTwoClampedToTheRange() {
        var view = Viewport(width: 100, height: 100)
        var zooms: [Int] = []
        for _ in 0..<14 {
            view.zoom(steps: 1, aboutViewX: 0, y: 0)
            zooms.append(view.percent)
        }
        #expect(zooms == [141, 200, 283, 400, 566, 800, 1131, 1600, 2263, 3200, 4525, 6400, 6400, 6400])
        zooms = []
        for _ in 0..<22 {
            view.zoom(steps: -1, aboutViewX: 0, y: 0)
            zooms.append(view.percent)
        }
        #expect(zooms.prefix(4) == [4525, 3200, 2263, 1600])
        #expect(zooms.suffix(4) == [9, 6, 5, 5])
        #expect(view.zoom == Viewport.minimumZoom)
        view.zoom(steps: 1, aboutViewX: 0, y: 0)
        #expect(view.zoom == 0.0625) // back on the grid of steps
        // A pinch leaves zooms between steps: the next step is the next level, not ×√2.
        view.zoom(to: 1.2, aboutViewX: 0, y: 0)
        view.zoom(steps: 1, aboutViewX: 0, y: 0)
        #expect(abs(view.zoom - 2.0.squareRoot()) < 1e-9)
        view.zoom(to: 1.2, aboutViewX: 0, y: 0)
        view.zoom(steps: -1, aboutViewX: 0, y: 0)
        #expect(abs(view.zoom - 1) < 1e-9)
        view.zoom(to: .nan)
        #expect(view.zoom == 1)
        view.zoom(to: 1e9)
        #expect(view.zoom == 64)
    }

    @Test func panningMovesByWholeDevicePixels() {
        var view = Viewport(width: 640, height: 480, deviceScale: 2, zoom: 2.0.squareRoot())
        view.pan(byViewX: 10.3, y: -7.77)
        for value in [view.originX, view.originY] {
            let devicePixels = value * view.zoom * 2
            #expect(abs(devicePixels - devicePixels.rounded()) < 1e-6)
        }
        let before = view.canvasPoint(viewX: 100, viewY: 100)
        view.pan(byViewX: 50, y: 0)
        let after = view.canvasPoint(viewX: 50, viewY: 100)
        #expect(abs(after.x - before.x) < 0.5 && abs(after.y - before.y) < 0.5)
    }

    @Test func theViewCannotBeLostBeyondTheFarthestMark() {
        var view = Viewport(width: 100, height: 100, zoom: 0.05)
        view.pan(byViewX: 1e12, y: -1e12)
        #expect(abs(view.centre.x - Viewport.maximumCentre) < 30 && abs(view.centre.y + Viewport.maximumCentre) < 30)
        view.pan(byViewX: .infinity, y: .nan)
        #expect(view.centre.x.isFinite && view.centre.y.isFinite)
    }

    @Test func fitShowsTheWholeBoundsCentredAndNeverAbove100Percent() {
        var view = Viewport(width: 1000, height: 500)
        let bounds = Rect(minX: -5000, minY: -100, maxX: 10_000, maxY: 900)
        view.fit(bounds, margin: 10)
        #expect(abs(view.zoom - 980.0 / 15_000) < 1e-6)
        let visible = view.visibleRect
        #expect(visible.minX <= bounds.minX && visible.maxX >= bounds.maxX && visible.minY <= bounds.minY && visible.maxY >= bounds.maxY)
        view.fit(Rect(x: 10, y: 10, width: 5, height: 5))
        #expect(view.zoom == 1)
        #expect(view.visibleRect.intersection(Rect(x: 10, y: 10, width: 5, height: 5)) == Rect(x: 10, y: 10, width: 5, height: 5))
        view.fit(Rect(minX: -1_000_000, minY: -1_000_000, maxX: 1_000_000, maxY: 1_000_000))
        #expect(view.zoom == Viewport.minimumZoom) // as far out as it goes
        view.fit(.null)
        #expect(view.isIdentity)
    }
}
