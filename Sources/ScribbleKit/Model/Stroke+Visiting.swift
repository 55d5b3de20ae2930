/// A stroke's walks over its children (Composite): the visitors' and the enumerator's.
extension Stroke {
    /// Visits as a stroke, then passes the visitor on to the children in order (Composite):
    /// each run of inline vertices in one call, each child mark through its own `accept`.
    /// - Complexity: O(1) calls for a stroke of vertices; O(children) for one that holds marks.
    public func accept(_ visitor: MarkVisitor) {
        guard visitor.visit(stroke: self) else { return }
        if markCount == 0 {
            if !storedElements.isEmpty { visitor.visit(vertices: 0..<storedElements.count, of: self) }
        } else {
            // A copy (of the array's reference) holds the children as they are now, whatever
            // the visitor does. Packed children are read where they lie: a visit never changes
            // the stroke (a render on another thread may be reading it too).
            let stored = storedElements, packed = stored.packed
            if !packed.isEmpty {
                if let visitor = visitor as? PackedStrokeVisitor {
                    visitor.visit(packed: packed, of: self)
                } else {
                    for child in packed { Stroke(child).accept(visitor) } // each made for this visit only
                }
            }
            Self.withChildren(after: packed.count, of: stored) { elements in
                let offset = packed.count
                var runStart = 0
                for index in elements.indices {
                    guard case .mark(let mark) = elements[index] else { continue }
                    if runStart < index { visitor.visit(vertices: (offset + runStart)..<(offset + index), of: self) }
                    mark.accept(visitor)
                    runStart = index + 1
                }
                if runStart < elements.count { visitor.visit(vertices: (offset + runStart)..<(offset + elements.count), of: self) }
            }
        }
        visitor.leave(stroke: self)
    }

    /// Runs `body` on `stored`'s children after its `packedCount` packed ones, as they lie
    /// (all of them when none is packed), indexed from 0.
    static func withChildren<Result>(
        after packedCount: Int, of stored: StrokeElements, _ body: (StrokeElements.UnsafeBuffer) -> Result
    ) -> Result {
        guard packedCount > 0 else { return stored.withUnsafeBufferPointer(body) }
        return stored.unpackedElements.withUnsafeBufferPointer { body(StrokeElements.UnsafeBuffer(elements: $0)) }
    }

    /// Walks the children where they lie: an inline vertex becomes a `Vertex` only when the
    /// walk reaches it, and none at all when inline vertices are skipped (hit testing).
    public func enumerator() -> MarkEnumerator { MarkEnumerator(stroke: self) }
}
