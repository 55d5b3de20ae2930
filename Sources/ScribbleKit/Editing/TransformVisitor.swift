/// Moves, scales and rotates marks (book §15.4: a new operation over the Composite is a new
/// Visitor, so the mark classes need not change for it): visiting a mark makes a transformed
/// deep copy of it, `result`, and leaves the mark alone, because a mark on the canvas may be
/// read by a background render meanwhile and undo puts the untouched original back.
///
/// Every point is clamped and snapped into `MarkLimits` like any other. A pen's width, and a
/// dot's diameter, scale by the transform's `lengthScale` (a uniform scale by 2 doubles them;
/// a move or a rotation keeps them); a stroke's pressures stay as they were, one a vertex.
public final class TransformVisitor: MarkVisitor {
    /// The transform applied.
    public let transform: AffineTransform
    /// The copy the last visit made.
    public private(set) var result: Mark?
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

    public func visit(dot: Dot) {
        result = Dot(location: transform.apply(dot.location), color: dot.color ?? .black, size: dot.size * widthScale)
    }

    public func visit(vertex: Vertex) {
        result = Vertex(location: transform.apply(vertex.location))
    }

    public func visit(stroke: Stroke) {
        let copy = Stroke(color: stroke.color, size: stroke.size * widthScale)
        copy.isLocked = stroke.isLocked
        if stroke.holdsMarks {
            for element in stroke.elements {
                switch element {
                case .vertex(let point): copy.append(transform.apply(point))
                case .mark(let mark):
                    mark.accept(self)
                    if let result { copy.add(result) }
                }
            }
        } else {
            copy.reserveCapacity(stroke.count)
            stroke.elements.withUnsafeBufferPointer { elements in
                copy.append(
                    contentsOf: elements.lazy.map { [transform] element -> Point in
                        if case .vertex(let point) = element { transform.apply(point) } else { .zero }
                    })
            }
        }
        copy.setPressures(stroke.pressures)
        copy.isSealed = true // a copy goes on the canvas whole, never drawn on (as `Stroke.copy`)
        result = copy
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
