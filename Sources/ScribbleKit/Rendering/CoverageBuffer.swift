/// How much of each pixel of a rectangle one run of a stroke covers (0–255), built up one
/// capsule at a time — a straight piece of the run with a round end at each side, as wide
/// as the pen there — for `CapsuleRasterizer` to lay on once.
///
/// A pixel takes the largest coverage any capsule gives it (their union), so where a run
/// crosses itself or its pieces overlap at a joint, the run still covers a pixel once: a
/// translucent stroke is no darker there, and an opaque one is exactly opaque wherever a
/// capsule covers the pixel whole.
///
/// A capsule's coverage of a pixel is the area of the pixel inside the capsule's edge,
/// taken as straight where it passes the pixel: the pixel's centre lies `r − d` inside the
/// edge (`d`, its distance from the piece; `r`, the pen's half-width there), and the share of
/// the square on the inner side of a straight line that far from its centre, at the edge's
/// slant, is exact (`share`). A pen narrower than a pixel also has its far edge taken off.
///
/// Coordinates are device pixels of the whole surface before its device offset (a tile of a
/// frame sees the coordinates the whole frame does), so a pixel's coverage is the same
/// whichever rectangle around it is being drawn: tiles, clipped repaints and whole renders
/// agree to the level.
final class CoverageBuffer {
    /// The rectangle covered: columns `x…x + width − 1` and rows `y…y + height − 1`.
    let x: Int
    let y: Int
    let width: Int
    let height: Int
    /// `width × height` levels, row by row; zero outside what the current run touched.
    private let cells: UnsafeMutablePointer<UInt8>
    /// For each row, the first and last column the current run may have touched (relative
    /// to `x`; first > last when none).
    private let spans: UnsafeMutablePointer<Int32>
    /// The rows the current run may have touched (relative to `y`; first > last when none).
    private(set) var firstRow: Int
    private(set) var lastRow: Int

    /// Half the diagonal of a pixel, rounded up: no pixel whose centre lies farther than
    /// this beyond an edge has any of its area inside.
    static let halfDiagonal: Float = 0.70711

