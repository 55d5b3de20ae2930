/// The memento's deep copy. Besides copying, it puts the tree in the form the file format
/// stores — only `Stroke`, `Dot`, `Page`, `Picture` and inline vertices, finite numbers, nesting within
/// `ScribbleFormat.maxDepth` — so every memento encodes to a file that reads back equal.
extension ScribbleMemento {
    /// A deep copy of `stroke` in stored form.
    /// - Complexity: O(n) in the marks and vertices under `stroke`.
    static func snapshot(of stroke: Stroke, depth: Int = 0) -> Stroke {
        let copy = Stroke(color: stroke.color, size: size(stroke.size))
        // Packed strokes (`PackedStroke`) are values, and already in stored form: shared.
        let packed = stroke.storedElements.packed
        copy.adoptPacked(packed)
        copy.reserveCapacity(stroke.count - packed.count)
        // Runs of vertices are gathered and appended whole: far faster than point by point.
        var run: [Point] = []
        func put(_ element: Stroke.Element) {
            switch element {
            case .vertex(let point):
                run.append(finite(point))
            case .mark(let mark):
                copy.append(contentsOf: run)
                run.removeAll(keepingCapacity: true)
                snapshot(ofChild: mark, depth: depth + 1).map(copy.add)
            }
        }
        if packed.isEmpty {
            for element in stroke.storedElements { put(element) }
        } else {
            for element in stroke.storedElements.unpackedElements { put(element) }
        }
        copy.append(contentsOf: run)
        copy.setPressures(stroke.pressures) // kept unless a child was left out
        copy.isLocked = stroke.isLocked
        copy.times = stroke.times
        return copy
    }

    /// A deep copy of any mark in stored form: a vertex subclass becomes a plain vertex, a
    /// mark class from elsewhere a stroke of its children (or a vertex, if it has none).
    /// Strokes deeper than the format allows — the app never makes them — are left out.
    static func snapshot(ofChild mark: Mark, depth: Int) -> Mark? {
        switch mark {
        case let stroke as Stroke:
            return depth <= ScribbleFormat.maxDepth ? snapshot(of: stroke, depth: depth) : nil
        case let dot as Dot:
            let copy = Dot(location: finite(dot.location), color: dot.color ?? .black, size: size(dot.size))
            copy.time = dot.time
            return copy
        case let page as Page:
            return page.copy() // its content shared: immutable bytes are never copied
        case let picture as Picture:
            return picture.copy() // (the same: its bytes shared, its time kept)
        case let text as TextBox:
            return text.copy() // already in stored form: its values were clamped when made
        case _ where mark is Vertex || mark.count == 0:
            return Vertex(location: finite(mark.location))
        default:
            guard depth <= ScribbleFormat.maxDepth else { return nil }
            let copy = Stroke(color: mark.color, size: finite(mark.size))
            for index in 0..<mark.count {
                mark.child(at: index).flatMap { snapshot(ofChild: $0, depth: depth + 1) }.map(copy.add)
            }
            return copy
        }
    }

    /// `value`, or 0 if it is NaN or infinite (which could not be drawn anyway).
    /// `value` as a coordinate a file may hold: non-finite becomes 0, the rest is brought
    /// within `maximumCoordinate`, so what the model made in code always reads back.
    private static func finite(_ value: Float) -> Float {
        value.isFinite ? min(max(value, -ScribbleFormat.maximumCoordinate), ScribbleFormat.maximumCoordinate) : 0
    }

    /// A width or size a file may hold (`MarkLimits`): within (0, `maximumSize`].
    private static func size(_ value: Float) -> Float {
        MarkLimits.clamped(size: value)
    }

    /// `point` with any non-finite coordinate set to 0, and brought within range.
    static func finite(_ point: Point) -> Point { Point(x: finite(point.x), y: finite(point.y)) }
}
