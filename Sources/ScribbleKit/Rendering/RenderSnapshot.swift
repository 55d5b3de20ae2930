/// A frozen picture of a scribble's tree, for rendering it on other threads while the main
/// thread goes on changing the scribble.
///
/// Taking it copies no vertex and, for a drawing opened or drawn earlier, no stroke either:
/// it keeps the root's array of children as it is now (Swift's arrays are copy-on-write, so
/// marks added or removed afterwards leave the snapshot's alone), and reads a top-level
/// stroke where it is when the stroke is sealed (`Stroke.isSealed`: finished drawing, read
/// from a file, or a copy, and never changed in place again). Only a stroke that may still
/// grow — the one being drawn — is frozen now, as a copy of it that shares its array of
/// children (`Stroke.copy`: the next vertex appended copies the stroke's array and leaves the
/// copy's alone). So a snapshot of a million marks costs a few bytes, not 56 MB, and every
/// top-level mark it hands out is a mark, drawn through its `accept` like any other.
///
/// A drawing read from a file keeps its small plain strokes packed in the root
/// (`PackedStroke`): the snapshot keeps that array the same copy-on-write way, and hands each
/// out as a `FrozenStroke` value with no object behind it.
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
    /// The root as it was when the snapshot was taken (its children are the snapshot's
    /// `children`: the root itself goes on changing on the main thread), or a packed
    /// top-level stroke.
    struct FrozenStroke {
        let color: Color?
        let size: Float
        let bounds: Rect
        /// The children as stored (the root's may begin with packed strokes).
        let elements: StrokeElements
        /// The pressure levels, kept the same copy-on-write way (empty: none).
        let pressures: [UInt8]

        /// Freezes `stroke`: reads its colour, width and bounds, and keeps its children array
        /// (or `elements`, some of them).
        init(_ stroke: Stroke, elements: StrokeElements? = nil) {
            color = stroke.color
            size = stroke.size
            bounds = stroke.bounds
            self.elements = elements ?? stroke.storedElements
            pressures = stroke.pressures
        }

        /// A packed stroke as the stroke it stands for.
        init(_ packed: PackedStroke) {
            color = packed.color
            size = packed.size
            bounds = packed.bounds
            elements = packed.elements
            pressures = []
        }
    }

    /// The root's mark children as they were: the `k`-th is a stroke that no longer changes
    /// (sealed, or a frozen copy), or `nil` for a mark that is not a stroke (drawn as it is).
    struct Children: RandomAccessCollection {
        /// The root's packed children, its first ones (copy-on-write: shared with the root).
        fileprivate let packed: [PackedStroke]
        /// The root's other children (copy-on-write: shared with the root until it changes).
        fileprivate let tail: [Stroke.Element]
        /// Where the `k`-th mark child after the packed ones is among `tail`; `nil` when every
        /// child is a mark.
        fileprivate let markIndices: [Int32]?
        /// The top-level strokes that were not sealed, frozen, by their mark index.
        fileprivate let unsealed: [Int: Stroke]
        /// How many mark children there are.
        fileprivate let markCount: Int

        var startIndex: Int { 0 }
        var endIndex: Int { markCount }

        /// The `k`-th mark child: frozen when it was taken, or the sealed stroke itself.
        subscript(k: Int) -> Stroke? {
            if !unsealed.isEmpty, let frozen = unsealed[k] { return frozen }
            return sealedStroke(k)
        }

        /// The `k`-th mark child if it is a stroke kept packed (`PackedStroke`), with no
        /// object (then `self[k]` is `nil`).
        func packed(_ k: Int) -> PackedStroke? {
            k < packed.count ? packed[k] : nil
        }

        /// The `k`-th mark child as a stroke's values, packed or not (`nil` for another mark).
        func frozen(_ k: Int) -> FrozenStroke? {
            if k < packed.count { return FrozenStroke(packed[k]) }
            return self[k].map { FrozenStroke($0) }
        }

        /// How many children the `k`-th mark child has if it is a stroke (0 for another mark).
        func childCount(_ k: Int) -> Int {
            k < packed.count ? packed[k].count : self[k]?.count ?? 0
        }

        /// The area the `k`-th mark child covers if it is a stroke (`nil` for another mark):
        /// all a renderer needs to skip it, without freezing it first — most of a big
        /// drawing's strokes lie outside any one tile.
        func strokeBounds(_ k: Int) -> Rect? {
            if k < packed.count { return packed[k].bounds }
            if !unsealed.isEmpty, let frozen = unsealed[k] { return frozen.bounds }
            return sealedStroke(k)?.bounds
        }

        /// The `k`-th mark child as the stroke it is, if it is one (sealed, unless frozen).
        private func sealedStroke(_ k: Int) -> Stroke? {
            guard k >= packed.count else { return nil }
            var index = k - packed.count
            if let markIndices { index = Int(markIndices[index]) }
            guard case .mark(let mark) = tail[index] else { return nil }
            return mark as? Stroke
        }
    }

    /// The root as it was.
    let root: FrozenStroke
    /// For each `.mark` child of the root, in order: the stroke as it was, or `nil` for a mark
    /// that is not a stroke (drawn as it is).
    let children: Children
    /// How many inline vertices the frozen top-level strokes hold, a measure of the work
    /// a full render takes.
    public let vertexCount: Int
    /// How many top-level PDF pages there are: a frame showing any is rendered off the main
    /// thread, however small (`MarkRenderer.PageDrawing`).
    public let pageCount: Int
    /// The top-level pictures (immutable marks): a frame decodes the levels it will draw of
    /// those in view on every core before it renders (`PictureLevels.decodeLevels`).
    let pictures: [Picture]

    /// Freezes `root` and its top-level strokes that are not sealed.
    /// - Complexity: O(the root's children); no vertex is copied, and a sealed stroke is not
    ///   copied either.
    public init(of root: Stroke) { self.init(of: root, hiding: []) }

    /// Freezes `root` and its top-level strokes that are not sealed, leaving out the
    /// top-level marks in `hidden` (a selection lifted off the canvas while a drag moves it),
    /// and with `hidingPacked` every packed one (all of them lifted: Select All on a drawing
    /// of many).
    /// With `packedWithin`, only the packed children whose bounds meet that area (canvas)
    /// are kept: a repaint of a few pixels (an eraser's step) then walks a few ticks, not a
    /// million twice (the occlusion map's walk and the renderer's), which stalled each step
    /// of the eraser over a file of a million ticks by some 40 ms.
    /// - Complexity: O(the root's children); no vertex is copied, and a sealed stroke is not
    ///   copied either (the root's array of children is, when some are hidden).
    public init(of root: Stroke, hiding hidden: Set<ObjectIdentifier>, hidingPacked: Bool = false, packedWithin area: Rect? = nil) {
        var elements = root.storedElements
        if hidingPacked {
            elements = StrokeElements(
                packed: [],
                tail: elements.unpackedElements.filter { element in
                    guard case .mark(let mark) = element else { return true }
                    return !hidden.contains(ObjectIdentifier(mark))
                })
        } else if !hidden.isEmpty {
            // A hidden mark is one held (selected): among the packed strokes, one with an object.
            let hiddenPacked = Set(elements.packedObjects.lazy.filter { hidden.contains(ObjectIdentifier($0.stroke)) }.map(\.index))
            elements = StrokeElements(
                packed: hiddenPacked.isEmpty
                    ? elements.packed : elements.packed.indices.filter { !hiddenPacked.contains($0) }.map { elements.packed[$0] },
                tail: elements.unpackedElements.filter { element in
                    guard case .mark(let mark) = element else { return true }
                    return !hidden.contains(ObjectIdentifier(mark))
                })
        }
        if let area, elements.packedCount > 0 {
            elements = StrokeElements(packed: elements.packed.filter { $0.bounds.intersects(area) }, tail: elements.unpackedElements)
        }
        self.root = FrozenStroke(root, elements: elements)
        let packed = elements.packed, tail = elements.unpackedElements
        var unsealed: [Int: Stroke] = [:]
        var markIndices: [Int32] = []
        var vertices = packed.reduce(0) { $0 + $1.count }, marks = 0, pages = 0
        var pictures: [Picture] = []
        for (index, element) in tail.enumerated() {
            guard case .mark(let mark) = element else { continue }
            if markIndices.isEmpty, index != marks { // the first inline vertex: from now on, keep a map
                markIndices = (0..<Int32(marks)).map { $0 }
            }
            if index != marks || !markIndices.isEmpty { markIndices.append(Int32(truncatingIfNeeded: index)) }
            if let stroke = mark as? Stroke {
                if !stroke.isSealed, let frozen = stroke.copy() as? Stroke { unsealed[packed.count + marks] = frozen }
                vertices += stroke.count
            } else {
                if mark is Page { pages += 1 }
                if let picture = mark as? Picture { pictures.append(picture) }
                vertices += 1
            }
            marks += 1
        }
        children = Children(
            packed: packed, tail: tail, markIndices: markIndices.isEmpty ? nil : markIndices,
            unsealed: unsealed, markCount: packed.count + marks)
        vertexCount = vertices + elements.count - packed.count - marks
        pageCount = pages
        self.pictures = pictures
    }
}
