/// The external iterator (book chapter 14): a post-order walk — children left to right,
/// then their parent, the root last — over a snapshot taken at creation, so changing the
/// tree while enumerating neither crashes nor changes what is enumerated.
public struct MarkEnumerator: IteratorProtocol, Sequence {
    private var marks: [Mark]
    private var position = 0

    /// Snapshots `root`'s tree.
    /// - Complexity: O(n) in the number of marks, vertices included.
    public init(root: Mark) {
        var all: [Mark] = []
        root.enumerateMarks { mark, _ in all.append(mark) }
        marks = all
    }

    /// The next mark, or `nil` when done (the book's `nextObject`).
    public mutating func next() -> Mark? {
        guard position < marks.count else { return nil }
        defer { position += 1 }
        return marks[position]
    }

    /// The marks not yet returned, in order (the book's `allObjects`).
    public var remaining: [Mark] { Array(marks[position...]) }
}
