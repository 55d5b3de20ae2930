import Glibc

/// Recognises a hand-drawn stroke as a clean shape — a line, a rectangle, an ellipse, a
/// triangle or an arrow — for the pen's hold at the end of a stroke. A stroke that is close
/// to none of them is left alone: each shape must fit the stroke within a few per cent of
/// its size, so scribbles and writing are not taken for shapes.
///
/// How: the stroke is reduced to its corners (Ramer–Douglas–Peucker, with a tolerance of a
/// fraction of its size); an open stroke with two corners is a line, with five in an arrow's
/// order an arrow; a closed one with three corners is a triangle, with four at right angles
/// a rectangle (squared up, and turned as drawn unless nearly level), and one whose points
/// all lie near the ellipse of the same second moments an ellipse.
public enum ShapeRecognizer {
    /// A shape the recogniser can see.
    public enum Shape: String, Sendable, CaseIterable {
        case line, rectangle, ellipse, triangle, arrow
    }

    /// What a stroke was recognised as: the shape and the vertices of its clean version.
    public struct Result: Sendable {
        public let shape: Shape
        public let points: [Point]
    }

    /// The shortest stroke looked at, in pixels of path: a tick or a dot is no shape.
    static let minimumLength: Float = 24

    /// The clean shape `points` (a stroke's vertices, in drawing order) is close to, for a pen
    /// `width` wide; `nil` when it is close to none.
    /// - Complexity: O(n log n) in the points.
    public static func recognize(_ points: [Point], width: Float = 1) -> Result? {
        let path = points.map { (x: Double($0.x), y: Double($0.y)) }
        guard path.count >= 2 else { return nil }
        var length = 0.0
        for index in 1..<path.count { length += distance(path[index - 1], path[index]) }
        guard length >= Double(minimumLength) else { return nil }
        let box = bounds(path)
        let size = max(box.width, box.height), diagonal = (box.width * box.width + box.height * box.height).squareRoot()
        guard let first = path.first, let last = path.last else { return nil }
        let gap = distance(first, last)
        if gap > 0.2 * length && gap > 0.25 * size {
            return recognizeOpen(path, length: length, width: width)
        }
        return recognizeClosed(path, diagonal: diagonal)
    }

    // MARK: Open strokes: lines and arrows

    private static func recognizeOpen(_ path: [Pt], length: Double, width: Float) -> Result? {
        guard let first = path.first, let last = path.last else { return nil }
        let chord = distance(first, last)
        // A line: the stroke keeps close to its chord and does not wander back and forth.
        let deviation = path.reduce(0) { max($0, segmentDistance($1, first, last)) }
        if chord >= 0.9 * length, deviation <= max(0.05 * chord, 2) {
            return Result(shape: .line, points: [point(first), point(last)])
        }
        return recognizeArrow(path, length: length, width: width)
    }

    /// An arrow drawn in one stroke: the shaft to the tip, one barb out and back to the tip,
    /// the other barb out.
    private static func recognizeArrow(_ path: [Pt], length: Double, width: Float) -> Result? {
        let box = bounds(path)
        let corners = simplify(path, tolerance: max(0.05 * max(box.width, box.height), 2))
        guard corners.count == 5 else { return nil }
        let start = corners[0], tip = corners[1], barbA = corners[2], back = corners[3], barbB = corners[4]
        let shaft = distance(start, tip)
        let a = distance(tip, barbA), b = distance(back, barbB)
        guard shaft > 0, distance(back, tip) <= 0.2 * shaft, a >= 0.08 * shaft, a <= 0.6 * shaft, b >= 0.08 * shaft, b <= 0.6 * shaft
        else { return nil }
        // Both barbs point back along the shaft, 10°–70° off it, one on each side.
        let backward = (x: (start.x - tip.x) / shaft, y: (start.y - tip.y) / shaft)
        func side(_ barb: Pt, from origin: Pt) -> (angle: Double, cross: Double) {
            let v = (x: barb.x - origin.x, y: barb.y - origin.y), n = max(distance(barb, origin), .leastNormalMagnitude)
            let cosine = (v.x * backward.x + v.y * backward.y) / n
            return (acos(min(max(cosine, -1), 1)), backward.x * v.y - backward.y * v.x)
        }
        let sideA = side(barbA, from: tip), sideB = side(barbB, from: back)
        let range = (10 * Double.pi / 180)...(70 * Double.pi / 180)
        guard range.contains(sideA.angle), range.contains(sideB.angle), sideA.cross * sideB.cross < 0 else { return nil }
        // Every point near the five-corner path it was reduced to.
        guard maximumDeviation(path, from: corners, closed: false) <= max(0.06 * shaft, 3) else { return nil }
        let head = Float((a + b) / 2)
        return Result(shape: .arrow, points: ShapePath.arrow(from: point(start), to: point(tip), width: width, headLength: head))
    }

    // MARK: Closed strokes: triangles, rectangles, ellipses

