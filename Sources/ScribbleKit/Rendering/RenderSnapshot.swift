/// A frozen picture of a scribble's tree, for rendering it on other threads while the main
/// thread goes on changing the scribble.
///
/// Taking it copies no vertex and, for a drawing opened or drawn earlier, no stroke either:
/// it keeps the root's array of children as it is now (Swift's arrays are copy-on-write, so
/// marks added or removed afterwards leave the snapshot's alone), and reads a top-level
/// stroke where it is when the stroke is sealed (`Stroke.isSealed`: finished drawing, read
/// from a file, or a copy, and never changed in place again). Only a stroke that may still
/// grow — the one being drawn — is frozen now: its colour, width and bounds read, and its
/// array of children kept (the next vertex appended copies the stroke's array and leaves the
/// snapshot's alone). So a snapshot of a million marks costs a few bytes, not 56 MB.
///
/// What it relies on: the scribble changes a mark in place only by appending vertices to a
/// top-level stroke that is not sealed (`Scribble.append(_:to:)`); every other change adds
/// or removes whole marks, which only touches the root's array. Dots and marks nested
/// inside a top-level stroke are therefore read where they are — they are never changed
/// after they are drawn.
///
/// Take it on the thread that changes the scribble; after that it is only read, from any
/// number of threads (hence `@unchecked Sendable`).
public struct RenderSnapshot: @unchecked Sendable {
    /// One top-level stroke as it was when the snapshot was taken.
    struct FrozenStroke {
        let color: Color?
        let size: Float
        let bounds: Rect
        let elements: StrokeElements
        /// The pressure levels, kept the same copy-on-write way (empty: none).
        let pressures: [UInt8]

        /// Freezes `stroke`: reads its colour, width and bounds, and keeps its children array
        /// (or `elements`, some of them).
        init(_ stroke: Stroke, elements: StrokeElements? = nil) {
            color = stroke.color
            size = stroke.size
            bounds = stroke.bounds
            self.elements = elements ?? stroke.elements
            pressures = stroke.pressures
        }
    }

    /// The root's mark children as they were: the `k`-th is a `FrozenStroke`, or `nil` for
    /// a mark that is not a stroke (drawn as it is).
    struct Children: RandomAccessCollection {
        /// The root's children (copy-on-write: shared with the root until it changes).
        fileprivate let elements: StrokeElements
        /// Where the `k`-th mark child is among `elements`; `nil` when every child is a mark.
        fileprivate let markIndices: [Int32]?
        /// The top-level strokes that were not sealed, frozen, by their mark index.
        fileprivate let unsealed: [Int: FrozenStroke]
        /// How many mark children there are.
        fileprivate let markCount: Int

        var startIndex: Int { 0 }
        var endIndex: Int { markCount }

        /// The `k`-th mark child: frozen when it was taken, or read now from a sealed stroke.
        subscript(k: Int) -> FrozenStroke? {
            if !unsealed.isEmpty, let frozen = unsealed[k] { return frozen }
            guard let stroke = sealedStroke(k) else { return nil }
            return FrozenStroke(stroke)
        }

        /// The area the `k`-th mark child covers if it is a stroke (`nil` for another mark):
        /// all a renderer needs to skip it, without freezing it first — most of a big
        /// drawing's strokes lie outside any one tile.
        func strokeBounds(_ k: Int) -> Rect? {
            if !unsealed.isEmpty, let frozen = unsealed[k] { return frozen.bounds }
            return sealedStroke(k)?.bounds
        }

        /// The `k`-th mark child as the stroke it is, if it is one (sealed, unless frozen).
        private func sealedStroke(_ k: Int) -> Stroke? {
            var index = k
            if let markIndices { index = Int(markIndices[k]) }
            guard case .mark(let mark) = elements[index] else { return nil }
            return mark as? Stroke
        }
    }

    /// The root as it was.
    let root: FrozenStroke
    /// For each `.mark` child of the root, in order: the stroke frozen, or `nil` for a mark
    /// that is not a stroke (drawn as it is).
    let children: Children
    /// How many inline vertices the frozen top-level strokes hold, a measure of the work
    /// a full render takes.
    public let vertexCount: Int

    /// Freezes `root` and its top-level strokes that are not sealed.
    /// - Complexity: O(the root's children); no vertex is copied, and a sealed stroke is not
    ///   copied either.
    public init(of root: Stroke) { self.init(of: root, hiding: []) }

    /// Freezes `root` and its top-level strokes that are not sealed, leaving out the
    /// top-level marks in `hidden` (a selection lifted off the canvas while a drag moves it).
    /// - Complexity: O(the root's children); no vertex is copied, and a sealed stroke is not
    ///   copied either (the root's array of children is, when some are hidden).
    public init(of root: Stroke, hiding hidden: Set<ObjectIdentifier>) {
        var elements = root.elements
        if !hidden.isEmpty {
            elements = StrokeElements(
                root.elements.filter { element in
                    guard case .mark(let mark) = element else { return true }
                    return !hidden.contains(ObjectIdentifier(mark))
                })
        }
        self.root = FrozenStroke(root, elements: elements)
        var unsealed: [Int: FrozenStroke] = [:]
        var markIndices: [Int32] = []
        var vertices = 0, marks = 0
        for (index, element) in elements.enumerated() {
            guard case .mark(let mark) = element else { continue }
            if markIndices.isEmpty, index != marks { // the first inline vertex: from now on, keep a map
                markIndices = (0..<Int32(marks)).map { $0 }
            }
            if index != marks || !markIndices.isEmpty { markIndices.append(Int32(truncatingIfNeeded: index)) }
            if let stroke = mark as? Stroke {
                if !stroke.isSealed { unsealed[marks] = FrozenStroke(stroke) }
                vertices += stroke.count
            } else {
                vertices += 1
            }
            marks += 1
        }
        children = Children(
            elements: elements, markIndices: markIndices.isEmpty ? nil : markIndices,
            unsealed: unsealed, markCount: marks)
        vertexCount = vertices + elements.count - marks
    }
}
