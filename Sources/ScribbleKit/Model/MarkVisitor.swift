/// The Visitor (book chapter 15): an operation over a mark tree — rendering, export,
/// statistics — kept out of the mark classes. Each mark's `accept` calls the method for its
/// own class; a stroke's visitor decides itself how to walk the stroke's children.
public protocol MarkVisitor: AnyObject {
    /// Called for a dot.
    func visit(dot: Dot)
    /// Called for a bare vertex that is visited on its own.
    func visit(vertex: Vertex)
    /// Called for a stroke; the visitor walks `stroke`'s children as it needs.
    func visit(stroke: Stroke)
}
