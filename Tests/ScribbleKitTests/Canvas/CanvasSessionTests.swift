import CairoKit
import Foundation
import Testing
@testable import ScribbleKit

/// The canvas engine without a display: what it asks the view to do for each change, when
/// it renders full frames in the background, and that what it draws shows every change,
/// those made while a background frame was being rendered included.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CanvasSessionTests {
    let hop = ManualHop()
    let viewport = CanvasViewSize(width: 200, height: 150, scale: 1)

    /// A session on show, recording what it asks of its view.
    private func session(showing scribble: Scribble) -> (CanvasSession, UpdateLog) {
        let session = CanvasSession(hop: hop.hop)
        let log = UpdateLog()
        session.onUpdate = { log.updates.append($0) }
        session.show(scribble)
        session.resize(to: viewport)
        return (session, log)
    }

    final class UpdateLog {
        var updates: [CanvasSession.Request] = []
    }

    private func line(y: Float, from x0: Float = 10, to x1: Float = 190, points: Int = 2) -> Stroke {
        let stroke = Stroke(color: .black, size: 4)
        for i in 0..<points { stroke.append(Point(x: x0 + (x1 - x0) * Float(i) / Float(points - 1), y: y)) }
        return stroke
    }

    /// What the session draws now, on a surface of the view's size.
    private func picture(of session: CanvasSession) -> ImageSurface {
        let surface = ImageSurface(width: viewport.width, height: viewport.height)
        surface.draw { session.draw(on: CairoContext($0)) }
        return surface
    }

    @Test func aSmallDrawingGetsItsFrameAtOnceAndEachChangeOnlyItsArea() {
        let scribble = Scribble()
        scribble.add(line(y: 30))
        let (session, log) = session(showing: scribble)
        guard case .frameShown(_, vertices: 2)? = log.updates.last else {
            Issue.record("no frame at once: \(log.updates)")
            return
        }
        log.updates = []
        let mark = line(y: 100, from: 50, to: 60)
        scribble.add(mark)
        guard case .redraw(let area)? = log.updates.last else {
            Issue.record("no redraw: \(log.updates)")
            return
        }
        #expect(area.contains(Point(x: 55, y: 100)) && !area.contains(Point(x: 150, y: 30))) // its area only
        // A stroke in progress is painted ahead of the frame cycle, its new segment only.
        log.updates = []
        scribble.append(Point(x: 90, y: 120), to: mark)
        guard case .paintLive? = log.updates.last else {
            Issue.record("no live paint asked: \(log.updates)")
            return
        }
        let live = session.takeLiveArea()
        #expect(live.contains(Point(x: 75, y: 110)) && !live.contains(Point(x: 150, y: 30)))
        #expect(picture(of: session).pixel(x: 100, y: 30, is: .black))
        // The same size again (a relayout) is no new frame.
        log.updates = []
        session.resize(to: viewport)
        #expect(log.updates.isEmpty)
    }

    @Test func aBigDrawingRendersInTheBackgroundAndKeepsWhatChangedMeanwhile() throws {
        let scribble = Scribble()
        for row in 0..<10 { scribble.add(line(y: Float(10 + row * 12), points: CanvasSession.synchronousVertexLimit / 10 + 1)) }
        let (session, _) = session(showing: scribble)
        var shown = false
        session.whenCurrentFrameIsShown { shown = true }
        #expect(!shown) // on its way: the main thread is free meanwhile
        scribble.add(line(y: 140)) // drawn while it renders
        waitForCurrentFrame(of: session)
        let picture = picture(of: session)
        #expect(picture.pixel(x: 100, y: 10, is: .black)) // the drawing
        #expect(picture.pixel(x: 100, y: 140, is: .black)) // and the stroke drawn while it rendered
    }

    @Test func removingAStrokeOverMuchOfABigDrawingRendersAFrameInsteadOfRepaintingInPlace() {
        let scribble = Scribble()
        for row in 0..<12 { scribble.add(line(y: Float(10 + row * 11), points: 2_001)) } // 24,012 vertices
        let (session, log) = session(showing: scribble)
        waitForCurrentFrame(of: session)
        let wide = Stroke(color: .black, size: 4)
        for i in 0..<200 { wide.append(Point(x: Float(i), y: Float(i % 150))) } // across the whole canvas
        scribble.add(wide)
        #expect(picture(of: session).pixel(x: 50, y: 50, is: .black))
        log.updates = []
        scribble.remove(wide)
        #expect(log.updates.isEmpty) // no repaint in place: it would stall input
        var shown = false
        session.whenCurrentFrameIsShown { shown = true }
        #expect(!shown)
        waitForCurrentFrame(of: session)
        #expect(!picture(of: session).pixel(x: 50, y: 50, is: .black)) // gone, in the new frame
        #expect(picture(of: session).pixel(x: 100, y: 10, is: .black))
    }

    private func waitForCurrentFrame(of session: CanvasSession) {
        var shown = false
        session.whenCurrentFrameIsShown { shown = true }
        let deadline = ContinuousClock.now + .seconds(20)
        while !shown, ContinuousClock.now < deadline {
            hop.drain()
            usleep(1_000)
        }
        #expect(shown)
    }
}
