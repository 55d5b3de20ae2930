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
    public private(set) var result: Mark?

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

    public func visit(dot: Dot) {
        result = Dot(location: dot.location, color: color ?? dot.color ?? .black, size: size ?? dot.size)
    }

    public func visit(vertex: Vertex) {
        result = vertex.copy()
    }

    public func visit(stroke: Stroke) {
        let paints = stroke.color != nil
        guard stroke.holdsMarks else {
            let copy = stroke.copy()
            if paints {
                if let color { copy.color = color }
                if let size { copy.size = size }
            }
            result = copy
            return
        }
        let copy = Stroke(color: paints ? color ?? stroke.color : nil, size: paints ? size ?? stroke.size : stroke.size)
        copy.isLocked = stroke.isLocked
        for element in stroke.elements {
            switch element {
            case .vertex(let point): copy.append(point)
            case .mark(let mark):
                mark.accept(self)
                if let result { copy.add(result) }
            }
        }
        copy.setPressures(stroke.pressures)
        copy.isSealed = true // its groups' boxes worked out for the new widths
        result = copy
    }
}

extension Mark {
    /// A deep copy restyled through the `StyleVisitor`.
    /// - Complexity: O(the mark's vertices).
    public func restyled(color: Color?, size: Float?) -> Mark {
        StyleVisitor.restyled(self, color: color, size: size)
    }
}
