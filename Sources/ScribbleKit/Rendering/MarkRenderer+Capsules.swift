/// Runs drawn into an image's pixels by a `CapsuleRasterizer`: the same smoothed, flattened
/// segments Cairo would stroke, left out by the same tests (the clip, the occlusion map),
/// but each a capsule whose coverage joins the run's, laid on once at the end of the run. A
/// run needs no chunks (a capsule costs the same in a long run as in a short one) and no
/// group to be blended once.
extension MarkRenderer {
    /// Draws `run` (inline vertices, the stroke's children from `offset` on) with `pen` in
    /// `color`: a lone vertex as a disc, else each segment that can show, with the pen's
    /// width at its ends (pressure) or the pen's size.
    func rasterize(
        _ run: StrokeElements.UnsafeBuffer, from offset: Int, pen: Pen, color: Color,
        hidden: (map: OcclusionMap, child: Int)?, into raster: CapsuleRasterizer
    ) {
        if run.count == 1 {
            let center = Self.point(run[0])
            if Rect.null.union(center).outset(by: pen.size / 2 + pixel).intersects(clip) {
                raster.disc(at: center, radius: pen.width(at: offset) / 2)
                raster.lay(color)
            }
            return
        }
        let hasPressure = !pen.pressures.isEmpty
        let reach = clip.outset(by: pen.size / 2 + pixel)
        let farReach = reach.outset(by: Self.segmentReach)
        let curveReach = reach.outset(by: Stroke.smoothingReach) // where any segment's curve may reach
        let tolerance = Self.flatness * pixel
        let radius = pen.size / 2
        for index in 1..<run.count {
            let isHidden = hidden.map { $0.map.isHidden(child: $0.child, element: offset + index) } ?? false
            guard !isHidden, curveReach.touches(Self.point(run[index - 1]), Self.point(run[index])) else { continue }
            let segment = CurveSegment(run, endingAt: index, first: 0, last: run.count - 1)
            let (from, to) = (segment.start, segment.end)
            guard reach.outset(by: segment.deviation).touches(from, to) else { continue }
            let (r0, r1) = hasPressure ? (pen.width(at: offset + index - 1) / 2, pen.width(at: offset + index) / 2) : (radius, radius)
            if farReach.contains(from), farReach.contains(to) {
                raster.add(segment, radii: r0, r1, tolerance: tolerance)
            } else if let part = farReach.part(of: from, to) {
                // Only the part that can show (straight: no hand draws a segment thousands
                // of pixels long), so that single precision keeps its place exactly.
                raster.line(from: part.start, to: part.end, radii: r0, r1)
            }
        }
        raster.lay(color)
    }
}
