import CCairo
import CairoKit
import Foundation
import Testing
@testable import ScribbleKit

/// The canvas through the camera: a zoomed frame is the drawing scaled, not a
/// blurred copy; the texture stays fixed to the canvas and joins across render tiles at any
/// zoom; changes land where the view shows them; a zoom shows the old frame scaled at once.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ViewportRenderingTests {
    /// A few marks of several kinds near the origin: strokes thin and wide, translucent, a dot.
    private static func drawing() -> Scribble {
        let scribble = Scribble()
        for (index, width) in [Float(1), 3, 9].enumerated() {
            let stroke = Stroke(color: Color(red: UInt8(60 * index), green: 20, blue: 120), size: width)
            for step in 0...12 { stroke.append(Point(x: 12 + Float(step) * 5.3, y: 25 + Float(index) * 9 + Float(step % 3) * 2.2)) }
            scribble.add(stroke)
        }
        let translucent = Stroke(color: Color(red: 0, green: 150, blue: 0, alpha: 120), size: 6)
        for step in 0...8 { translucent.append(Point(x: 20 + Float(step) * 4, y: 20 + Float(step) * 4.5)) }
        scribble.add(translucent)
        scribble.add(Dot(location: Point(x: 50, y: 40), color: Color(red: 200, green: 0, blue: 0), size: 7))
        return scribble
    }

    /// Expects what `session` draws to be `scribble` drawn straight through its camera, within
    /// antialiasing (under 0.5 % of the pixels, by at most 24 levels).
    private func expectShowsItsDrawing(_ session: CanvasSession, _ scribble: Scribble) {
        let (width, height) = (session.viewport.width, session.viewport.height)
        let picture = ImageSurface(width: width, height: height)
        picture.draw { session.draw(on: CairoContext($0)) }
        let reference = ImageSurface(width: width, height: height)
        reference.draw { cr in
            session.viewport.transform(cr)
            MarkRenderer(context: cr).render(scribble.root)
        }
        let difference = PixelDifference(picture.surface, reference.surface, rounding: 24)
        #expect(difference.pixels.count * 200 < width * height, "\(difference)")
    }

    @Test func at400PercentTheFrameIsTheDrawingRenderedFourTimesAsBig() {
        let scribble = Self.drawing()
        let view = Viewport(width: 240, height: 160, zoom: 4, originX: 10, originY: 15)
        let backdrop = CanvasBackdrop(rendering: RenderSnapshot(of: scribble.root), view: view, background: .plain)
        // The reference: the marks drawn straight onto a surface scaled four times.
        let reference = ImageSurface(width: 240, height: 160)
        reference.draw { cr in
            cairo_scale(cr, 4, 4)
            cairo_translate(cr, -10, -15)
            MarkRenderer(context: cr).render(scribble.root)
        }
        let difference = PixelDifference(backdrop.surface, reference.surface, rounding: 24)
        #expect(difference.pixels.count * 1000 < 240 * 160, "\(difference)") // antialiasing only, < 0.1 %
    }

    @Test(arguments: [CanvasKind.paper, .cloth], [0.07, 0.5, 1.5, 2.0.squareRoot() * 2, 7])
    func theTextureIsFixedToTheCanvasAndJoinsAcrossRenderTiles(kind: CanvasKind, zoom: Double) {
        // A frame rendered in horizontal tiles on several threads must equal one paint of the
        // texture through the same camera: no seam where the tiles meet.
        let view = Viewport(width: 300, height: 400, zoom: zoom, originX: -123.5, originY: 77.25)
        let backdrop = CanvasBackdrop(rendering: nil as RenderSnapshot?, view: view, background: kind)
        let whole = ImageSurface(width: 300, height: 400)
        whole.draw { kind.paint(on: CairoContext($0), view: view) }
        // (Interpolating the texture, pixman may round a channel one level the other way
        // where a tile's offset differs; that is no seam.)
        let difference = PixelDifference(backdrop.surface, whole.surface, rounding: 1)
        #expect(difference.pixels.isEmpty, "\(difference)")
        // And it moves with the canvas: panned by whole pixels, the same pixels shift.
        guard zoom == 1.5 else { return }
        var moved = view
        moved.pan(byViewX: 30, y: 0)
        let shifted = CanvasBackdrop(rendering: nil as RenderSnapshot?, view: moved, background: kind)
        let shift = PixelDifference(shifted.surface, backdrop.surface, rounding: 1, ignoring: { x, _ in x >= 270 })
        #expect(!shift.pixels.isEmpty) // not the same picture in place …
        let offset = ImageSurface(width: 300, height: 400)
        offset.draw { cr in
            cairo_translate(cr, -30, 0)
            cairo_set_source_surface(cr, backdrop.surface, 0, 0)
            cairo_paint(cr)
        }
        #expect(PixelDifference(shifted.surface, offset.surface, rounding: 1, ignoring: { x, _ in x >= 270 }).pixels.isEmpty) // … but moved
    }

    @Test func changesLandWhereTheViewShowsThem() {
        let scribble = Scribble()
        let session = CanvasSession(hop: { _ in })
        var updates: [CanvasSession.Request] = []
        session.onUpdate = { updates.append($0) }
        session.show(scribble)
        session.resize(to: CanvasViewSize(width: 200, height: 100, scale: 1))
        session.changeView { $0.zoom(to: 2, aboutViewX: 0, y: 0) }
        session.changeView { $0.pan(byViewX: -100, y: -50) } // the canvas origin now at view (100, 50)
        updates = []
        scribble.add(Dot(location: Point(x: 10, y: 5), color: .black, size: 4))
        guard case .redraw(let area)? = updates.last else {
            Issue.record("no redraw: \(updates)")
            return
        }
        // Canvas (10, 5) shows at view (120, 60), 8 view px across.
        #expect(area.contains(Point(x: 120, y: 60)) && area.contains(Point(x: 116.5, y: 56.5)) && !area.contains(Point(x: 10, y: 5)))
        let picture = ImageSurface(width: 200, height: 100)
        picture.draw { session.draw(on: CairoContext($0)) }
        #expect(picture.pixel(x: 120, y: 60, is: .black) && picture.pixel(x: 10, y: 5, is: .white))
    }

    @Test func aZoomShowsTheLastFrameScaledAtOnceThenTheSharpOne() {
        let scribble = Scribble()
        // Big enough to be rendered in the background.
        let big = Stroke(color: .black, size: 2)
        for step in 0...(CanvasSession.synchronousVertexLimit + 10) {
            big.append(Point(x: 5 + Float(step % 190), y: 5 + Float(step / 190) * 0.1))
        }
        scribble.add(big)
        scribble.add(Dot(location: Point(x: 50, y: 50), color: .black, size: 10))
        let hop = ManualHop()
        let session = CanvasSession(hop: hop.hop)
        session.show(scribble)
        session.resize(to: CanvasViewSize(width: 200, height: 100, scale: 1))
        var shown = false
        session.whenCurrentFrameIsShown { shown = true }
        while !shown { hop.drain(); usleep(1000) }
        session.changeView { $0.zoom(to: 2, aboutViewX: 50, y: 50) } // the dot stays at (50, 50), twice as big
        let scaled = ImageSurface(width: 200, height: 100)
        scaled.draw { session.draw(on: CairoContext($0)) }
        // 10 px across before, 20 now (the old frame's antialiased edge scaled: near black).
        for (x, y) in [(50, 50), (50, 42), (42, 50)] { #expect(scaled.pixel(x: x, y: y).r < 32, "\(x), \(y)") }
        #expect(scaled.pixel(x: 50, y: 38, is: .white))
        shown = false
        session.whenCurrentFrameIsShown { shown = true }
        while !shown { hop.drain(); usleep(1000) }
        expectShowsItsDrawing(session, scribble)
    }

    @Test func aPanCopiesTheFrameAndRendersOnlyTheUncoveredStrips() throws {
        let scribble = Self.drawing()
        let snapshot = RenderSnapshot(of: scribble.root)
        let view = Viewport(width: 120, height: 90, deviceScale: 2, zoom: 2, originX: 0, originY: 5)
        let before = CanvasBackdrop(rendering: snapshot, view: view, background: .paper)
        var panned = view
        panned.pan(byViewX: 17, y: -9.5)
        let (moved, exposed) = try #require(before.moved(to: panned))
        // The strips the move uncovers: 17 px at the right, 9.5 at the top (whole pixels).
        #expect(exposed == [Rect(minX: 103, minY: 0, maxX: 120, maxY: 90), Rect(minX: 0, minY: 0, maxX: 120, maxY: 10)])
        moved.render(snapshot, in: exposed, background: .paper, yielding: false)
        let whole = CanvasBackdrop(rendering: snapshot, view: panned, background: .paper)
        // Culled differently (by strip, by occlusion), a few antialiased pixels round
        // differently: the tolerance `RenderEquivalenceTests` states.
        let difference = PixelDifference(moved.surface, whole.surface, rounding: 1)
        #expect(difference.isWithinTolerance, "\(difference)")
        // Nothing to reuse after a zoom, a move of a whole frame, or with a stroke in progress.
        var zoomed = view
        zoomed.zoom(steps: 1, aboutViewX: 0, y: 0)
        var far = view
        far.pan(byViewX: 120, y: 0)
        #expect(before.moved(to: zoomed) == nil && before.moved(to: far) == nil)
        let stroke = Stroke(color: .black, size: 2)
        stroke.append(Point(x: 30, y: 30))
        scribble.add(stroke)
        before.apply(ScribbleChange(kind: .added(stroke), dirty: stroke.bounds), root: scribble.root, background: .paper)
        #expect(before.moved(to: panned) == nil)
    }

    @Test func aPannedBigDrawingEndsAsItsFullFrame() {
        let scribble = Scribble()
        for row in 0..<40 {
            let stroke = Stroke(color: Color(red: UInt8(row * 6), green: 40, blue: 90), size: 3)
            for step in 0...200 { stroke.append(Point(x: Float(step) * 1.3, y: Float(row) * 4 + Float(step % 7))) }
            scribble.add(stroke)
        }
        let hop = ManualHop()
        let session = CanvasSession(hop: hop.hop)
        session.show(scribble)
        session.resize(to: CanvasViewSize(width: 200, height: 150, scale: 1))
        func settle() {
            var shown = false
            session.whenCurrentFrameIsShown { shown = true }
            while !shown { hop.drain(); usleep(1000) }
        }
        settle()
        for (dx, dy) in [(13.0, 0.0), (0, 21), (-40, -7)] {
            session.changeView { $0.pan(byViewX: dx, y: dy) }
            settle()
        }
        expectShowsItsDrawing(session, scribble)
    }

    @Test func aCancelledRenderStopsAndAFrameAskedForMeanwhileIsTheOneShown() {
        let snapshot = RenderSnapshot(of: Self.drawing().root)
        let view = Viewport(width: 120, height: 90)
        let cancelled = RenderCancellation()
        cancelled.cancel()
        let given = CanvasBackdrop(rendering: snapshot, view: view, background: .plain, yielding: true, cancellation: cancelled)
        let full = CanvasBackdrop(rendering: snapshot, view: view, background: .plain)
        #expect(PixelDifference(given.surface, full.surface).pixels.count > 100) // it stopped: marks are missing
        #expect(!RenderCancellation().isCancelled)
    }
}
