/// The external iterator (book chapter 14): a post-order walk — children left to right,
/// then their parent, the root last — that each mark makes for itself (`Mark.enumerator()`,
/// the book's factory method), so a kind of mark decides how it is walked.
///
/// It is lazy: it keeps a stack of the composites it is inside, not a list of every mark,
/// so starting one on a drawing of a million vertices costs nothing, and hit testing walks
/// marks through it (`Mark+HitTest`). A composite's children are taken as they are when the
/// walk enters it (a stroke's copy-on-write array of children: no copy), so changing the
/// tree while enumerating neither crashes nor changes what is enumerated of a composite the
/// walk has entered; one it has not entered yet is walked as it is by then. (The book's
/// enumerator copies the whole tree first; that made it O(n) to start, too slow for the
/// paths that use it here.)
public struct MarkEnumerator: IteratorProtocol, Sequence {
    /// One composite being walked, or marks given as they are.
    private enum Frame {
        /// `marks`, returned in order; a composite among them is returned as it is, not walked.
        case marks([Mark], next: Int)
        /// A composite's children (each walked through its own `enumerator()`), then itself.
        case children(of: Mark, [Mark], next: Int)
        /// A stroke's children as it holds them: an inline vertex is a fresh `Vertex` (none at
        /// all when vertices are skipped), another mark is walked through its `enumerator()`.
        case stroke(Stroke, StrokeElements, next: Int)
    }

    /// The innermost frame last.
    private var frames: [Frame]
    /// Whether a stroke's inline vertices are left out (`skippingInlineVertices()`).
    private var skipsInlineVertices = false

    /// The default walk of `root` (`Mark.enumerator()`'s default): through `count` and
    /// `child(at:)`, each child walked through its own `enumerator()`.
    public init(root: Mark) {
        var children: [Mark] = []
        let count = root.count
        if count > 0 {
            children.reserveCapacity(count)
            for index in 0..<count { if let child = root.child(at: index) { children.append(child) } }
        }
        frames = [.children(of: root, children, next: 0)]
    }

    /// Returns `marks` in order and nothing else: for a kind of mark that shows itself to a
    /// walk as other marks (its parts, then itself).
    public init(marks: [Mark]) {
        frames = [.marks(marks, next: 0)]
    }

    /// A stroke's walk: its children as stored, then the stroke.
    init(stroke: Stroke) {
        frames = [.stroke(stroke, stroke.elements, next: 0)]
    }

    /// The same walk without the inline vertices of strokes — they are points, not marks: a
    /// stroke paints them itself — so no `Vertex` is made for them, and a stroke of plain
    /// vertices is passed in O(1). A bare `Vertex` child is still returned.
    public func skippingInlineVertices() -> MarkEnumerator {
        var walk = self
        walk.skipsInlineVertices = true
        return walk
    }

    /// The next mark, or `nil` when done (the book's `nextObject`).
    public mutating func next() -> Mark? {
        while let frame = frames.popLast() {
            switch frame {
            case .marks(let marks, let next):
                guard next < marks.count else { continue }
                frames.append(.marks(marks, next: next + 1))
                return marks[next]
            case .children(let parent, let children, let next):
                guard next < children.count else { return parent }
                frames.append(.children(of: parent, children, next: next + 1))
                enter(children[next])
            case .stroke(let stroke, let elements, let start):
                if skipsInlineVertices, !stroke.holdsMarks { return stroke } // only vertices: nothing to walk
                guard let index = nextChild(of: elements, from: start) else { return stroke }
                frames.append(.stroke(stroke, elements, next: index + 1))
                switch elements[index] {
                case .vertex(let point): return Vertex(location: point)
                case .mark(let mark): enter(mark)
                }
            }
        }
        return nil
    }

    /// The index of the first child at or after `start` the walk returns or enters: any
    /// child, or only marks when inline vertices are skipped.
    private func nextChild(of elements: StrokeElements, from start: Int) -> Int? {
        guard skipsInlineVertices else { return start < elements.count ? start : nil }
        return elements[start...].firstIndex { if case .mark = $0 { true } else { false } }
    }

    /// Pushes `mark`'s own walk (its `enumerator()`, so an override is honoured).
    private mutating func enter(_ mark: Mark) {
        frames.append(contentsOf: mark.enumerator().frames)
    }

    /// The marks not yet returned, in order (the book's `allObjects`).
    public var remaining: [Mark] {
        var rest = self
        var marks: [Mark] = []
        while let mark = rest.next() { marks.append(mark) }
        return marks
    }
}
