/// Edits of every packed top-level mark at once (`PackedStroke`): Delete after Select All and
/// a clear take them off whole, and their undo puts them back whole; a move, a turn or a
/// recolour of them all puts new values in their place (`swapPacked`), and its undo the old
/// ones. Each tick of a drawing of a million once became an object for these (80 MB more, past what issue 39 allows a
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
    /// one change for its area and `dirty`. Should packed marks have come meanwhile (they do not: only a file's are
    /// packed), the marks go back below them as objects.
    /// - Complexity: O(packed marks), for the area to repaint.
    func restorePacked(_ packed: PackedChildren, dirty: Rect = .null) {
        guard !packed.strokes.isEmpty else { return notify(.replaced([], by: []), dirty: dirty) }
        if !root.restorePacked(packed) {
            let marks = packed.strokes.indices.map { packed.mark(at: $0) }
            root.replaceChildren(in: 0..<0, with: marks)
        }
        notify(.replaced([], by: []), dirty: dirty.union(Self.bounds(of: packed)))
    }

    /// Puts `packed` in place of the packed top-level marks now there, with one change, and
    /// returns those (`nil` if there were none): an edit of them all — moved, turned,
    /// recoloured — shown, and its undo. Marks of `packed` without times take the clock's
    /// time now, as any mark an edit makes does (`timeNew`).
    /// - Complexity: O(packed marks).
    @discardableResult
    func swapPacked(_ packed: PackedChildren) -> PackedChildren? {
        let old = root.takePacked()
        if keepsTime {
            let now = clock.now
            for index in packed.strokes.indices where packed.strokes[index].times.start == nil { packed.strokes[index].stamp(at: now) }
        }
        restorePacked(packed, dirty: old.map { Self.bounds(of: $0) } ?? .null)
        return old
    }

    /// The packed top-level marks as `edit` leaves them: new values, no object.
    /// - Complexity: O(packed marks).
    func editedPacked(by edit: ReplaceMarksCommand.Edit) -> PackedChildren {
        PackedChildren(root.storedElements.packed.map { edit.applied(to: $0) })
    }

    /// The area `packed` paints.
    static func bounds(of packed: PackedChildren) -> Rect {
        packed.strokes.reduce(Rect.null) { $0.union($1.bounds) }
    }

    /// Shows the packed top-level marks as `edit` makes them of `originals`, the values they
    /// had before the change under way (the palette's recolour, step by step as a slider
    /// moves), or of what they are now when `originals` is `nil` (its first step). Returns
    /// the originals, which the change's command keeps for its undo.
    /// - Complexity: O(packed marks); in place after the first step, unless a render holds them.
    public func showPacked(editedBy edit: ReplaceMarksCommand.Edit, from originals: PackedValues?) -> PackedValues? {
        guard let originals else { return swapPacked(editedPacked(by: edit)).map(PackedValues.init) }
        let values = originals.children.strokes
        guard packedMarkCount == values.count else { return PackedValues(swapPacked(PackedChildren(values.map { edit.applied(to: $0) }))) }
        let now = keepsTime ? clock.now : nil
        let before = packedBounds
        root.withPackedStrokes { packed in
            for index in packed.indices {
                packed[index] = edit.applied(to: values[index])
                if let now { packed[index].stamp(at: now) }
            }
        }
        notify(.replaced([], by: []), dirty: before.union(packedBounds))
        return originals
    }

    /// Puts `values` back in place of the packed top-level marks (a change shown by
    /// `showPacked` that changed nothing after all).
    public func restorePacked(_ values: PackedValues) {
        swapPacked(values.children)
    }
}

/// The values of the packed top-level marks an edit of them whole took off show
/// (`Scribble.showPacked`), kept for its undo: opaque outside ScribbleKit.
public struct PackedValues {
    let children: PackedChildren

    init(_ children: PackedChildren) {
        self.children = children
    }

    init?(_ children: PackedChildren?) {
        guard let children else { return nil }
        self.children = children
    }

    /// Whether `scribble`'s packed top-level marks have the colours and widths these have.
    /// - Complexity: O(packed marks).
    public func haveTheStyles(of scribble: Scribble) -> Bool {
        let now = scribble.root.storedElements.packed
        return now.count == children.strokes.count && zip(now, children.strokes).allSatisfy { $0.color == $1.color && $0.size == $1.size }
    }
}
