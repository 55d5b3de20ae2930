import Glibc

/// Moves, scales and rotates marks (book §15.4: a new operation over the Composite is a new
/// Visitor, so the mark classes need not change for it): visiting a mark makes a transformed
/// deep copy of it, `result`, and leaves the mark alone, because a mark on the canvas may be
/// read by a background render meanwhile and undo puts the untouched original back.
///
/// Every point is clamped and snapped into `MarkLimits` like any other. A pen's width, and a
/// dot's diameter, scale by the transform's `lengthScale` (a uniform scale by 2 doubles them;
/// a move or a rotation keeps them); a stroke's pressures stay as they were, one a vertex.
public final class TransformVisitor: MarkVisitor, PackedStrokeVisitor {
    /// The transform applied.
    public let transform: AffineTransform
    /// The copy the last visit made.
    public var result: Mark? { copies.result }
    private let widthScale: Float

    /// A visitor that applies `transform`.
    public init(_ transform: AffineTransform) {
        self.transform = transform
        widthScale = transform.isTranslation ? 1 : Float(transform.lengthScale)
    }

    /// `mark` transformed by `transform`: a new mark of the same class.
    /// - Complexity: O(the mark's vertices).
    public static func transformed(_ mark: Mark, by transform: AffineTransform) -> Mark {
        let visitor = TransformVisitor(transform)
        mark.accept(visitor)
        let copy = visitor.result ?? mark.copy()
        copy.clearTimes() // a mark made by an edit takes the edit's time
        return copy
    }

    /// The copy being made.
    private let copies = MarkCopies()

    public func visit(dot: Dot) {
        copies.made(Dot(location: transform.apply(dot.location), color: dot.color ?? .black, size: dot.size * widthScale))
    }

    public func visit(vertex: Vertex) {
        copies.made(Vertex(location: transform.apply(vertex.location)))
    }

    /// A page is the paper: it stays as it was laid (the tools never hand one here; a group
    /// holding one keeps it as it is).
    public func visit(page: Page) {
        copies.made(page.copy())
    }

    /// A picture is laid anew: its placement, then the transform (a move, a scale, a turn:
    /// its pixels are never touched).
    public func visit(picture: Picture) {
        copies.made(picture.placed(by: picture.placement.then(transform)))
    }

    /// A text box moved, its corner carried by the transform; scaled, its fonts and wrap width
    /// by `lengthScale`; turned, its angle by the transform's own turn (a mirror or a shear
    /// keeps the turn and the sizes their average: text is never drawn mirrored or sheared).
    public func visit(text: TextBox) {
        let scale = widthScale
        let runs =
            scale == 1
            ? text.runs
            : text.runs.map { run in
                var style = run.style
                style.size = min(max(style.size * scale, TextStyle.minimumSize), TextStyle.maximumSize)
                return TextRun(run.text, style: style)
            }
        let turn = transform.isTranslation ? 0 : Float(atan2(transform.b, transform.a))
        copies.made(
            TextBox(runs: runs, origin: transform.apply(text.origin), wrapWidth: text.wrapWidth.map { $0 * scale }, angle: text.angle + turn))
    }

    /// A kind of mark with no method here: its children's copies, grouped as a stroke.
    public func visit(mark: Mark) {
        copies.group(mark, visitor: self)
    }

    /// A stroke of vertices is copied here in one pass (no call a run); a stroke holding
    /// marks is entered, and its children's copies go into its own.
    public func visit(stroke: Stroke) -> Bool {
        let copy = Stroke(color: stroke.color, size: stroke.size * widthScale)
        copy.isLocked = stroke.isLocked
        copies.enter(copy)
        guard !stroke.holdsMarks else { return true }
        copy.reserveCapacity(stroke.count)
        stroke.elements.withUnsafeBufferPointer { elements in
            copy.append(
                contentsOf: elements.lazy.map { [transform] element -> Point in
                    if case .vertex(let point) = element { transform.apply(point) } else { .zero }
                })
        }
        leave(stroke: stroke)
        return false
    }

    public func visit(vertices range: Range<Int>, of stroke: Stroke) {
        copies.current?.append(
            contentsOf: stroke.elements[range].lazy.map { [transform] element -> Point in
                if case .vertex(let point) = element { transform.apply(point) } else { .zero }
            })
    }

    public func leave(stroke: Stroke) {
        copies.leave(stroke)
    }

    /// A group's packed children (`PackedStroke`) are copied as values into its copy, packed
    /// too: a stamp of a million ticks makes no object for them.
    func visit(packed: [PackedStroke], of stroke: Stroke) {
        let transform = transform
        copies.current?.addPacked(packed.map { $0.transformed(transform.apply, widthScale: widthScale) })
    }
}

extension Mark {
    /// A deep copy moved by (`dx`, `dy`), through the `TransformVisitor`.
    /// - Complexity: O(the mark's vertices).
    public func translated(dx: Float, dy: Float) -> Mark {
        TransformVisitor.transformed(self, by: .translation(dx: Double(dx), dy: Double(dy)))
    }

    /// A deep copy transformed by `transform`, through the `TransformVisitor`.
    /// - Complexity: O(the mark's vertices).
    public func transformed(by transform: AffineTransform) -> Mark {
        TransformVisitor.transformed(self, by: transform)
    }
}
