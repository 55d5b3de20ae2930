/// A closed loop drawn around marks to select them: which marks lie wholly inside it, or
/// touch it. Its edges are sorted into horizontal bands once, so testing a point looks only
/// at the few edges in its band, not at every edge: a lasso of a thousand points around half
/// a million vertices stays well within a frame.
public struct Lasso: Sendable {
    /// The loop's points; the last joins the first.
    public let points: [Point]
    /// The box around the loop.
    public let bounds: Rect
    /// For each band, the indices of the edges (edge `i` runs from point `i` to `i + 1`) whose
    /// vertical extent meets it.
    private let bands: [[Int32]]
    private let bandHeight: Float

    /// The loop through `points`, closed back to the first.
    public init(_ points: [Point]) {
        self.points = points
        bounds = points.reduce(Rect.null) { $0.union($1) }
        let count = max(1, min(1024, points.count / 2))
        let height = max(bounds.height / Float(count), .leastNormalMagnitude)
        var bands = Array(repeating: [Int32](), count: count)
        if points.count >= 3 {
            for index in points.indices {
                let a = points[index], b = points[(index + 1) % points.count]
                let low = Self.band(min(a.y, b.y), minY: bounds.minY, height: height, count: count)
                let high = Self.band(max(a.y, b.y), minY: bounds.minY, height: height, count: count)
                for band in low...high { bands[band].append(Int32(index)) }
            }
        }
        self.bands = bands
        bandHeight = height
    }

    /// Whether the loop encloses an area at all (three points or more).
    public var isClosed: Bool { points.count >= 3 && bounds.width > 0 && bounds.height > 0 }

    private static func band(_ y: Float, minY: Float, height: Float, count: Int) -> Int {
        min(count - 1, max(0, Int((y - minY) / height)))
    }

    /// Whether `point` is inside the loop (even-odd rule, as a crossing loop reads).
    /// - Complexity: O(edges in the point's band).
    public func contains(_ point: Point) -> Bool {
        guard isClosed, point.x >= bounds.minX, point.x <= bounds.maxX, point.y >= bounds.minY, point.y <= bounds.maxY
        else { return false }
        var inside = false
        for edge in bands[Self.band(point.y, minY: bounds.minY, height: bandHeight, count: bands.count)] {
            let a = points[Int(edge)], b = points[(Int(edge) + 1) % points.count]
            guard (a.y > point.y) != (b.y > point.y) else { continue }
            let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
            if point.x < x { inside.toggle() }
        }
        return inside
    }

    /// Whether the segment from `a` to `b` crosses the loop's line.
    /// - Complexity: O(edges in the bands the segment spans).
    public func crosses(from a: Point, to b: Point) -> Bool {
        guard isClosed, max(a.y, b.y) >= bounds.minY, min(a.y, b.y) <= bounds.maxY, max(a.x, b.x) >= bounds.minX,
            min(a.x, b.x) <= bounds.maxX
        else { return false }
        let low = Self.band(min(a.y, b.y), minY: bounds.minY, height: bandHeight, count: bands.count)
        let high = Self.band(max(a.y, b.y), minY: bounds.minY, height: bandHeight, count: bands.count)
        let minX = min(a.x, b.x), maxX = max(a.x, b.x), minY = min(a.y, b.y), maxY = max(a.y, b.y)
        for band in low...high {
            for edge in bands[band] {
                let p = points[Int(edge)], q = points[(Int(edge) + 1) % points.count]
                // Most edges of the band lie to one side: a box check before the arithmetic.
                guard max(p.x, q.x) >= minX, min(p.x, q.x) <= maxX, max(p.y, q.y) >= minY, min(p.y, q.y) <= maxY else { continue }
                if Self.meet(a, b, p, q) { return true }
            }
        }
        return false
    }

    /// Whether the segments a–b and p–q meet (cross, or touch end to side).
    private static func meet(_ a: Point, _ b: Point, _ p: Point, _ q: Point) -> Bool {
        func side(_ o: Point, _ u: Point, _ v: Point) -> Float { (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x) }
        let d1 = side(p, q, a), d2 = side(p, q, b), d3 = side(a, b, p), d4 = side(a, b, q)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        // Collinear or touching: within the other's box (the box check above has passed).
        return (d1 == 0 || d2 == 0 || d3 == 0 || d4 == 0) && segmentDistanceSquared(a, b, p, q) == 0
    }

    /// Whether all of `mark` is inside the loop: every point, and no segment leaving it (a
    /// stroke across the notch of a U-shaped loop is not inside it).
    /// - Complexity: O(the mark's vertices × edges a band).
    public func encloses(_ mark: Mark) -> Bool {
        let box = mark.bounds
        guard !box.isNull, box.intersects(bounds) else { return false }
        var inside = true
        Self.forEachSegment(of: mark) { previous, point in
            inside = contains(point) && !(previous.map { crosses(from: $0, to: point) } ?? false)
            return inside
        }
        return inside
    }

    /// Whether any point of `mark` is inside the loop, or any of its segments crosses it.
    /// - Complexity: O(the mark's vertices × edges a band).
    public func touches(_ mark: Mark) -> Bool {
        let box = mark.bounds
        guard !box.isNull, box.intersects(bounds) else { return false }
        var touched = false
        Self.forEachSegment(of: mark) { a, b in
            touched = contains(b) || (a.map { crosses(from: $0, to: b) } ?? false)
            return !touched
        }
        return touched
    }

    /// Calls `body` with each vertex of `mark` (and the vertex before it in the same stroke,
    /// if any) until it returns false; the parts are the mark's own walk (`enumerateParts`).
    @discardableResult
    private static func forEachSegment(of mark: Mark, _ body: (Point?, Point) -> Bool) -> Bool {
        var going = true
        mark.enumerateParts { part, stop in
            going = forEachOwnSegment(of: part, body)
            stop = !going
        }
        return going
    }

    /// `forEachSegment` for what `part` paints itself: a stroke's inline vertices, or a
    /// leaf's location; a composite's children are the walk's.
    private static func forEachOwnSegment(of part: Mark, _ body: (Point?, Point) -> Bool) -> Bool {
        guard let stroke = part as? Stroke else { return part.count > 0 || body(nil, part.location) }
        var previous: Point?
        for element in stroke.elements {
            switch element {
            case .vertex(let point):
                guard body(previous, point) else { return false }
                previous = point
            case .mark:
                previous = nil
            }
        }
        return true
    }
}

extension Scribble {
    /// The top-level marks the select tool may pick (not locked) that lie wholly inside
    /// `lasso`, or with `touching` that touch it, in drawing order.
    /// - Complexity: O(top-level marks) box checks, plus the vertices of the marks near the lasso.
    public func marks(in lasso: Lasso, touching: Bool) -> [Mark] {
        guard lasso.isClosed else { return [] }
        func picks(_ mark: Mark) -> Bool { !mark.isLocked && (touching ? lasso.touches(mark) : lasso.encloses(mark)) }
        // A packed stroke (`PackedStroke`) near the lasso is tested as a stroke made for the
        // test; only those picked get their objects (`Stroke.child(at:)`).
        let packed = root.storedElements.packed
        var picked: [Mark] = packed.indices.compactMap { index in
            guard packed[index].bounds.intersects(lasso.bounds), picks(packed[index].makeStroke()) else { return nil }
            return root.child(at: index)
        }
        for case .mark(let mark) in root.storedElements.unpackedElements where picks(mark) { picked.append(mark) }
        return picked
    }
}
