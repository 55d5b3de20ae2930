/// One motion of a round eraser (issue 26, "the eraser cuts"): its disc of `radius` moved
/// from `from` to `to`, sweeping a capsule. It says where a stroke's path enters and leaves
/// that capsule, so the eraser can cut strokes exactly at the disc's edge.
public struct EraserStep: Sendable {
    /// Where the disc's centre was at the last event.
    public let from: Point
    /// Where it is now.
    public let to: Point
    /// The disc's radius, in pixels.
    public let radius: Float

    /// The step of a disc of `radius` from `from` to `to` (equal for a press).
    public init(from: Point, to: Point, radius: Float) {
        self.from = from
        self.to = to
        self.radius = max(0, radius)
    }

    /// How close a path point may come inside a cut edge before it counts as covered: the
    /// cut points themselves are snapped to the model's 1/256 px grid and so may lie up to
    /// 1/362 px inside the edge; without this slack a second pass over the same place
    /// would cut them again.
    static let slack: Double = 1.0 / 64

    /// The box of everything within `reach` of the step.
    func box(reach: Float) -> Rect {
        Rect.null.union(from).union(to).outset(by: reach)
    }

    /// Whether `point` lies within `reach` of the step's centre line, less the slack: a
    /// lone vertex there is covered.
    func covers(_ point: Point, reach: Float) -> Bool {
        Double(pointSegmentDistanceSquared(point, from, to)).squareRoot() < Double(reach) - Self.slack
    }

    /// Where the segment `p`–`q` runs within `reach` of the step's centre line: the part
    /// `low…high` of it (0 at `p`, 1 at `q`), or `nil` when it stays out — or only grazes
    /// the edge, coming no deeper than the slack. The part is the whole crossing of the
    /// capsule of radius `reach`, so its ends lie on the edge.
    /// - Complexity: O(1).
    func cut(_ p: Point, _ q: Point, reach: Float) -> (low: Double, high: Double)? {
        let outer = Double(reach)
        guard outer > Self.slack, let inner = crossing(p, q, radius: outer - Self.slack) else { return nil }
        return crossing(p, q, radius: outer) ?? inner // the outer part holds the inner one
    }

    /// The part of `p`–`q` strictly within `radius` of the segment `from`–`to`, clipped to
    /// 0…1. The capsule is the union of the two end discs and the band between them; being
    /// convex, it meets the segment's line in one interval, the union of the three pieces'.
    private func crossing(_ p: Point, _ q: Point, radius r: Double) -> (low: Double, high: Double)? {
        let px = Double(p.x), py = Double(p.y)
        let dx = Double(q.x) - px, dy = Double(q.y) - py
        let ax = Double(from.x), ay = Double(from.y), bx = Double(to.x), by = Double(to.y)
        if dx == 0 && dy == 0 { // a segment of no length: all or nothing
            return Double(pointSegmentDistanceSquared(p, from, to)) < r * r ? (0, 1) : nil
        }
        var low = Double.infinity, high = -Double.infinity
        func include(_ part: (Double, Double)?) {
            guard let part else { return }
            low = min(low, part.0)
            high = max(high, part.1)
        }
        include(Self.disc(px - ax, py - ay, dx, dy, r))
        include(Self.disc(px - bx, py - by, dx, dy, r))
        let ux = bx - ax, uy = by - ay
        let length = (ux * ux + uy * uy).squareRoot()
        if length > 0 {
            let nx = ux / length, ny = uy / length
            // Along the step: 0 … length; across it: −r … r.
            let along = Self.between(0, length, start: (px - ax) * nx + (py - ay) * ny, slope: dx * nx + dy * ny)
            let across = Self.between(-r, r, start: (px - ax) * ny - (py - ay) * nx, slope: dx * ny - dy * nx)
            if let along, let across {
                let part = (max(along.0, across.0), min(along.1, across.1))
                if part.0 < part.1 { include(part) }
            }
        }
        low = max(low, 0)
        high = min(high, 1)
        return low < high ? (low, high) : nil
    }

    /// Where `offset + t·direction` lies strictly inside the disc of radius `r` about the
    /// origin (the offset is the segment's start seen from the disc's centre).
    private static func disc(_ ox: Double, _ oy: Double, _ dx: Double, _ dy: Double, _ r: Double) -> (Double, Double)? {
        let a = dx * dx + dy * dy
        let b = ox * dx + oy * dy
        let c = ox * ox + oy * oy - r * r
        let discriminant = b * b - a * c
        guard discriminant > 0 else { return nil }
        let root = discriminant.squareRoot()
        return ((-b - root) / a, (-b + root) / a)
    }

    /// Where `start + t·slope` lies within `lower…upper`.
    private static func between(_ lower: Double, _ upper: Double, start: Double, slope: Double) -> (Double, Double)? {
        if slope == 0 { return start >= lower && start <= upper ? (-.infinity, .infinity) : nil }
        let t0 = (lower - start) / slope, t1 = (upper - start) / slope
        return (min(t0, t1), max(t0, t1))
    }
}
