/// The Visitor (book chapter 15): an operation over a mark tree — rendering, edits,
/// statistics — kept out of the mark classes. Each mark's `accept` calls the method for its
/// own class, and a composite passes the visitor on to its children: a stroke tells the
/// visitor it is entered (`visit(stroke:)`), hands it each run of its inline vertices
/// (`visit(vertices:of:)`: they are points stored by value, so no `Vertex` is made for
/// them) and passes it to each child mark, in drawing order, then says it is left
/// (`leave(stroke:)`).
///
/// `visit(mark:)` is the book's `visitMark:`, the catch-all: a kind of mark this protocol
/// has no method for calls it from its `accept`, and every visitor, written before the
/// kind was, takes it — by default passing itself on to the mark's children, so a new
/// composite of dots and strokes is drawn, edited and counted by the visitors there are.
public protocol MarkVisitor: AnyObject {
    /// Called for a mark of a kind with no method of its own here.
    func visit(mark: Mark)
    /// Called for a dot.
    func visit(dot: Dot)
    /// Called for a bare vertex that is visited on its own.
    func visit(vertex: Vertex)
    /// Called for a PDF page.
    func visit(page: Page)
    /// Called for a picture.
    func visit(picture: Picture)

    /// Called for a text box.
    func visit(text: TextBox)
    /// Called when a stroke is entered, before its children; returns whether to go on into
    /// them (`false`: the visitor has done with the stroke — it lies outside what is drawn —
    /// and `leave(stroke:)` is not called).
    func visit(stroke: Stroke) -> Bool
    /// Called for each run of the stroke's inline vertices, `stroke.elements[range]`, in
    /// order among its child marks.
    func visit(vertices range: Range<Int>, of stroke: Stroke)
    /// Called after the stroke's children.
    func leave(stroke: Stroke)
}

extension MarkVisitor {
    /// Passes the visitor on to the mark's children.
    public func visit(mark: Mark) {
        for index in 0..<mark.count { mark.child(at: index)?.accept(self) }
    }

    /// A dot is a mark like any other unless the visitor says otherwise.
    public func visit(dot: Dot) { visit(mark: dot) }

    /// A vertex is a mark like any other unless the visitor says otherwise.
    public func visit(vertex: Vertex) { visit(mark: vertex) }

    /// A page is a mark like any other unless the visitor says otherwise.
    public func visit(page: Page) { visit(mark: page) }

    /// A picture is a mark like any other unless the visitor says otherwise.
    public func visit(picture: Picture) { visit(mark: picture) }

    /// A text box is a mark like any other unless the visitor says otherwise.
    public func visit(text: TextBox) { visit(mark: text) }

    /// Goes on into the stroke's children.
    public func visit(stroke: Stroke) -> Bool { true }

    /// Inline vertices are points, not marks: nothing, unless the visitor wants them.
    public func visit(vertices range: Range<Int>, of stroke: Stroke) {}

    /// Nothing to do when a stroke is left.
    public func leave(stroke: Stroke) {}
}
