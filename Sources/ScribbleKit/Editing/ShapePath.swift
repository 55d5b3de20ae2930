import Glibc

/// The vertices of clean shapes: what the shape tools draw and what shape recognition puts
/// in place of a hand-drawn stroke. A shape is an ordinary stroke through these points, so it
/// is saved, exported, erased and selected like any mark; the renderer's smoothing keeps
/// within half a pixel of the straight segments, so corners stay corners.
public enum ShapePath {
    /// A straight line from `a` to `b`.
    public static func line(from a: Point, to b: Point) -> [Point] { [a, b] }

    /// A closed polygon through `corners`, back to the first.
    public static func polygon(_ corners: [Point]) -> [Point] {
        guard let first = corners.first else { return [] }
        return corners + [first]
    }

    /// The axis-aligned rectangle with opposite corners `a` and `b`, closed.
    public static func rectangle(_ a: Point, _ b: Point) -> [Point] {
        polygon([a, Point(x: b.x, y: a.y), b, Point(x: a.x, y: b.y)])
    }

    /// A closed ellipse about `center` with radii `radiusX`, `radiusY`, turned by `angle`
    /// radians: enough vertices that the chords stray under a quarter pixel from the curve
    /// (at least 16, at most 720).
    public static func ellipse(center: Point, radiusX: Float, radiusY: Float, angle: Float = 0) -> [Point] {
        let radius = Double(max(abs(radiusX), abs(radiusY)))
        // A chord of angle θ strays r(1 − cos θ/2) ≈ rθ²/8 from the circle.
        let step = radius > 0 ? (2 / radius).squareRoot() : .pi / 8
        let count = min(720, max(16, Int((2 * .pi / step).rounded(.up))))
        let cosine = cos(Double(angle)), sine = sin(Double(angle))
        var points: [Point] = []
        points.reserveCapacity(count + 1)
        for index in 0...count {
            let t = 2 * Double.pi * Double(index % count) / Double(count)
            let x = Double(radiusX) * cos(t), y = Double(radiusY) * sin(t)
            points.append(Point(Double(center.x) + x * cosine - y * sine, Double(center.y) + x * sine + y * cosine))
        }
        return points
    }

    /// A line from `a` to an arrowhead at `b`: the shaft, then the head's two barbs drawn
    /// from the tip, each `headLength` long (by default four pen widths, at least 12 px, at
    /// most 40 % of the shaft) at 28° to it.
    public static func arrow(from a: Point, to b: Point, width: Float, headLength: Float? = nil) -> [Point] {
        let length = a.distance(to: b)
        guard length > 0 else { return [a, b] }
        let head = Double(headLength ?? min(max(4 * width, 12), 0.4 * length))
        let back = atan2(Double(a.y - b.y), Double(a.x - b.x))
        let spread = 28 * Double.pi / 180
        func barb(_ turn: Double) -> Point {
            Point(Double(b.x) + head * cos(back + turn), Double(b.y) + head * sin(back + turn))
        }
        return [a, b, barb(spread), b, barb(-spread)]
    }
}
