import CCairo
import Glibc

/// The outline of a stroke drawn with pressure (ink): the pen's width varies
/// along it, so it is filled, not stroked. It is built piece by piece, as Cairo's own stroker
/// builds a stroke's outline: along each straight piece of the smoothed, flattened curve,
/// each side lies the pen's half-width away, from its value at one end to its value at the
/// other; where two pieces meet, the outside of the turn follows the round join in as few
/// chords as keep within the flattening tolerance (one for a gentle turn), and the inside
/// passes through the joint, so the pieces themselves cover it. One side goes into the path
/// as it comes, the other comes back the way it went once the outline ends, closing one
/// polygon; a disc at each end makes the round caps. Winding non-zero, one `cairo_fill`
/// covers it all once: no seams between segments, and a translucent stroke blended once.
struct PressureOutline {
    /// The pen's width at pressure `level` (0–255) for a pen of `size`: in proportion to
    /// the pressure, but never below a tenth of the size, so the lightest touch still shows.
    @inline(__always)
    static func width(size: Float, level: UInt8) -> Float {
        size * (0.1 + 0.9 * Float(level) / 255)
    }

    /// The width at child `index` of a stroke of `size` with `pressures` (empty: none).
    @inline(__always)
    static func width(size: Float, pressures: [UInt8], at index: Int) -> Float {
        pressures.indices.contains(index) ? width(size: size, level: pressures[index]) : size
    }

    private let context: OpaquePointer
    /// Where the outline has got to, with the half-width there.
    private var point = Point.zero
    private var radius: Float = 0
    /// The direction of the last piece (unit), once there is one.
    private var direction: (x: Float, y: Float)?
    private var isStarted = false
    /// The corners along the side to the pieces' right (+normal), in the order they come;
    /// the path takes them backwards when the outline ends. Its storage is kept from one
    /// outline to the next.
    private var returnSide: [Point] = []

    /// An outline built into `context`'s path.
    init(context: OpaquePointer) {
        self.context = context
    }

    /// Starts a new piece of outline at `start` with half-width `radius`, and its round cap
    /// unless `cap` is false (a piece that continues one drawn already, ending in its cap).
    mutating func start(at start: Point, radius: Float, cap: Bool = true) {
        finish()
        point = start
        self.radius = radius
        direction = nil
        isStarted = true
        if cap { addDisc(at: start, radius: radius) }
    }

    /// Whether the outline is under way and ends at `point`.
    func isAt(_ point: Point) -> Bool { isStarted && self.point == point }

    /// Extends the outline along `segment`, flattened to `tolerance` as
    /// `CurveSegment.add(to:tolerance:)` flattens it, its half-width going to `endRadius`.
    mutating func add(_ segment: CurveSegment, endRadius: Float, tolerance: Float) {
        let pieces = segment.pieces(tolerance: tolerance)
        let startRadius = radius
        for piece in 1...pieces {
            let t = Float(piece) / Float(pieces)
            line(
                to: piece == pieces ? segment.end : segment.point(at: t), radius: startRadius + (endRadius - startRadius) * t,
                tolerance: tolerance)
        }
    }

    /// Ends the outline under way: the return side back to the start, and the round cap.
    mutating func finish() {
        guard isStarted else { return }
        if direction != nil {
            for corner in returnSide.reversed() { lineTo(corner) }
            cairo_close_path(context)
            returnSide.removeAll(keepingCapacity: true)
            addDisc(at: point, radius: radius)
        }
        isStarted = false
    }

    /// One straight piece to `end`, its half-width going to `endRadius`, joined to the piece
    /// before it by a round join within `tolerance`.
    private mutating func line(to end: Point, radius endRadius: Float, tolerance: Float) {
        let dx = end.x - point.x, dy = end.y - point.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else {
            radius = max(radius, endRadius)
            return
        }
        let along = (x: dx / length, y: dy / length)
        let normal = (x: -along.y, y: along.x)
        if let direction {
            join(from: direction, to: along, tolerance: tolerance)
        } else {
            cairo_move_to(context, Double(point.x - normal.x * radius), Double(point.y - normal.y * radius))
            returnSide.append(Point(x: point.x + normal.x * radius, y: point.y + normal.y * radius))
        }
        lineTo(Point(x: end.x - normal.x * endRadius, y: end.y - normal.y * endRadius))
        returnSide.append(Point(x: end.x + normal.x * endRadius, y: end.y + normal.y * endRadius))
        point = end
        radius = endRadius
        direction = along
    }

    /// The corners where the piece in direction `from` meets the next, in direction `to`, at
    /// `point`: on the outside of the turn, the round join's chords; on the inside, the
    /// joint itself; then each side's corner at the start of the next piece.
    private mutating func join(from: (x: Float, y: Float), to: (x: Float, y: Float), tolerance: Float) {
        let cross = from.x * to.y - from.y * to.x, dot = from.x * to.x + from.y * to.y
        guard cross != 0 || dot < 0 else { return } // straight on: the corners are the ones there
        let turn = cross == 0 ? Float.pi : atan2(cross, dot) // a reversal turns either way: say left
        // A chord spanning angle φ falls radius × (1 − cos(φ/2)) short of the arc.
        let step = radius > tolerance ? 2 * acos(1 - tolerance / radius) : Float.pi
        let count = max(1, Int((abs(turn) / step).rounded(.up)))
        let angle = turn / Float(count)
        let (c, s) = (cos(angle), sin(angle))
        // A turn towards the +normal side (turn > 0) has its outside on the −normal side,
        // the one the path takes as it comes.
        let outside: Float = turn > 0 ? -1 : 1
        var corner = (x: -from.y * radius * outside, y: from.x * radius * outside)
        if turn < 0 { lineTo(point) }
        for _ in 1..<count {
            corner = (corner.x * c - corner.y * s, corner.x * s + corner.y * c)
            let chord = Point(x: point.x + corner.x, y: point.y + corner.y)
            if turn > 0 { lineTo(chord) } else { returnSide.append(chord) }
        }
        if turn > 0 { returnSide.append(point) }
        let next = (x: -to.y * radius, y: to.x * radius)
        lineTo(Point(x: point.x - next.x, y: point.y - next.y))
        returnSide.append(Point(x: point.x + next.x, y: point.y + next.y))
    }

    @inline(__always)
    private func lineTo(_ corner: Point) {
        cairo_line_to(context, Double(corner.x), Double(corner.y))
    }

    /// A disc of `radius` around `center`.
    private func addDisc(at center: Point, radius: Float) {
        cairo_new_sub_path(context)
        cairo_arc(context, Double(center.x), Double(center.y), Double(radius), 0, 2 * .pi)
        cairo_close_path(context)
    }
}
