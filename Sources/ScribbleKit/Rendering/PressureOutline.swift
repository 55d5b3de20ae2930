import CCairo

/// The outline of a stroke drawn with pressure (SPEC §8, "Ink"): the pen's width varies
/// along it, so it is filled, not stroked. It is built piece by piece into the context's
/// path — a quadrilateral along each straight piece of the smoothed, flattened curve, from
/// the pen's half-width at one end to the half-width at the other; where two pieces meet, a
/// thin wedge closing the gap on the outside of the turn, or a disc where the turn is
/// sharp; and a disc at each end (the round caps). Every part is wound the same way, so one
/// `cairo_fill` (non-zero winding) covers their union once: no seams between segments, and
/// a translucent stroke blended once.
struct PressureOutline {
    /// Turns sharper than this (its cosine) get a disc rather than a wedge, whose straight
    /// edge would show short of the round pen: at 30° it falls 3.4 % of the half-width short.
    static let wedgeLimit: Float = 0.866

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

    /// An outline built into `context`'s path.
    init(context: OpaquePointer) {
        self.context = context
    }

    /// Starts a new piece of outline at `start` with half-width `radius` (its round cap).
    mutating func start(at start: Point, radius: Float) {
        finish()
        point = start
        self.radius = radius
        direction = nil
        isStarted = true
        addDisc(at: start, radius: radius)
    }

    /// Whether the outline is under way and ends at `point`.
    func isAt(_ point: Point) -> Bool { isStarted && self.point == point }

    /// Extends the outline along `segment`, flattened to `tolerance` as
    /// `CurveSegment.add(to:tolerance:)` flattens it, its half-width going to `endRadius`.
    mutating func add(_ segment: CurveSegment, endRadius: Float, tolerance: Float) {
        let pieces = segment.deviation > tolerance ? Int((segment.deviation / tolerance).squareRoot().rounded(.up)) : 1
        let startRadius = radius
        for piece in 1...pieces {
            let t = Float(piece) / Float(pieces)
            line(to: piece == pieces ? segment.end : segment.point(at: t), radius: startRadius + (endRadius - startRadius) * t)
        }
    }

    /// Ends the outline under way with its round cap.
    mutating func finish() {
        guard isStarted else { return }
        if direction != nil { addDisc(at: point, radius: radius) }
        isStarted = false
    }

    /// One straight piece to `end`, its half-width going to `endRadius`.
    private mutating func line(to end: Point, radius endRadius: Float) {
        let dx = end.x - point.x, dy = end.y - point.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else {
            radius = max(radius, endRadius)
            return
        }
        let along = (x: dx / length, y: dy / length)
        if let direction {
            if direction.x * along.x + direction.y * along.y < Self.wedgeLimit {
                addDisc(at: point, radius: radius)
            } else {
                addWedges(at: point, radius: radius, from: direction, to: along)
            }
        }
        let (nx, ny) = (-along.y, along.x)
        // Wound like `cairo_arc`'s discs (positive area in Cairo's y-down space).
        cairo_move_to(context, Double(point.x - nx * radius), Double(point.y - ny * radius))
        cairo_line_to(context, Double(end.x - nx * endRadius), Double(end.y - ny * endRadius))
        cairo_line_to(context, Double(end.x + nx * endRadius), Double(end.y + ny * endRadius))
        cairo_line_to(context, Double(point.x + nx * radius), Double(point.y + ny * radius))
        cairo_close_path(context)
        point = end
        radius = endRadius
        direction = along
    }

    /// The two triangles between the ends of the pieces meeting at `center` (one on each
    /// side; the one inside the turn is covered anyway).
    private func addWedges(at center: Point, radius: Float, from: (x: Float, y: Float), to: (x: Float, y: Float)) {
        for side: Float in [1, -1] {
            let a = Point(x: center.x - from.y * radius * side, y: center.y + from.x * radius * side)
            let b = Point(x: center.x - to.y * radius * side, y: center.y + to.x * radius * side)
            // Positive area: centre, then the corners in the order that makes it so.
            let cross = (a.x - center.x) * (b.y - center.y) - (a.y - center.y) * (b.x - center.x)
            let (first, second) = cross >= 0 ? (a, b) : (b, a)
            cairo_move_to(context, Double(center.x), Double(center.y))
            cairo_line_to(context, Double(first.x), Double(first.y))
            cairo_line_to(context, Double(second.x), Double(second.y))
            cairo_close_path(context)
        }
    }

    /// A disc of `radius` around `center`.
    private func addDisc(at center: Point, radius: Float) {
        cairo_new_sub_path(context)
        cairo_arc(context, Double(center.x), Double(center.y), Double(radius), 0, 2 * .pi)
        cairo_close_path(context)
    }
}
