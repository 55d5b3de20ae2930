/// Turns the pointer's positions into a stroke's vertices at one `Smoothing` level: an
/// exponential moving average (each vertex a fixed share of the way from the last one to
/// the pointer), behind a string for the strong level (Lazy Nezumi's and Krita's
/// stabilisers: the pen moves only when the pointer pulls the string taut). One event costs
/// a few multiplications and yields at most one vertex, so smoothing adds nothing per event
/// that grows with the stroke. On release the pen catches up with the pointer along the same
/// filter, so the stroke ends exactly where the pointer did — no tail is lost.
public struct StrokeSmoother: Sendable {
    /// The level.
    public let level: Smoothing
    /// Where the pen is: the last vertex given out.
    public private(set) var pen: Point
    /// The string's end the filter follows (the pointer itself without a string).
    private var anchor: Point

    /// A smoother for a stroke starting at `start`, the press point (its first vertex).
    public init(_ level: Smoothing, start: Point) {
        self.level = level
        pen = start
        anchor = start
    }

    /// The vertex to append for the pointer at `point`; `nil` when the pen does not move
    /// (the pointer is still within the string, or the step is under a 64th of a pixel).
    public mutating func next(_ point: Point) -> Point? {
        guard level != .off else {
            pen = point
            return point
        }
        let string = level.stringLength
        if string > 0 {
            let d = point.distance(to: anchor)
            if d > string {
                let pull = (d - string) / d
                anchor = Point(x: anchor.x + (point.x - anchor.x) * pull, y: anchor.y + (point.y - anchor.y) * pull)
            }
        } else {
            anchor = point
        }
        let w = level.weight
        let moved = Point(x: pen.x + (anchor.x - pen.x) * w, y: pen.y + (anchor.y - pen.y) * w)
        guard moved.distance(to: pen) >= 1.0 / 64 else { return nil }
        pen = moved
        return moved
    }

    /// The vertices that take the pen from where it is to `point`, where the pointer was
    /// released, ending exactly there: the filter run with the pointer held still (a curve
    /// that eases into the end, as the pen would have drawn had the hand rested), at most
    /// `catchUpSteps` of them, until the pen is within half a pixel; then `point` itself.
    public mutating func finish(at point: Point) -> [Point] {
        var points: [Point] = []
        if level != .off {
            anchor = point
            let w = level.weight
            for _ in 0..<Self.catchUpSteps where pen.distance(to: point) > 0.5 {
                pen = Point(x: pen.x + (point.x - pen.x) * w, y: pen.y + (point.y - pen.y) * w)
                if pen.distance(to: point) > 0.5 { points.append(pen) }
            }
        }
        pen = point
        points.append(point)
        return points
    }

    /// The most vertices a release adds before the last.
    static let catchUpSteps = 24
}
