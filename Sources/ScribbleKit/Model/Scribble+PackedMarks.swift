/// Edits of every packed top-level mark at once (`PackedStroke`): Delete after Select All and
/// a clear take them off whole, and their undo puts them back whole, where each tick of a
/// drawing of a million once became an object (80 MB more, past what issue 39 allows a
/// 23 MB file: twice its size and 64 MB).
///
/// The replay's log does not hear of the packed marks taken off this way: it keeps each mark
/// gone as an object, and forgets any past a million vertices (`ReplayLog`) anyway. So a
/// drawing with fewer than `packedWholeMinimum` packed marks is edited as before, mark by
/// mark, and its replay shows each one go.
extension Scribble {
    /// The fewest packed top-level marks that are selected and taken off whole: fewer cost
    /// little as objects (80 bytes each).
    public static let packedWholeMinimum = 1024

    /// How many top-level marks are packed (the first ones).
    public var packedMarkCount: Int { root.storedElements.packedCount }

    /// Whether the packed top-level marks are edited whole: there are at least
    /// `packedWholeMinimum` of them.
    public var editsPackedWhole: Bool { packedMarkCount >= Self.packedWholeMinimum }

    /// The area the packed top-level marks paint.
    /// - Complexity: O(packed marks).
    public var packedBounds: Rect {
        root.storedElements.packed.reduce(Rect.null) { $0.union($1.bounds) }
    }

    /// Takes every packed top-level mark off at once, kept whole (values and the objects some
    /// have) for `restorePacked(_:)` to put back exactly, with one change; `nil` when there
    /// are none.
    /// - Complexity: O(packed marks), for the area to repaint.
    func takePacked() -> PackedChildren? {
        let dirty = packedBounds
        guard let packed = root.takePacked() else { return nil }
        notify(.replaced([], by: []), dirty: dirty)
        return packed
    }

    /// Puts `packed`, taken by `takePacked()`, back below every other top-level mark, with
    /// one change. Should packed marks have come meanwhile (they do not: only a file's are
    /// packed), the marks go back below them as objects.
    /// - Complexity: O(packed marks), for the area to repaint.
    func restorePacked(_ packed: PackedChildren) {
        guard !packed.strokes.isEmpty else { return }
        if !root.restorePacked(packed) {
            let marks = packed.strokes.indices.map { packed.mark(at: $0) }
            root.replaceChildren(in: 0..<0, with: marks)
        }
        notify(.replaced([], by: []), dirty: packed.strokes.reduce(Rect.null) { $0.union($1.bounds) })
    }
}
