import Testing
@testable import ScribbleKit

/// The laser pointer: its ink fades on time and never touches the drawing or its history,
/// and a stylus' eraser end still erases while it is the tool.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LaserToolTests {
    typealias Host = ToolHost

    final class Clock {
        var now = 10_000.0
    }

    private static func covers(_ rect: Rect, _ point: Point) -> Bool {
        rect.minX <= point.x && point.x <= rect.maxX && rect.minY <= point.y && point.y <= rect.maxY
    }

    @Test func inkStaysWholeForHalfASecondThenFadesOverThreeHundredMilliseconds() {
        #expect(LaserTrail.opacity(sinceStop: 0) == 1)
        #expect(LaserTrail.opacity(sinceStop: 500) == 1)
        #expect(abs(LaserTrail.opacity(sinceStop: 650) - 0.5) < 1e-9)
        #expect(LaserTrail.opacity(sinceStop: 800) == 0)
        #expect(LaserTrail.opacity(sinceStop: 5000) == 0)
    }

    @Test func aLineFadesFromWhenThePointerStopsAndIsThenGone() throws {
        let host = Host()
        let clock = Clock()
        let laser = LaserTool(host: host, clock: { clock.now })
        host.input.install(laser)
        host.input.handle(ToolEvent(kind: .press, point: Point(x: 10, y: 10), device: .mouse, button: 1))
        for x in stride(from: 20, through: 100, by: 20) {
            clock.now += 100 // the pointer keeps moving: the line stays whole
            host.input.handle(ToolEvent(kind: .motion, point: Point(x: Float(x), y: 10), device: .mouse, isPrimaryDown: true))
        }
        host.input.handle(ToolEvent(kind: .release, point: Point(x: 100, y: 10), device: .mouse, button: 1))
        let stopped = clock.now
        #expect(Self.covers(host.invalidated, Point(x: 60, y: 10)))
        let tick = try #require(host.ticks.first)
        #expect(host.ticks.count == 1)
        clock.now = stopped + 499
        #expect(tick())
        #expect(laser.trail.lines.count == 1 && laser.trail.opacity(of: laser.trail.lines[0], at: clock.now) == 1)
        clock.now = stopped + 650
        host.invalidated = .null
        #expect(tick())
        #expect(abs(laser.trail.opacity(of: laser.trail.lines[0], at: clock.now) - 0.5) < 1e-9)
        #expect(Self.covers(host.invalidated, Point(x: 60, y: 10))) // the fading line is redrawn
        clock.now = stopped + 800
        #expect(!tick()) // gone: the ticking stops
        #expect(laser.trail.lines.isEmpty)
    }

    @Test func theInkNeverEntersTheDrawingOrItsHistory() {
        let host = Host()
        host.input.install(LaserTool(host: host))
        host.input.handle(ToolEvent(kind: .press, point: Point(x: 10, y: 10), device: .mouse, button: 1))
        host.input.handle(ToolEvent(kind: .motion, point: Point(x: 90, y: 90), device: .mouse, isPrimaryDown: true))
        host.input.handle(ToolEvent(kind: .release, point: Point(x: 90, y: 90), device: .mouse, button: 1))
        host.input.handle(ToolEvent(kind: .press, point: Point(x: 50, y: 50), device: .mouse, button: 1))
        host.input.handle(ToolEvent(kind: .release, point: Point(x: 50, y: 50), device: .mouse, button: 1))
        #expect(host.document.scribble.isEmpty)
        #expect(host.document.history.undoCount == 0)
        #expect(!host.document.hasUnsavedWork)
    }

    @Test func theStylusEraserEndStillErasesUnderTheLaser() {
        let host = Host()
        host.input.handle(ToolEvent(kind: .press, point: Point(x: 10, y: 10), device: .mouse, button: 1))
        host.input.handle(ToolEvent(kind: .motion, point: Point(x: 90, y: 10), device: .mouse, isPrimaryDown: true))
        host.input.handle(ToolEvent(kind: .release, point: Point(x: 90, y: 10), device: .mouse, button: 1))
        host.input.install(LaserTool(host: host))
        host.input.handle(ToolEvent(kind: .press, point: Point(x: 0, y: 10), device: .eraser, button: 1))
        host.input.handle(ToolEvent(kind: .motion, point: Point(x: 100, y: 10), device: .eraser, isPrimaryDown: true))
        host.input.handle(ToolEvent(kind: .release, point: Point(x: 100, y: 10), device: .eraser, button: 1))
        #expect(host.document.scribble.isEmpty)
        #expect(host.input.tool is LaserTool)
    }
}
