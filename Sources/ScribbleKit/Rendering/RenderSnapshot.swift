/// A frozen picture of a scribble's tree, for rendering it on other threads while the main
/// thread goes on changing the scribble.
///
/// Taking it copies no vertex: it keeps the root's child array and each top-level stroke's
/// array of children as they are now, and Swift's arrays are copy-on-write, so the first
/// vertex appended to a stroke afterwards copies that stroke's array and leaves the
/// snapshot's alone. Colour, width and bounds are read now, too.
///
/// What it relies on: the scribble changes a mark in place only by appending vertices to a
/// top-level stroke (`Scribble.append(_:to:)`); every other change adds or removes whole
/// marks, which only touches the root's array. Dots and marks nested inside a top-level
/// stroke are therefore read where they are — they are never changed after they are drawn.
///
/// Take it on the thread that changes the scribble; after that it is only read, from any
/// number of threads (hence `@unchecked Sendable`).
public struct RenderSnapshot: @unchecked Sendable {
    /// One top-level stroke as it was when the snapshot was taken.
    struct FrozenStroke {
        let color: Color?
        let size: Float
        let bounds: Rect
        let elements: [Stroke.Element]
        /// The pressure levels, kept the same copy-on-write way (empty: none).
        let pressures: [UInt8]

        /// Freezes `stroke`: reads its colour, width and bounds, and keeps its children array.
        init(_ stroke: Stroke) {
            color = stroke.color
            size = stroke.size
            bounds = stroke.bounds
            elements = stroke.elements
            pressures = stroke.pressures
        }
    }

    /// The root as it was.
    let root: FrozenStroke
    /// For each `.mark` child of the root, in order: the stroke frozen, or `nil` for a mark
    /// that is not a stroke (drawn as it is).
    let children: [FrozenStroke?]
    /// How many inline vertices the frozen top-level strokes hold, a measure of the work
    /// a full render takes.
    public let vertexCount: Int

    /// Freezes `root` and its top-level strokes.
    /// - Complexity: O(the root's children); no vertex is copied.
    public init(of root: Stroke) {
        self.root = FrozenStroke(root)
        var children: [FrozenStroke?] = []
        var vertices = 0
        for case .mark(let mark) in root.elements {
            let stroke = mark as? Stroke
            children.append(stroke.map(FrozenStroke.init))
            vertices += stroke?.count ?? 1
        }
        self.children = children
        vertexCount = vertices + root.count - children.count
    }
}
