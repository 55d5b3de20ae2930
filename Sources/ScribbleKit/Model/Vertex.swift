/// A leaf that is only a location (book chapter 13): one point of a stroke's path.
/// It has no colour or size of its own; setting them does nothing.
public class Vertex: Mark {
    /// The point, always within `MarkLimits` (clamped when set).
    public var location: Point {
        didSet { location = MarkLimits.clamped(location) }
    }

    /// Makes a vertex at `location`, clamped into `MarkLimits`.
    public init(location: Point) {
        self.location = MarkLimits.clamped(location)
    }

    /// Always `nil`: a vertex takes its parent stroke's colour.
    public var color: Color? {
        get { nil }
        set {}
    }

    /// Always 0: a vertex takes its parent stroke's width.
    public var size: Float {
        get { 0 }
        set {}
    }

    /// A leaf has no children.
    public var count: Int { 0 }
    /// A leaf has no children.
    public var lastChild: Mark? { nil }
    /// A bare vertex paints nothing by itself.
    public var bounds: Rect { Rect.null.union(location) }

    /// Leaves do not take children.
    public func add(_ mark: Mark) {}
    /// Leaves have no children to remove.
    public func remove(_ mark: Mark) {}
    /// Leaves have no children.
    public func child(at index: Int) -> Mark? { nil }
    /// A new vertex at the same location.
    public func copy() -> Mark { Vertex(location: location) }
    /// Visits as a vertex.
    public func accept(_ visitor: MarkVisitor) { visitor.visit(vertex: self) }
}
