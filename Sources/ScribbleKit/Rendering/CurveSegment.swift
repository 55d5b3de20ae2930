import CCairo

/// One piece of a smoothed stroke (ink): the cubic Bézier curve from one vertex
/// to the next of a run, shaped as a Catmull-Rom spline through the run's vertices.
///
/// The curve passes through every vertex the pointer reported, and at each of them the
/// curves on either side leave in the same direction — the direction from the vertex before
/// to the vertex after — so a stroke shows no corner at its sampling points, except where
/// the hand itself turned sharper than a right angle. A segment's
/// shape depends on the vertex before it and the one after it: the segment that ends at the
/// stroke's newest vertex is provisional until the next vertex arrives (it ends as if the
/// stroke ended there, which is what it becomes if none does).
///
/// The stored vertices stay the raw input; only drawing smooths.
struct CurveSegment {
    let start: Point
    let control1: Point
    let control2: Point
    let end: Point
    /// How far the curve may stray from the straight segment `start`–`end`: three quarters
    /// of its control points' distance from that line (a cubic Bézier's bound).
    let deviation: Float

    /// The segment of a run that ends at vertex `index`, seen from the vertices up to
    /// `last`: the neighbours outside `first...last` are taken as the end vertices
    /// themselves, so a run's first and last segments start and end straight.
    /// - Precondition: `first < index <= last`, all within `points`.
    @inline(__always)
    init(_ points: StrokeElements.UnsafeBuffer, endingAt index: Int, first: Int, last: Int) {
        let p1 = Self.point(points[index - 1]), p2 = Self.point(points[index])
        let p0 = index - 2 >= first ? Self.point(points[index - 2]) : p1
        let p3 = index + 1 <= last ? Self.point(points[index + 1]) : p2
        self.init(p0, p1, p2, p3)
    }

    /// The segment ending at `elements[index]` within its run of inline vertices, seen from
    /// the vertices up to `last`.
    /// - Precondition: `elements[index - 1]` and `elements[index]` are vertices, `index <= last`.
    @inline(__always)
    init(in elements: StrokeElements.UnsafeBuffer, endingAt index: Int, last: Int) {
        var first = index - 1
        if first > 0, case .vertex = elements[first - 1] { first -= 1 }
        var end = index
        if end < last, end + 1 < elements.count, case .vertex = elements[end + 1] { end += 1 }
        self.init(elements, endingAt: index, first: first, last: end)
    }

    /// The Catmull-Rom segment from `p1` to `p2` with neighbours `p0` and `p3`. Each control
    /// point lies a sixth of the neighbours' span away along the tangent, pulled in towards
    /// its end where that would take it further than `reach` from the line `p1`–`p2`, or
    /// further than half the segment's length along it: the curve then stays within
    /// `Stroke.smoothingReach` of the pointer's path (a cubic Bézier strays at most three
    /// quarters of its control points' distance), and keeps the tangent's direction, so
    /// sparse points (a fast flick) keep a tight bend instead of a wide arc or a loop.
    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        start = p1
        end = p2
        let dx = p2.x - p1.x, dy = p2.y - p1.y
        // A turn sharper than a right angle is a corner the hand made (a reversal, a zigzag):
        // it stays a corner, and the segment leaves or meets it straight.
        let p0 = (p1.x - p0.x) * dx + (p1.y - p0.y) * dy < 0 ? p1 : p0
        let p3 = (p3.x - p2.x) * dx + (p3.y - p2.y) * dy < 0 ? p2 : p3
        let length = (dx * dx + dy * dy).squareRoot()
        let along = length > 0 ? (x: dx / length, y: dy / length) : (x: Float(1), y: Float(0))
        control1 = Self.offset(p1, by: (p2.x - p0.x) / 6, (p2.y - p0.y) / 6, chord: along, length: length)
        control2 = Self.offset(p2, by: (p1.x - p3.x) / 6, (p1.y - p3.y) / 6, chord: along, length: length)
        deviation =
            0.75
            * max(
                Self.distance(of: control1, fromLineThrough: p1, p2),
                Self.distance(of: control2, fromLineThrough: p1, p2))
    }

    /// How far a control point may lie from the segment's line.
    static let reach = Stroke.smoothingReach / 0.75

    /// The area the pen of `width` can paint along the segment: its control polygon's box
    /// grown by half the width (the curve lies within its control points' hull).
    func bounds(width: Float) -> Rect {
        Rect.null.union(start).union(control1).union(control2).union(end).outset(by: width / 2)
    }

    /// Adds the segment to `context`'s path (its current point must be `start`) as straight
    /// pieces that stay within `tolerance` user units of the curve: one when the curve is
    /// that close to its chord, else a few (a curve strays at most `Stroke.smoothingReach`,
    /// so three pieces at Cairo's usual 0.1 px). Flattened here, not by Cairo, because
    /// Cairo flattens a curve differently where a clip edge cuts it, and the canvas renders
    /// in tiles that must join without a seam.
    @inline(__always)
    func add(to context: OpaquePointer, tolerance: Float) {
        let count = pieces(tolerance: tolerance)
        if count > 1 {
            for piece in 1..<count {
                let point = self.point(at: Float(piece) / Float(count))
                cairo_line_to(context, Double(point.x), Double(point.y))
            }
        }
        cairo_line_to(context, Double(end.x), Double(end.y))
    }

    /// How many straight pieces, of equal steps in `t`, stay within `tolerance` of the curve:
    /// one when it is that close to its chord (a cubic's distance from its chord pieces
    /// shrinks with the square of their number).
    @inline(__always)
    func pieces(tolerance: Float) -> Int {
        deviation > tolerance ? Int((deviation / tolerance).squareRoot().rounded(.up)) : 1
    }

    /// The curve's point at `t` in 0…1.
    func point(at t: Float) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(
            x: a * start.x + b * control1.x + c * control2.x + d * end.x,
            y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    @inline(__always)
    private static func point(_ element: Stroke.Element) -> Point {
        if case .vertex(let point) = element { point } else { .zero }
    }

    /// `point` moved by (`dx`, `dy`), shortened so that it strays at most `reach` across the
    /// chord (of unit direction `chord`) and half the chord's `length` along it.
    @inline(__always)
    private static func offset(
        _ point: Point, by dx: Float, _ dy: Float, chord: (x: Float, y: Float),
        length: Float
    ) -> Point {
        let across = abs(dx * chord.y - dy * chord.x), along = abs(dx * chord.x + dy * chord.y)
        var scale: Float = 1
        if across > reach { scale = reach / across }
        if along * scale > length / 2 { scale = length / 2 / along }
        return Point(x: point.x + dx * scale, y: point.y + dy * scale)
    }

    /// The distance from `point` to the line through `a` and `b` (to `a` when they coincide).
    @inline(__always)
    private static func distance(of point: Point, fromLineThrough a: Point, _ b: Point) -> Float {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return point.distance(to: a) }
        return abs((point.x - a.x) * dy - (point.y - a.y) * dx) / length
    }
}
