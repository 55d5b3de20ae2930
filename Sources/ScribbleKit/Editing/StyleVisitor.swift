/// Recolours and re-widths marks (book §15.4, like `TransformVisitor`): visiting a mark makes
/// a deep copy, `result`, whose painting marks — the mark and every stroke and dot under it —
/// take `color` and `size` where given, so a group is restyled as a whole. Vertices and a
/// group's root paint nothing and stay as they are; a stroke's pressures stay.
public final class StyleVisitor: MarkVisitor {
    /// The colour set, if any.
    public let color: Color?
    /// The width set, if any.
    public let size: Float?
    /// The copy the last visit made.
    public var result: Mark? { copies.result }

    /// A visitor that sets `color` and `size` where given.
    public init(color: Color?, size: Float?) {
        (self.color, self.size) = (color, size)
    }

    /// `mark` restyled: a new mark of the same class.
    /// - Complexity: O(the mark's vertices).
    public static func restyled(_ mark: Mark, color: Color?, size: Float?) -> Mark {
        let visitor = StyleVisitor(color: color, size: size)
        mark.accept(visitor)
        let copy = visitor.result ?? mark.copy()
        copy.clearTimes() // a mark made by an edit takes the edit's time
        return copy
    }

    /// The copy being made.
    private let copies = MarkCopies()

    public func visit(dot: Dot) {
        copies.made(Dot(location: dot.location, color: color ?? dot.color ?? .black, size: size ?? dot.size))
    }

    public func visit(vertex: Vertex) {
        copies.made(vertex.copy())
    }

    /// A page is the paper: it stays as it was laid (the tools never hand one here; a group
    /// holding one keeps it as it is).
    public func visit(page: Page) {
        copies.made(page.copy())
    }

    /// A picture paints its own colours and has no pen: it stays as it is.
    public func visit(picture: Picture) {
        copies.made(picture.copy())
    }

    /// A text box takes `color` for all its runs; `size` is a pen's width, not a font's, so
    /// it stays (fonts are sized in the text tool).
    public func visit(text: TextBox) {
        guard let color else { return copies.made(text.copy()) }
        let runs = text.runs.map { run in
            var style = run.style
            style.color = color
            return TextRun(run.text, style: style)
        }
        copies.made(TextBox(runs: runs, origin: text.origin, wrapWidth: text.wrapWidth, angle: text.angle))
    }

    /// A kind of mark with no method here: its children's copies, grouped as a stroke.
    public func visit(mark: Mark) {
        copies.group(mark, visitor: self)
    }

    /// A stroke of vertices is copied whole here (sharing its vertices); a stroke holding
    /// marks is entered, and its children's copies go into its own.
    public func visit(stroke: Stroke) -> Bool {
        let paints = stroke.color != nil
        guard stroke.holdsMarks else {
            let copy = stroke.copy()
            if paints {
                if let color { copy.color = color }
                if let size { copy.size = size }
            }
            copies.made(copy)
            return false
        }
        let copy = Stroke(color: paints ? color ?? stroke.color : nil, size: paints ? size ?? stroke.size : stroke.size)
        copy.isLocked = stroke.isLocked
        copies.enter(copy)
        return true
    }

    public func visit(vertices range: Range<Int>, of stroke: Stroke) {
        copies.current?.append(contentsOf: stroke.elements[range].lazy.map { if case .vertex(let point) = $0 { point } else { .zero } })
    }

    public func leave(stroke: Stroke) {
        copies.leave(stroke)
    }
}

extension Mark {
    /// A deep copy restyled through the `StyleVisitor`.
    /// - Complexity: O(the mark's vertices).
    public func restyled(color: Color?, size: Float?) -> Mark {
        StyleVisitor.restyled(self, color: color, size: size)
    }
}
