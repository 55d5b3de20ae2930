/// The points within `radius` of a segment — the shape a round-capped pen leaves along it —
/// set up so that its crossing with a horizontal line costs a few multiply-adds.
struct Capsule {
    private let a: Point
    private let b: Point
    private let radiusSquared: Float
    /// Top of the shape.
    let top: Float
    /// Bottom of the shape.
    let bottom: Float
    /// The band along the segment, between its ends and within `radius` of its line: at
    /// height y it spans x from max(lowSlope…) to min(highSlope…), each `slope * y + offset`.
    private let band: (lowA: (Float, Float), lowB: (Float, Float), highA: (Float, Float), highB: (Float, Float))?

    /// The capsule of `radius` around the segment `a`–`b`.
    init(_ a: Point, _ b: Point, radius: Float) {
        self.a = a
        self.b = b
        radiusSquared = radius * radius
        top = min(a.y, b.y) - radius
        bottom = max(a.y, b.y) + radius
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        // A band is only needed when the segment is not level or upright; the discs and
        // the two simple cases below cover those.
        guard length2 > 0, dx != 0, dy != 0 else {
            band = nil
            bandBox =
                length2 > 0
                ? (dx == 0
                    ? (a.x - radius, a.x + radius, min(a.y, b.y), max(a.y, b.y))
                    : (min(a.x, b.x), max(a.x, b.x), a.y - radius, a.y + radius))
                : nil
            return
        }
        bandBox = nil
        let reach = radius * length2.squareRoot()
        // Within `radius` of the line: x = a.x + (dx (y - a.y) ∓ reach) / dy.
        let across = (dx / dy, a.x - dx / dy * a.y)
        let u = (across.0, across.1 - reach / dy), v = (across.0, across.1 + reach / dy)
        // Between the ends: x = a.x + (0 or length²) / dx - dy / dx (y - a.y).
        let along = (-dy / dx, a.x + dy / dx * a.y)
        let p = (along.0, along.1), q = (along.0, along.1 + length2 / dx)
        band = (lowA: dy > 0 ? u : v, lowB: dx > 0 ? p : q, highA: dy > 0 ? v : u, highB: dx > 0 ? q : p)
    }

    /// A level or upright segment's band, an axis-aligned box (minX, maxX, minY, maxY).
    private let bandBox: (Float, Float, Float, Float)?

    /// Where the line at height `y` crosses the capsule, or `nil` if it misses it. The
    /// union of the two end discs and the band is one interval, because a capsule is convex.
    @inline(__always)
    func span(atY y: Float) -> (low: Float, high: Float)? {
        var low = Float.infinity, high = -Float.infinity
        let dyA = y - a.y, dyB = y - b.y
        if dyA * dyA <= radiusSquared {
            let half = (radiusSquared - dyA * dyA).squareRoot()
            low = a.x - half
            high = a.x + half
        }
        if dyB * dyB <= radiusSquared {
            let half = (radiusSquared - dyB * dyB).squareRoot()
            low = min(low, b.x - half)
            high = max(high, b.x + half)
        }
        if let band {
            let from = max(band.lowA.0 * y + band.lowA.1, band.lowB.0 * y + band.lowB.1)
            let to = min(band.highA.0 * y + band.highA.1, band.highB.0 * y + band.highB.1)
            if from <= to {
                low = min(low, from)
                high = max(high, to)
            }
        } else if let box = bandBox, y >= box.2, y <= box.3 {
            low = min(low, box.0)
            high = max(high, box.1)
        }
        return low <= high ? (low, high) : nil
    }
}
