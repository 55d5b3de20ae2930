/// The Composite's component (book chapter 13): everything a scribble is made of — a
/// `Vertex`, a `Dot` or a `Stroke` — answers to this one interface, so clients walk and
/// draw a tree of marks without asking what each node is.
public protocol Mark: AnyObject {
    /// The mark's colour; `nil` for a vertex and for the scribble's root, which paint nothing themselves.
    var color: Color? { get set }
    /// Diameter of a dot, width of a stroke, in pixels.
    var size: Float { get set }
    /// Where the mark is: a vertex's or dot's point, a stroke's first child's.
    var location: Point { get set }
    /// Number of direct children.
    var count: Int { get }
    /// The last direct child, if any.
    var lastChild: Mark? { get }
    /// The area the mark paints, pen width included; `Rect.null` when it paints nothing.
    /// - Complexity: O(1) for vertices, dots and strokes of vertices; O(children) for a stroke of strokes.
    var bounds: Rect { get }

    /// Appends `mark` as the last child; leaves do nothing.
    func add(_ mark: Mark)
    /// Removes the direct child `mark` (by identity; a plain vertex by location); a missing mark does nothing.
    func remove(_ mark: Mark)
    /// The direct child at `index`, or `nil` past the end.
    func child(at index: Int) -> Mark?
    /// A deep copy (Prototype): same classes and values, sharing no mutable state with the original.
    func copy() -> Mark
    /// Double dispatch into `visitor` (Visitor); a composite passes it on to its children.
    func accept(_ visitor: MarkVisitor)
    /// An external post-order iterator over this mark and everything under it (Iterator, the
    /// book's factory method: each kind of mark makes the walk that suits it — a stroke walks
    /// its inline vertices where they lie). A kind that paints through parts of its own shows
    /// them here, and hit testing sees them.
    func enumerator() -> MarkEnumerator
}

extension Mark {
    /// The default walk: the children through `count` and `child(at:)`, each through its own
    /// `enumerator()`, then the mark.
    public func enumerator() -> MarkEnumerator { MarkEnumerator(root: self) }

    /// The internal iterator, built on `enumerator()`: calls `body` on every mark in
    /// post-order (children left to right, then their parent, this mark last) until `body`
    /// sets its `stop` flag.
    public func enumerateMarks(_ body: (Mark, inout Bool) -> Void) {
        enumerateMarks(in: enumerator(), body)
    }

    /// The internal iterator over the marks only, without the inline vertices of strokes
    /// (`MarkEnumerator.skippingInlineVertices()`): what hit testing walks.
    public func enumerateParts(_ body: (Mark, inout Bool) -> Void) {
        enumerateMarks(in: enumerator().skippingInlineVertices(), body)
    }

    private func enumerateMarks(in walk: MarkEnumerator, _ body: (Mark, inout Bool) -> Void) {
        var walk = walk
        var stop = false
        while !stop, let mark = walk.next() { body(mark, &stop) }
    }
}

/// A mark that is a leaf of the Composite and never holds children: a PDF page, a picture, a
/// text box. (`Vertex` and `Dot`, on the hot paths of every walk, keep their own.)
public protocol LeafMark: Mark {}

extension LeafMark {
    /// A leaf has no children.
    public var count: Int { 0 }
    /// A leaf has no children.
    public var lastChild: Mark? { nil }
    /// Leaves do not take children.
    public func add(_ mark: Mark) {}
    /// Leaves have no children to remove.
    public func remove(_ mark: Mark) {}
    /// Leaves have no children.
    public func child(at index: Int) -> Mark? { nil }
}
