import Glibc
import Testing
@testable import ScribbleKit

/// The pen's smoothing levels: off passes every input point through exactly; every level
/// trails the pointer by a bounded distance, ends the stroke exactly at the release, and
/// the stronger levels take out more of a shaky hand.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SmoothingTests {
    typealias Host = ToolHost

    /// A shaky hand: a gentle wave along x with a deterministic tremor of ±2 px, whole pixels.
    private static let shakyPath: [Point] = (0...120).map { i in
        let tremor = Float((i * 7919) % 5) - 2
        let wave = 20 * sinf(Float(i) / 15)
        return Point(x: Float(10 + 3 * i), y: (100 + wave + tremor).rounded())
    }

    /// The largest distance the pointer moved between two events of `path`.
    private static func maxStep(_ path: [Point]) -> Float {
        zip(path, path.dropFirst()).map { $0.distance(to: $1) }.max() ?? 0
    }

    /// How much a polyline turns, in radians, summed over its vertices (a tremor turns a lot).
    private static func turning(_ points: [Point]) -> Float {
        var total: Float = 0
        for i in 1..<max(1, points.count - 1) {
            let a = atan2f(points[i].y - points[i - 1].y, points[i].x - points[i - 1].x)
            let b = atan2f(points[i + 1].y - points[i].y, points[i + 1].x - points[i].x)
            var d: Float = Swift.abs(b - a)
            if d > .pi { d = 2 * .pi - d }
            total += d
        }
        return total
    }

    /// The vertices a smoother makes of `path`, pressed at its first point and released at its last.
    private static func smoothed(_ path: [Point], _ level: Smoothing) -> (vertices: [Point], lags: [Float]) {
        var smoother = StrokeSmoother(level, start: path[0])
        var vertices = [path[0]], lags: [Float] = []
        for point in path.dropFirst().dropLast() {
            if let vertex = smoother.next(point) { vertices.append(vertex) }
            lags.append(smoother.pen.distance(to: point))
        }
        vertices += smoother.finish(at: path[path.count - 1])
        return (vertices, lags)
    }

    @Test func offPassesThroughEveryInputPointExactly() {
        let (vertices, lags) = Self.smoothed(Self.shakyPath, .off)
        #expect(vertices == Self.shakyPath)
        #expect(lags.allSatisfy { $0 == 0 })
    }

    @Test func offDrawsAStrokeWhoseVerticesAreThePointerPoints() throws {
        let host = Host()
        let path = Self.shakyPath
        host.input.handle(ToolEvent(kind: .press, point: path[0], device: .mouse, button: 1))
        for point in path.dropFirst() { host.input.handle(ToolEvent(kind: .motion, point: point, device: .mouse, isPrimaryDown: true)) }
        host.input.handle(ToolEvent(kind: .release, point: path[path.count - 1], device: .mouse, button: 1))
        let stroke = try #require(host.document.scribble.marks.first as? Stroke)
        #expect(stroke.vertexPoints == path)
    }

    @Test(arguments: Smoothing.allCases)
    func everyLevelTrailsByABoundedDistanceAndEndsAtTheRelease(_ level: Smoothing) {
        let path = Self.shakyPath
        let (vertices, lags) = Self.smoothed(path, level)
        let bound = level.lagBound(step: Self.maxStep(path))
        #expect(lags.allSatisfy { $0 <= bound + 0.001 }, "\(level): trails by \(lags.max() ?? 0) px, bound \(bound)")
        #expect(vertices.first == path.first)
        #expect(vertices.last == path.last) // no lost tail
        // The catch-up after the release is short: a few vertices, not a run of them.
        #expect(vertices.count <= path.count + StrokeSmoother.catchUpSteps)
        // Deviation: no vertex lies further from the pointer's path than the level may trail.
        for vertex in vertices {
            let nearest = path.map { $0.distance(to: vertex) }.min() ?? 0
            #expect(nearest <= bound + 0.001)
        }
    }

    @Test func strongerLevelsTakeOutMoreOfAShakyHand() {
        let turning = Smoothing.allCases.map { Self.turning(Self.smoothed(Self.shakyPath, $0).vertices) }
        #expect(turning[0] > turning[1] && turning[1] > turning[2], "\(turning)")
        #expect(turning[3] < turning[1], "\(turning)")
    }

    @Test func aStraightLineStaysOnItsLineAtEveryLevel() {
        let line = (0...40).map { Point(x: Float(5 * $0), y: 50) }
        for level in Smoothing.allCases {
            #expect(Self.smoothed(line, level).vertices.allSatisfy { $0.y == 50 })
        }
    }

    @Test func theStrongStabiliserCatchesUpOnReleaseThroughThePen() throws {
        let host = Host()
        host.smoothing = .strong
        host.input.handle(ToolEvent(kind: .press, point: Point(x: 10, y: 10), device: .mouse, button: 1))
        for x in stride(from: 20, through: 200, by: 10) {
            host.input.handle(ToolEvent(kind: .motion, point: Point(x: Float(x), y: 10), device: .mouse, isPrimaryDown: true))
        }
        let stroke = try #require(host.document.scribble.marks.first as? Stroke)
        let lastBeforeRelease = try #require(stroke.vertexPoints.last)
        #expect(lastBeforeRelease.x < 200 - Smoothing.strong.stringLength + 0.5) // it lags behind the pointer
        host.input.handle(ToolEvent(kind: .release, point: Point(x: 200, y: 10), device: .mouse, button: 1))
        #expect(stroke.vertexPoints.last == Point(x: 200, y: 10))
        #expect(host.document.history.undoCount == 1)
    }
}

extension Stroke {
    /// The stroke's own vertices' points, in order.
    fileprivate var vertexPoints: [Point] {
        (0..<elements.count).compactMap { child(at: $0)?.location }
    }
}
