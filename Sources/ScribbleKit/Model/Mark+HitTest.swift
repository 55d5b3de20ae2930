/// Hit testing for the tools (book chapter 19): which marks lie under a click or along an eraser's path.
/// A mark is under a point when the point is within half the mark's width plus a slop of
/// one of its segments (a dot: of its disc) — the slop makes thin lines easy to pick.
extension Mark {
    /// Whether the tools leave the mark alone: a locked stroke, and every PDF page (the
    /// paper, which no tool picks, erases, moves or restyles).
    public var isLocked: Bool { (self as? Stroke)?.isLocked ?? (self is Page) }

    /// Whether the disc of `radius` around `point` touches what the mark paints.
    public func isHit(at point: Point, radius: Float) -> Bool {
        isHit(alongSegmentFrom: point, to: point, radius: radius)
    }

    /// Whether a pen of `radius` moved from `a` to `b` touches what the mark paints; the
    /// mark's bounds rule most marks out in O(1), so only marks near the path are walked.
    /// The walk is the mark's own (`enumerator()`, without strokes' inline vertices): what a
    /// kind of mark shows to it is what is hit.
    /// - Complexity: O(1) for a mark whose bounds are out of reach, else O(vertices).
    public func isHit(alongSegmentFrom a: Point, to b: Point, radius: Float) -> Bool {
        guard bounds.outset(by: radius).touches(a, b) else { return false }
        // A stroke of vertices (a final class) walks only itself: it is tested as its walk
        // would, without making the walk — most marks near a click are such strokes.
        if let stroke = self as? Stroke, !stroke.holdsMarks {
            return stroke.runsAreHit(alongSegmentFrom: a, to: b, radius: radius)
        }
        // A group keeping packed strokes (`PackedStroke`): they are tested where they lie,
        // then its other children and its own runs, with no object made for them.
        if let stroke = self as? Stroke, stroke.storedElements.packedCount > 0 {
            let stored = stroke.storedElements
            if stored.packed.contains(where: { $0.isHit(alongSegmentFrom: a, to: b, radius: radius) }) { return true }
            for case .mark(let mark) in stored.unpackedElements where mark.isHit(alongSegmentFrom: a, to: b, radius: radius) { return true }
            return stroke.runsAreHit(alongSegmentFrom: a, to: b, radius: radius)
        }
        var isHit = false
        enumerateParts { part, stop in
            isHit = part.paintsPart(alongSegmentFrom: a, to: b, radius: radius)
            stop = isHit
        }
        return isHit
    }

    /// Whether a pen of `radius` moved from `a` to `b` touches what this mark paints itself,
    /// its children left to the walk: a dot's disc, a stroke's runs of inline vertices.
    private func paintsPart(alongSegmentFrom a: Point, to b: Point, radius: Float) -> Bool {
        switch self {
        case let dot as Dot:
            return segmentDistanceSquared(dot.location, dot.location, a, b) <= square(dot.size / 2 + radius)
        case let text as TextBox:
            return text.boxIsHit(alongSegmentFrom: a, to: b, radius: radius)
        case let stroke as Stroke:
            guard stroke.holdsMarks || stroke.bounds.outset(by: radius).touches(a, b) else { return false }
            return stroke.runsAreHit(alongSegmentFrom: a, to: b, radius: radius)
        case let picture as Picture:
            return picture.isTouched(alongSegmentFrom: a, to: b, radius: radius)
        default:
            return false // a bare vertex paints nothing; a page is the paper, not ink
        }
    }
}

extension Stroke {
    /// Walks the stroke's own runs as `MarkRenderer` draws them: runs of inline vertices are
    /// polylines (a run of one is a dot); the child marks between them are the walk's.
    fileprivate func runsAreHit(alongSegmentFrom a: Point, to b: Point, radius: Float) -> Bool {
        let reach = square(size / 2 + radius)
        let stored = storedElements // (packed children are not runs: only the rest is walked)
        return Self.withChildren(after: stored.packedCount, of: stored) { elements in
            if let points = elements.vertexPoints { return Self.polylineIsHit(points, alongSegmentFrom: a, to: b, reach: reach) }
            var previous: Point?
            for index in elements.indices {
                switch elements[index] {
                case .mark:
                    previous = nil
                case .vertex(let point):
                    // A segment from the previous vertex; the first vertex of a run waits for
                    // its segment to the next, unless it is alone (a dot).
                    let from = previous ?? (Self.isVertex(elements, at: index + 1) ? nil : point)
                    if let from, segmentDistanceSquared(from, point, a, b) <= reach { return true }
                    previous = point
                }
            }
            return false
        }
    }

    /// Whether a segment of the polyline through `points` (a dot when it is one point) comes
    /// within `reach` (squared) of the segment `a`–`b`: the run-by-run walk when every child
    /// is a vertex, without an element made for each.
    private static func polylineIsHit(_ points: UnsafeBufferPointer<Point>, alongSegmentFrom a: Point, to b: Point, reach: Float) -> Bool {
        guard var previous = points.first else { return false }
        if points.count == 1 { return segmentDistanceSquared(previous, previous, a, b) <= reach }
        for point in points.dropFirst() {
            if segmentDistanceSquared(previous, point, a, b) <= reach { return true }
            previous = point
        }
        return false
    }

