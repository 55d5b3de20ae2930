import CairoKit
import Foundation
import Testing

@testable import ScribbleKit

/// A big selection dragged by the select tool: lifted off the canvas as a picture that moves
/// at every step, the drawing unchanged until the release, which puts the moved marks in
/// place as one undo step; a light selection changes the drawing at every step, as before.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SelectionLiftTests {
    typealias Host = ToolHost

    let hop = ManualHop()
    let size = CanvasViewSize(width: 200, height: 150, scale: 1)

    /// A host whose document shows `scribble` on a canvas of its own.
    private func host(showing scribble: Scribble) -> Host {
        let host = Host()
        host.document.open(scribble, from: .new)
        let session = CanvasSession(hop: hop.hop)
        session.show(host.document.scribble)
        session.resize(to: size)
        host.canvasSession = session
        waitUntil { session.isShowingCurrentFrame }
        return host
    }

    private func line(y: Float, points: Int) -> Stroke {
        let stroke = Stroke(color: .black, size: 4)
        for i in 0..<points { stroke.append(Point(x: 10 + 170 * Float(i) / Float(points - 1), y: y)) }
        return stroke
    }

    private func picture(of session: CanvasSession) -> ImageSurface {
        let surface = ImageSurface(width: size.width, height: size.height)
        surface.draw { session.draw(on: CairoContext($0)) }
        return surface
    }

    private func waitUntil(_ done: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(20)
        while !done(), ContinuousClock.now < deadline {
            hop.drain()
            usleep(1_000)
        }
        #expect(done())
    }

    /// Twelve long lines (24,012 vertices) on show, with `other` marks above them, the lines
    /// selected and the select tool pressed inside their box.
    private func grabTwelveLines(besides other: Mark...) throws -> (Host, CanvasSession, SelectTool, [Stroke]) {
        let scribble = Scribble()
        let lines = (0..<12).map { line(y: Float(10 + $0 * 11), points: 2_001) }
        lines.forEach(scribble.add)
        other.forEach(scribble.add)
        let host = host(showing: scribble)
        let session = try #require(host.canvasSession)
        let tool = SelectTool(host: host)
        host.selection.set(lines)
        tool.press(at: Point(x: 100, y: 60), modifiers: [])
        return (host, session, tool, lines)
    }

    @Test func aBigSelectionMovesAsAPictureAndLandsWhereTheDragLeftIt() throws {
        let post = Stroke(color: .black, size: 4) // not selected: it stays
        post.append(Point(x: 192, y: 5))
        post.append(Point(x: 192, y: 145))
        let (host, session, tool, lines) = try grabTwelveLines(besides: post)
        tool.drag(to: Point(x: 100, y: 63), modifiers: [])
        tool.drag(to: Point(x: 100, y: 65), modifiers: [])
        // Lifted: the drawing is untouched while the picture moves.
        #expect(session.lift != nil)
        #expect(host.document.scribble.marks.prefix(12).map { ObjectIdentifier($0) } == lines.map { ObjectIdentifier($0) })
        waitUntil { session.lift?.layer != nil && session.isShowingCurrentFrame }
        var shown = picture(of: session)
        #expect(!shown.pixel(x: 100, y: 10, is: .black)) // the first line left its place…
        #expect(shown.pixel(x: 100, y: 15, is: .black)) // …and shows 5 px lower
        #expect(shown.pixel(x: 192, y: 75, is: .black)) // the unselected stroke stays
        tool.release(at: Point(x: 100, y: 65))
        // Dropped: the moved copies are in the drawing, as one undo step.
        let moved = host.document.scribble.marks.prefix(12)
        #expect(moved.allSatisfy { mark in !lines.contains { $0 === mark } })
        #expect(moved.first?.location == Point(x: 10, y: 15))
        waitUntil { session.lift == nil && session.isShowingCurrentFrame }
        shown = picture(of: session)
        #expect(!shown.pixel(x: 100, y: 10, is: .black) && shown.pixel(x: 100, y: 15, is: .black))
        host.document.undo()
        #expect(host.document.scribble.marks.prefix(12).map { ObjectIdentifier($0) } == lines.map { ObjectIdentifier($0) })
        waitUntil { session.isShowingCurrentFrame }
        shown = picture(of: session)
        #expect(shown.pixel(x: 100, y: 10, is: .black) && !shown.pixel(x: 100, y: 16, is: .black))
    }

    @Test func aDragBackToWhereItStartedLeavesTheDrawingAsItWas() throws {
        let (host, session, tool, _) = try grabTwelveLines()
        tool.drag(to: Point(x: 100, y: 70), modifiers: [])
        waitUntil { session.lift?.layer != nil && session.isShowingCurrentFrame }
        tool.drag(to: Point(x: 100, y: 60), modifiers: [])
        tool.release(at: Point(x: 100, y: 60))
        #expect(!host.document.history.canUndo)
        waitUntil { session.lift == nil && session.isShowingCurrentFrame }
        #expect(picture(of: session).pixel(x: 100, y: 10, is: .black)) // back in the frame, not lost
    }

    @Test func aLightSelectionChangesTheDrawingAtEveryStep() throws {
        let scribble = Scribble()
        let mark = Stroke(color: .black, size: 4)
        for i in 0...20 { mark.append(Point(x: 10 + 8.5 * Float(i), y: 20 + 5 * Float(i))) } // (10, 20) to (180, 120)
        scribble.add(mark)
        let host = host(showing: scribble)
        let session = try #require(host.canvasSession)
        let tool = SelectTool(host: host)
        host.selection.set([mark])
        tool.press(at: Point(x: 95, y: 70), modifiers: [])
        tool.drag(to: Point(x: 95, y: 80), modifiers: [])
        #expect(session.lift == nil)
        #expect(host.document.scribble.marks.first?.location == Point(x: 10, y: 30))
        #expect(picture(of: session).pixel(x: 95, y: 80, is: .black))
        tool.release(at: Point(x: 95, y: 80))
        #expect(host.document.history.canUndo)
    }
}
