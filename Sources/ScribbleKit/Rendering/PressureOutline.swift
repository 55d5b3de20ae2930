import CCairo

/// The outline of a stroke drawn with pressure (SPEC §8, "Ink"): the pen's width varies
/// along it, so it is filled, not stroked. Each smoothed segment adds, to the path being
/// built, a quadrilateral along each of its flattened pieces — from the pen's half-width at
/// one end to the half-width at the other — and a disc at each point where pieces meet (and
/// at the run's first vertex). All go into one path per chunk, every part wound the same
/// way, so one `cairo_fill` (non-zero winding) covers their union once: round ends, no seams
/// between segments, and a translucent stroke blended once.
enum PressureOutline {
    /// The pen's width at pressure `level` (0–255) for a pen of `size`: in proportion to
    /// the pressure, but never below a tenth of the size, so the lightest touch still shows.
    @inline(__always)
    static func width(size: Float, level: UInt8) -> Float {
        size * (0.1 + 0.9 * Float(level) / 255)
    }

    /// Adds a disc of `radius` around `center`.
    @inline(__always)
    static func addDisc(at center: Point, radius: Float, to cr: OpaquePointer) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, Double(center.x), Double(center.y), Double(radius), 0, 2 * .pi)
        cairo_close_path(cr)
    }

    /// Adds `segment`'s outline, its half-width going from `radii.start` to `radii.end`,
    /// flattened to `tolerance` as `CurveSegment.add(to:tolerance:)` flattens; the disc at
    /// its start is the caller's (the previous segment's end, or the run's first vertex).
    static func add(_ segment: CurveSegment, radii: (start: Float, end: Float), to cr: OpaquePointer, tolerance: Float) {
        let pieces = segment.deviation > tolerance ? Int((segment.deviation / tolerance).squareRoot().rounded(.up)) : 1
        var from = segment.start, fromRadius = radii.start
        for piece in 1...pieces {
            let t = Float(piece) / Float(pieces)
            let to = piece == pieces ? segment.end : segment.point(at: t)
            let toRadius = radii.start + (radii.end - radii.start) * t
            addQuad(from, fromRadius, to, toRadius, to: cr)
            addDisc(at: to, radius: toRadius, to: cr)
            (from, fromRadius) = (to, toRadius)
        }
    }

    /// The quadrilateral from `a` (half-width `ra`) to `b` (half-width `rb`), wound like
    /// `cairo_arc`'s discs.
    @inline(__always)
    private static func addQuad(_ a: Point, _ ra: Float, _ b: Point, _ rb: Float, to cr: OpaquePointer) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let nx = -dy / length, ny = dx / length
        cairo_move_to(cr, Double(a.x - nx * ra), Double(a.y - ny * ra))
        cairo_line_to(cr, Double(b.x - nx * rb), Double(b.y - ny * rb))
        cairo_line_to(cr, Double(b.x + nx * rb), Double(b.y + ny * rb))
        cairo_line_to(cr, Double(a.x + nx * ra), Double(a.y + ny * ra))
        cairo_close_path(cr)
    }
}