    /// An empty buffer for the pixels `x..<x + width`, `y..<y + height`.
    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
        cells = .allocate(capacity: max(1, self.width * self.height))
        cells.initialize(repeating: 0, count: self.width * self.height)
        spans = .allocate(capacity: max(1, 2 * self.height))
        for row in 0..<self.height {
            spans[2 * row] = Int32.max
            spans[2 * row + 1] = -1
        }
        firstRow = self.height
        lastRow = -1
    }

    deinit {
        cells.deallocate()
        spans.deallocate()
    }

    /// Whether the current run touched no pixel.
    var isEmpty: Bool { firstRow > lastRow }

    /// Adds the capsule around the piece from `a` to `b` (device pixels) whose pen's
    /// half-width goes from `ra` at `a` to `rb` at `b` (a disc when `a == b`).
    func addCapsule(from a: (x: Float, y: Float), to b: (x: Float, y: Float), radii ra: Float, _ rb: Float) {
        let reach = max(ra, rb) + Self.halfDiagonal
        guard reach.isFinite, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        // The pixels whose centre may lie within `reach`, within the buffer.
        let left = Float(x), top = Float(y), right = Float(x + width), bottom = Float(y + height)
        let minX = min(a.x, b.x) - reach, maxX = max(a.x, b.x) + reach
        let minY = min(a.y, b.y) - reach, maxY = max(a.y, b.y) + reach
        guard maxX > left, minX < right, maxY > top, minY < bottom else { return }
        let column0 = Int(max(minX, left).rounded(.down)) - x, column1 = min(Int(min(maxX, right).rounded(.down)) - x, width - 1)
        let row0 = Int(max(minY, top).rounded(.down)) - y, row1 = min(Int(min(maxY, bottom).rounded(.down)) - y, height - 1)
        guard column0 <= column1, row0 <= row1 else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let inverse: Float = length2 > 1e-12 ? 1 / length2 : 0
        let dr = rb - ra
        let steep = abs(dy) > 1e-6
        let inverseDy: Float = steep ? 1 / dy : 0
        for row in row0...row1 {
            let centreY = Float(y + row) + 0.5
            // The columns of this row within `reach` of the piece: those of the part of it
            // within `reach` of the row, grown by `reach` (a long slanting piece touches a
            // narrow band of each row, not its whole box).
            var first = column0, last = column1
            if steep {
                var t0 = (centreY - reach - a.y) * inverseDy, t1 = (centreY + reach - a.y) * inverseDy
                if t0 > t1 { swap(&t0, &t1) }
                t0 = max(t0, 0)
                t1 = min(t1, 1)
                guard t0 <= t1 else { continue }
                let xa = a.x + dx * t0, xb = a.x + dx * t1
                let lo = max(min(xa, xb) - reach, left), hi = min(max(xa, xb) + reach, right)
                guard lo < hi else { continue }
                first = max(first, Int(lo.rounded(.down)) - x)
                last = min(last, Int(hi.rounded(.down)) - x)
                guard first <= last else { continue }
            }
            let cellRow = cells + row * width
            let vy = centreY - a.y
            var touched = false
            for column in first...last where cellRow[column] < 255 { // (a pixel covered whole stays so)
                let vx = Float(x + column) + 0.5 - a.x
                let t = min(max((vx * dx + vy * dy) * inverse, 0), 1)
                let qx = vx - t * dx, qy = vy - t * dy
                let d2 = qx * qx + qy * qy
                let r = ra + dr * t
                let outer = r + Self.halfDiagonal
                guard d2 < outer * outer else { continue }
                touched = true
                let inner = r - Self.halfDiagonal
                let level: UInt8
                if inner > 0, d2 <= inner * inner {
                    level = 255
                } else {
                    level = Self.level(distance: d2.squareRoot(), qx, qy, radius: r)
                }
                if level > cellRow[column] { cellRow[column] = level }
            }
            if touched { widen(row: row, from: first, through: last) }
        }
    }

    /// Adds the capsules around the pieces joining `points` (device pixels; two or more, the
    /// path short: each pixel of its box is tested against every piece), a pen whose
    /// half-width goes evenly from `startRadius` at the first point to `endRadius` at the last
    /// (the same for a pen without pressure). Each pixel takes the coverage of the piece whose
    /// edge is nearest it: the nearest piece for one width, the one whose pen reaches furthest
    /// past it when the width changes.
    func addPath(_ points: UnsafeBufferPointer<(x: Float, y: Float)>, radii startRadius: Float, _ endRadius: Float) {
        let reach = max(startRadius, endRadius) + Self.halfDiagonal
        guard points.count >= 2, reach.isFinite else { return }
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for point in points {
            guard point.x.isFinite, point.y.isFinite else { return }
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        let left = Float(x), top = Float(y), right = Float(x + width), bottom = Float(y + height)
        (minX, minY, maxX, maxY) = (minX - reach, minY - reach, maxX + reach, maxY + reach)
        guard maxX > left, minX < right, maxY > top, minY < bottom else { return }
        let column0 = Int(max(minX, left).rounded(.down)) - x, column1 = min(Int(min(maxX, right).rounded(.down)) - x, width - 1)
        let row0 = Int(max(minY, top).rounded(.down)) - y, row1 = min(Int(min(maxY, bottom).rounded(.down)) - y, height - 1)
        guard column0 <= column1, row0 <= row1 else { return }
        let outer = reach * reach
        let innerRadius = min(startRadius, endRadius) - Self.halfDiagonal
        let inner = innerRadius > 0 ? innerRadius * innerRadius : -1
        let pieces = points.count - 1
        let varies = startRadius != endRadius
        // The half-width's change over one piece.
        let growth = (endRadius - startRadius) / Float(pieces)
        withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: pieces) { steps in
            for k in 0..<pieces {
                let a = points[k], b = points[k + 1]
                let dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy
                steps[k] = SIMD4(dx, dy, length2 > 1e-12 ? 1 / length2 : 0, startRadius + growth * Float(k))
            }
            for row in row0...row1 {
                let centreY = Float(y + row) + 0.5
                let cellRow = cells + row * width
                var touched = false
                for column in column0...column1 where cellRow[column] < 255 { // a pixel covered whole stays so
                    let centreX = Float(x + column) + 0.5
                    var nearest = Float.infinity, qx: Float = 0, qy: Float = 0, radius = startRadius
                    var furthest = -Float.infinity // for a changing width: how far past the pixel's centre a pen reaches
                    for k in 0..<pieces {
                        let step = steps[k]
                        let vx = centreX - points[k].x, vy = centreY - points[k].y
                        let t = min(max((vx * step.x + vy * step.y) * step.z, 0), 1)
                        let px = vx - t * step.x, py = vy - t * step.y
                        let d2 = px * px + py * py
                        if varies {
                            let r = step.w + growth * t
                            let past = r - d2.squareRoot()
                            if past > furthest { (furthest, nearest, qx, qy, radius) = (past, d2, px, py, r) }
                        } else if d2 < nearest {
                            (nearest, qx, qy) = (d2, px, py)
                        }
                    }
                    guard nearest < outer else { continue }
                    touched = true
                    let level = nearest <= inner ? 255 : Self.level(distance: nearest.squareRoot(), qx, qy, radius: radius)
                    if level > cellRow[column] { cellRow[column] = level }
                }
                if touched { widen(row: row, from: column0, through: column1) }
            }
        }
    }

    /// Takes `first...last` of `row` into the row's span, and the row into the rows drawn.
    @inline(__always)
    private func widen(row: Int, from first: Int, through last: Int) {
        let span = spans + 2 * row
        span[0] = min(span[0], Int32(first))
        span[1] = max(span[1], Int32(last))
        firstRow = min(firstRow, row)
        lastRow = max(lastRow, row)
    }

    /// The coverage of a pixel whose centre lies `distance` from the piece, in the direction
    /// (`qx`, `qy`), where the pen's half-width is `radius`.
    @inline(__always)
    private static func level(distance: Float, _ qx: Float, _ qy: Float, radius: Float) -> UInt8 {
        // The edge runs across that direction; its slant decides how a square meets it.
        var a: Float = 1, b: Float = 0
        if distance > 1e-6 {
            let inverse = 1 / distance
            let ux = abs(qx) * inverse, uy = abs(qy) * inverse
            a = max(ux, uy)
            b = min(ux, uy)
        }
        var covered = share(inside: radius - distance, a, b)
        // A pen narrower than a pixel: its far edge crosses the pixel too.
        if radius + distance < halfDiagonal { covered -= share(inside: -radius - distance, a, b) }
        // Rounded down: the straight edge stands a little outside a cap's curve, so a pixel
        // just beyond a cap gets a trace of coverage it does not have; under a level it is none.
        return UInt8(min(max(covered, 0), 1) * 255)
    }

    /// The share of a unit square that lies on the inner side of a straight edge whose
    /// normal has components `a` ≥ `b` ≥ 0 (a² + b² = 1), the square's centre `u` inside it.
    /// The square's area along the normal spreads as a trapezoid (a box of width `a` blurred
    /// by one of width `b`), and this is its integral up to the edge.
    @inline(__always)
    static func share(inside u: Float, _ a: Float, _ b: Float) -> Float {
        let half = (a + b) * 0.5
        if u <= -half { return 0 }
        if u >= half { return 1 }
        let t = u + half
        if t < b { return t * t / (2 * a * b) }
        if t > a {
            let v = a + b - t
            return 1 - v * v / (2 * a * b)
        }
        return (t - b * 0.5) / a
    }

    /// Calls `body` with each row the current run touched (absolute row index), the first
    /// and last column (absolute) that may hold coverage, and those cells (`cells[0]` is
    /// the first column's), then clears them for the next run.
    func drain(_ body: (_ row: Int, _ first: Int, _ last: Int, _ cells: UnsafeMutablePointer<UInt8>) -> Void) {
        guard firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            let span = spans + 2 * row
            let first = Int(span[0]), last = Int(span[1])
            guard first <= last else { continue }
            let start = cells + row * width + first
            body(y + row, x + first, x + last, start)
            start.update(repeating: 0, count: last - first + 1)
            span[0] = Int32.max
            span[1] = -1
        }
        firstRow = height
        lastRow = -1
    }
}