    private static func recognizeClosed(_ path: [Pt], diagonal: Double) -> Result? {
        guard diagonal > 0 else { return nil }
        let corners = closedCorners(path, tolerance: 0.06 * diagonal)
        var best: (result: Result, error: Double)?
        func consider(_ result: Result?, error: Double) {
            guard let result, error < (best?.error ?? .infinity) else { return }
            best = (result, error)
        }
        if corners.count == 3 {
            let error = maximumDeviation(path, from: corners, closed: true) / diagonal
            if error <= 0.06 { consider(Result(shape: .triangle, points: ShapePath.polygon(corners.map(point))), error: error) }
        }
        if corners.count == 4, let (rectangle, error) = fitRectangle(path, corners: corners, diagonal: diagonal), error <= 0.06 {
            consider(Result(shape: .rectangle, points: ShapePath.polygon(rectangle.map(point))), error: error)
        }
        if let (ellipse, error) = fitEllipse(path), error <= 0.07, corners.count >= 4 || error <= 0.03 {
            consider(ellipse, error: error * 0.8) // a smooth loop: an ellipse's error weighs less than a polygon's
        }
        return best?.result
    }

    /// The corners of a closed loop: the loop is cut at its point farthest from the start, each
    /// half reduced, and a corner where the loop turns by less than 25° dropped.
    private static func closedCorners(_ path: [Pt], tolerance: Double) -> [Pt] {
        guard let first = path.first else { return [] }
        let far = path.indices.max { distance(path[$0], first) < distance(path[$1], first) } ?? 0
        guard far > 0 else { return [] }
        let halfA = simplify(Array(path[0...far]), tolerance: tolerance)
        let halfB = simplify(Array(path[far...]) + [first], tolerance: tolerance)
        var corners = Array(halfA.dropLast()) + Array(halfB.dropLast())
        // Drop corners where the loop hardly turns (the start on a side, a wobble), and any
        // closer to the one before than a tenth of the tolerance allows.
        var changed = true
        while changed, corners.count > 2 {
            changed = false
            for index in corners.indices {
                let before = corners[(index + corners.count - 1) % corners.count], here = corners[index]
                let after = corners[(index + 1) % corners.count]
                if turn(before, here, after) < 25 * Double.pi / 180 || distance(before, here) < tolerance {
                    corners.remove(at: index)
                    changed = true
                    break
                }
            }
        }
        return corners
    }

    /// A rectangle through four corners: its sides' mean direction (nearly level: level),
    /// the points' extent along it; with how far the stroke strays from it, per diagonal.
    private static func fitRectangle(_ path: [Pt], corners: [Pt], diagonal: Double) -> ([Pt], Double)? {
        // Each corner near a right angle.
        for index in corners.indices {
            let before = corners[(index + 3) % 4], here = corners[index], after = corners[(index + 1) % 4]
            guard abs(turn(before, here, after) - Double.pi / 2) <= 25 * Double.pi / 180 else { return nil }
        }
        // Directions are averaged at four times their angle, so sides 90° apart agree.
        var sumX = 0.0, sumY = 0.0
        for index in corners.indices {
            let a = corners[index], b = corners[(index + 1) % 4]
            let angle = atan2(b.y - a.y, b.x - a.x), weight = distance(a, b)
            sumX += weight * cos(4 * angle)
            sumY += weight * sin(4 * angle)
        }
        var angle = atan2(sumY, sumX) / 4
        if abs(angle) < 8 * Double.pi / 180 { angle = 0 }
        let cosine = cos(angle), sine = sin(angle)
        var low = (u: Double.infinity, v: Double.infinity), high = (u: -Double.infinity, v: -Double.infinity)
        for corner in corners {
            let u = corner.x * cosine + corner.y * sine, v = -corner.x * sine + corner.y * cosine
            low = (min(low.u, u), min(low.v, v))
            high = (max(high.u, u), max(high.v, v))
        }
        // The sides run midway between the corners' extremes on each side.
        let inner = corners.map { (u: $0.x * cosine + $0.y * sine, v: -$0.x * sine + $0.y * cosine) }
        let us = inner.map(\.u).sorted(), vs = inner.map(\.v).sorted()
        let left = (us[0] + us[1]) / 2, right = (us[2] + us[3]) / 2, top = (vs[0] + vs[1]) / 2, bottom = (vs[2] + vs[3]) / 2
        guard right - left > 0.05 * diagonal, bottom - top > 0.05 * diagonal else { return nil }
        let box = [(left, top), (right, top), (right, bottom), (left, bottom)].map { u, v in
            (x: u * cosine - v * sine, y: u * sine + v * cosine)
        }
        return (box, maximumDeviation(path, from: box, closed: true) / diagonal)
    }

