/// A vertex with its own colour and size (book chapter 13): what a click without a drag
/// leaves, a filled circle of diameter `size` centred on `location`.
public final class Dot: Vertex {
    private var dotColor: Color
    private var dotSize: Float
    /// When the dot was made, in milliseconds on its scribble's clock; `nil` when untimed
    /// (made in code, or read from a file of a version before times).
    public internal(set) var time: UInt32?

    /// Makes a dot; `location` and `size` are clamped into `MarkLimits`.
    public init(location: Point, color: Color, size: Float) {
        dotColor = color
        dotSize = MarkLimits.clamped(size: size)
        super.init(location: location)
    }

    /// The fill colour; setting `nil` is ignored, because a dot always paints.
    public override var color: Color? {
        get { dotColor }
        set { if let newValue { dotColor = newValue } }
    }

    /// The diameter in pixels, always within (0, `MarkLimits.maximumSize`] (clamped when set).
    public override var size: Float {
        get { dotSize }
        set { dotSize = MarkLimits.clamped(size: newValue) }
    }

    /// The filled circle's square.
    public override var bounds: Rect { Rect.null.union(location).outset(by: dotSize / 2) }

    /// A new dot with the same values.
    public override func copy() -> Mark {
        let copy = Dot(location: location, color: dotColor, size: dotSize)
        copy.time = time
        return copy
    }
    /// Visits as a dot.
    public override func accept(_ visitor: MarkVisitor) { visitor.visit(dot: self) }
}
