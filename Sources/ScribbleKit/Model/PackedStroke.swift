/// A plain stroke of one or two vertices kept by value in the scribble's root (28 bytes), not
/// as a `Stroke` object and its place in the root's array (96 bytes).
///
/// Why: a drawing of a million ticks or taps held a million 80-byte objects, each with a
/// 16-byte place in the root: 96 MB for a 23 MB file, where a file may cost at most twice
/// its size and 64 MB at open (issue 39). The reader puts such strokes straight into this
/// form (`StrokeElements.appendPacked`), and what a frame, a save and the drawing's times
/// need reads them where they lie. Whatever needs one as a mark (a selection, the eraser,
/// an edit) asks for it by index (`Stroke.child(at:)`), which makes that one's object and
/// keeps it beside the value (`PackedChildren`), so that the mark keeps its identity from
/// then on; only a walk of every child as a mark (`Stroke.elements`) makes them all objects.
///
/// What it holds is exactly what such a stroke is: sealed, not locked, with a colour, no
/// pressure, and either untimed or with one time for all of it.
struct PackedStroke: Sendable {
    /// The first vertex.
    fileprivate(set) var first: Point
    /// The second vertex, or NaN for a stroke of one (a location in the model is never NaN:
    /// `MarkLimits.clamped`).
    fileprivate(set) var second: Point
    fileprivate(set) var color: Color
    /// The pen width (always above 0), negated for a stroke that is untimed: a flag in a bit
    /// that is otherwise always clear, rather than four bytes more a stroke.
    fileprivate var signedSize: Float
    /// The stroke's time (`StrokeTimes.at`), when it has one.
    fileprivate var time: UInt32

    /// `stroke` by value, if it is such a stroke: sealed, not locked, coloured, without
    /// pressure, untimed or timed all at once, and of one or two inline vertices.
    init?(_ stroke: Stroke) {
        guard stroke.isSealed, !stroke.isLocked, let color = stroke.color, stroke.pressures.isEmpty, !stroke.holdsMarks
        else { return nil }
        var (time, signedSize) = (UInt32(0), stroke.size)
        switch stroke.times {
        case .untimed: signedSize = -stroke.size
        case .at(let at): time = at
        case .drawn: return nil
        }
        let elements = stroke.storedElements
        guard elements.count == 1 || elements.count == 2, case .vertex(let first) = elements[0] else { return nil }
        var second = Point(x: .nan, y: .nan)
        if elements.count == 2 {
            guard case .vertex(let point) = elements[1] else { return nil }
            second = point
        }
        (self.first, self.second, self.color, self.signedSize, self.time) = (first, second, color, signedSize, time)
    }

    /// How many vertices: one or two.
    var count: Int { second.x.isNaN ? 1 : 2 }

    /// The pen width.
    var size: Float { abs(signedSize) }

    /// The stroke's times.
    var times: StrokeTimes { signedSize < 0 ? .untimed : .at(time) }

    /// Gives the stroke `time` for all of it (clamped, as `Mark.stamp(at:)` does).
    mutating func stamp(at time: Int64) {
        self.time = StrokeTimes.clamped(time)
        signedSize = size
    }

    /// The children, inline as the stroke's own are.
    var elements: StrokeElements { StrokeElements(first: first, second: count == 2 ? second : nil) }

    /// The box of the vertices, as the stroke keeps it.
    var vertexBox: Rect {
        count == 2 ? Rect.null.union(first).union(second) : Rect.null.union(first)
    }

    /// What `Stroke.bounds` gives for the stroke: the vertices' box grown by half the width.
    var bounds: Rect { vertexBox.outset(by: size / 2) }

    /// The stroke it stands for, a new object.
    func makeStroke() -> Stroke { Stroke(self) }

    /// Whether a pen of `radius` moved from `a` to `b` touches the stroke: what
    /// `Mark.isHit(alongSegmentFrom:to:radius:)` answers for the stroke it stands for.
    func isHit(alongSegmentFrom a: Point, to b: Point, radius: Float) -> Bool {
        guard bounds.outset(by: radius).touches(a, b) else { return false }
        let end = count == 2 ? second : first
        return segmentDistanceSquared(first, end, a, b) <= square(size / 2 + radius)
    }
}

extension PackedStroke {
    /// The stroke `TransformVisitor` makes of the one this stands for, by value: its vertices
    /// moved by `apply` and clamped into `MarkLimits`, its width times `widthScale` (clamped),
    /// untimed (a copy an edit makes takes the edit's time).
    func transformed(_ apply: (Point) -> Point, widthScale: Float) -> PackedStroke {
        var copy = self
        copy.first = MarkLimits.clamped(apply(first))
        if count == 2 { copy.second = MarkLimits.clamped(apply(second)) }
        copy.signedSize = -MarkLimits.clamped(size: size * widthScale)
        copy.time = 0
        return copy
    }
}

extension PackedStroke {
    /// The stroke `StyleVisitor` makes of the one this stands for, by value: `color` and the
    /// width `size` (clamped, as `Stroke.size` is) where given, untimed (a copy an edit makes
    /// takes the edit's time).
    func restyled(color: Color?, size: Float?) -> PackedStroke {
        var copy = self
        if let color { copy.color = color }
        copy.signedSize = -(size.map { MarkLimits.clamped(size: $0) } ?? self.size)
        copy.time = 0
        return copy
    }
}