    /// The ellipse with the loop's centre and second moments (along its length), and how far
    /// the loop strays from it, as a share of its radius on average.
    private static func fitEllipse(_ path: [Pt]) -> (Result, Double)? {
        // Moments of the path as a curve: each segment weighed by its length.
        var total = 0.0, cx = 0.0, cy = 0.0
        for index in 1..<path.count {
            let a = path[index - 1], b = path[index], w = distance(a, b)
            total += w
            cx += w * (a.x + b.x) / 2
            cy += w * (a.y + b.y) / 2
        }
        guard total > 0 else { return nil }
        cx /= total
        cy /= total
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for index in 1..<path.count {
            let a = path[index - 1], b = path[index], w = distance(a, b)
            let mx = (a.x + b.x) / 2 - cx, my = (a.y + b.y) / 2 - cy
            sxx += w * mx * mx
            syy += w * my * my
            sxy += w * mx * my
        }
        (sxx, syy, sxy) = (sxx / total, syy / total, sxy / total)
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        let cosine = cos(angle), sine = sin(angle)
        let varianceU = sxx * cosine * cosine + 2 * sxy * cosine * sine + syy * sine * sine
        let varianceV = sxx * sine * sine - 2 * sxy * cosine * sine + syy * cosine * cosine
        // Points spread evenly along an ellipse have a variance of about r²/2 along each axis
        // (exact for a circle, within a few per cent for the aspects drawn).
        let rx = (2 * max(varianceU, 0)).squareRoot(), ry = (2 * max(varianceV, 0)).squareRoot()
        guard rx > 0, ry > 0, min(rx, ry) / max(rx, ry) > 0.08 else { return nil }
        var sum = 0.0, worst = 0.0, turning = 0.0
        var previous: Double?
        for p in path {
            let dx = p.x - cx, dy = p.y - cy
            let u = dx * cosine + dy * sine, v = -dx * sine + dy * cosine
            let radius = ((u / rx) * (u / rx) + (v / ry) * (v / ry)).squareRoot()
            sum += abs(radius - 1)
            worst = max(worst, abs(radius - 1))
            let around = atan2(v / ry, u / rx)
            if let previous { turning += remainder(around - previous, 2 * .pi) }
            previous = around
        }
        // Once round, and no more: a loop drawn twice or a figure eight is no ellipse.
        guard abs(abs(turning) - 2 * .pi) < 0.6, worst <= 0.25 else { return nil }
        let center = Point(cx, cy)
        let points = ShapePath.ellipse(center: center, radiusX: Float(rx), radiusY: Float(ry), angle: Float(angle))
        return (Result(shape: .ellipse, points: points), sum / Double(path.count))
    }

    // MARK: Geometry

    typealias Pt = (x: Double, y: Double)

    private static func point(_ p: Pt) -> Point { Point(p.x, p.y) }

    private static func distance(_ a: Pt, _ b: Pt) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    private static func bounds(_ path: [Pt]) -> (width: Double, height: Double) {
        let xs = path.map(\.x), ys = path.map(\.y)
        return ((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
    }

    /// The distance from `p` to the segment a–b.
    private static func segmentDistance(_ p: Pt, _ a: Pt, _ b: Pt) -> Double {
        let abx = b.x - a.x, aby = b.y - a.y, lengthSquared = abx * abx + aby * aby
        guard lengthSquared > 0 else { return distance(p, a) }
        let t = min(max(((p.x - a.x) * abx + (p.y - a.y) * aby) / lengthSquared, 0), 1)
        return distance(p, (a.x + t * abx, a.y + t * aby))
    }

    /// How sharply the path turns at `b`, coming from `a` and going to `c`: 0 straight on, π back.
    private static func turn(_ a: Pt, _ b: Pt, _ c: Pt) -> Double {
        let inAngle = atan2(b.y - a.y, b.x - a.x), outAngle = atan2(c.y - b.y, c.x - b.x)
        return abs(remainder(outAngle - inAngle, 2 * .pi))
    }

    /// The farthest any point of `path` is from the polyline through `corners`.
    private static func maximumDeviation(_ path: [Pt], from corners: [Pt], closed: Bool) -> Double {
        let count = closed ? corners.count : corners.count - 1
        guard count > 0 else { return .infinity }
        return path.reduce(0) { worst, p in
            var nearest = Double.infinity
            for index in 0..<count { nearest = min(nearest, segmentDistance(p, corners[index], corners[(index + 1) % corners.count])) }
            return max(worst, nearest)
        }
    }

    /// Ramer–Douglas–Peucker: the path's points that no straight line within `tolerance` of
    /// the rest can leave out, ends kept. Iterative, so a long stroke needs no deep recursion.
    static func simplify(_ path: [Pt], tolerance: Double) -> [Pt] {
        guard path.count > 2 else { return path }
        var keep = Array(repeating: false, count: path.count)
        keep[0] = true
        keep[path.count - 1] = true
        var spans = [(0, path.count - 1)]
        while let (start, end) = spans.popLast() {
            guard end > start + 1 else { continue }
            var farthest = start, worst = -1.0
            for index in (start + 1)..<end {
                let d = segmentDistance(path[index], path[start], path[end])
                if d > worst { (worst, farthest) = (d, index) }
            }
            guard worst > tolerance else { continue }
            keep[farthest] = true
            spans.append((start, farthest))
            spans.append((farthest, end))
        }
        return path.indices.filter { keep[$0] }.map { path[$0] }
    }
}
