/// Edits of finished marks (moving, recolouring) make edited copies: a mark on the canvas is
/// never changed in place, because a background render may be reading it, and undo puts the
/// untouched original back exactly.
extension Mark {
    /// Moves the mark and everything under it by (`dx`, `dy`), in place: for fresh copies.
    public func translate(dx: Float, dy: Float) {
        if let stroke = self as? Stroke {
            stroke.translate(dx: dx, dy: dy)
        } else {
            location = Point(x: location.x + dx, y: location.y + dy)
        }
    }

    /// A deep copy moved by (`dx`, `dy`).
    /// - Complexity: O(the mark's vertices).
    public func translated(dx: Float, dy: Float) -> Mark {
        let moved = copy()
        moved.translate(dx: dx, dy: dy)
        return moved
    }

    /// A deep copy whose painting marks — the mark and every stroke and dot under it — take
    /// `color` and `size` where given (a group recoloured as a whole).
    /// - Complexity: O(the mark's vertices).
    public func restyled(color: Color?, size: Float?) -> Mark {
        let edited = copy()
        edited.enumerateMarks { mark, _ in
            guard mark.color != nil else { return } // vertices and group roots paint nothing
            if let color { mark.color = color }
            if let size { mark.size = size }
        }
        if size != nil { (edited as? Stroke)?.recomputeGroupBounds() } // its groups' boxes widened
        return edited
    }
}