    /// Whether `elements[index]` exists and is an inline vertex.
    private static func isVertex(_ elements: StrokeElements.UnsafeBuffer, at index: Int) -> Bool {
        guard index < elements.count, case .vertex = elements[index] else { return false }
        return true
    }
}

extension Scribble {
    /// The topmost top-level mark under `point` (within its half width + `slop`), and its
    /// index; later marks are drawn over earlier ones, so the walk goes from the top down.
    /// Locked marks (`Stroke.isLocked`) are passed over.
    /// - Complexity: O(marks) bounds checks, plus the vertices of the marks whose bounds reach the point.
    public func topmostMark(at point: Point, slop: Float = Scribble.hitSlop) -> (mark: Mark, index: Int)? {
        // The packed strokes (`PackedStroke`) lie below the rest; the one hit gets its object
        // (`Stroke.child(at:)`), and the others stay packed.
        let packedCount = root.storedElements.packedCount
        let elements = root.storedElements.unpackedElements
        for index in elements.indices.reversed() {
            guard case .mark(let mark) = elements[index], !mark.isLocked else { continue }
            if mark.isHit(at: point, radius: slop) { return (mark, packedCount + index) }
        }
        // (Only the array of values is held while the walk goes on: the storage that gives the
        // hit one its object is then the root's alone, and changes in place.)
        let packed = root.storedElements.packed
        for index in packed.indices.reversed() where packed[index].isHit(alongSegmentFrom: point, to: point, radius: slop) {
            return root.child(at: index).map { ($0, index) }
        }
        return nil
    }

    /// Every top-level mark a pen of `radius` moved from `a` to `b` touches, bottom first;
    /// locked marks are passed over.
    /// - Complexity: O(top-level marks) bounds checks, plus the vertices of the marks near the path.
    public func marks(touchedAlongSegmentFrom a: Point, to b: Point, radius: Float) -> [Mark] {
        indexedMarks(touchedAlongSegmentFrom: a, to: b, radius: radius).map(\.mark)
    }

    /// `marks(touchedAlongSegmentFrom:to:radius:)` with each one's index.
    func indexedMarks(touchedAlongSegmentFrom a: Point, to b: Point, radius: Float) -> [(index: Int, mark: Mark)] {
        // Only the packed strokes the pen touches get their objects.
        let packed = root.storedElements.packed
        var touched: [(index: Int, mark: Mark)] = packed.indices.compactMap { index in
            guard packed[index].isHit(alongSegmentFrom: a, to: b, radius: radius), let mark = root.child(at: index) else { return nil }
            return (index, mark)
        }
        for case (let position, .mark(let mark)) in root.storedElements.unpackedElements.enumerated()
        where !mark.isLocked && mark.isHit(alongSegmentFrom: a, to: b, radius: radius) {
            touched.append((packed.count + position, mark))
        }
        return touched
    }

    /// How far outside a mark's painted edge a click still picks it, in pixels.
    public static let hitSlop: Float = 4
}

/// `x²`.
@inline(__always)
func square(_ x: Float) -> Float { x * x }

/// The squared distance between segments p1–q1 and p2–q2 (either may be a single point).
/// - Complexity: O(1).
func segmentDistanceSquared(_ p1: Point, _ q1: Point, _ p2: Point, _ q2: Point) -> Float {
    if p2 == q2 { return pointSegmentDistanceSquared(p2, p1, q1) }
    if p1 == q1 { return pointSegmentDistanceSquared(p1, p2, q2) }
    if segmentsCross(p1, q1, p2, q2) { return 0 }
    return min(
        pointSegmentDistanceSquared(p1, p2, q2), pointSegmentDistanceSquared(q1, p2, q2),
        pointSegmentDistanceSquared(p2, p1, q1), pointSegmentDistanceSquared(q2, p1, q1))
}

/// The squared distance from `p` to the segment a–b.
@inline(__always)
func pointSegmentDistanceSquared(_ p: Point, _ a: Point, _ b: Point) -> Float {
    let abx = b.x - a.x, aby = b.y - a.y
    let apx = p.x - a.x, apy = p.y - a.y
    let length = abx * abx + aby * aby
    let t = length > 0 ? min(max((apx * abx + apy * aby) / length, 0), 1) : 0
    let dx = apx - t * abx, dy = apy - t * aby
    return dx * dx + dy * dy
}

/// Whether the segments p1–q1 and p2–q2 properly cross (by the signs of cross products).
private func segmentsCross(_ p1: Point, _ q1: Point, _ p2: Point, _ q2: Point) -> Bool {
    func cross(_ o: Point, _ a: Point, _ b: Point) -> Float { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
    let d1 = cross(p2, q2, p1), d2 = cross(p2, q2, q1), d3 = cross(p1, q1, p2), d4 = cross(p1, q1, q2)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}
