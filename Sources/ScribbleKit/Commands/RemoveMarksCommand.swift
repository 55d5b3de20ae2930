/// Takes top-level marks off a scribble — the eraser's gesture, Delete on a selection — as
/// one undo step; undo puts each mark back at its own index.
///
/// Marks can be added one at a time while the eraser moves (`remove(_:)`), before the
/// command goes into the history (`Document.commit`).
public final class RemoveMarksCommand: Command {
    /// The scribble the marks come off.
    let scribble: Scribble
    /// The removed marks with their indices in the drawing as it was before any of them
    /// went, ascending: putting them back in this order restores the drawing exactly.
    public private(set) var removed: [(index: Int, mark: Mark)] = []
    /// What `execute()` removes: the marks given at the start.
    private var marksToRemove: [Mark]

    /// Prepares to remove `marks` (top-level marks of `scribble`); nothing changes until
    /// `execute()` or `remove(_:)`.
    public init(scribble: Scribble, marks: [Mark] = []) {
        self.scribble = scribble
        marksToRemove = marks
    }

    /// Removes the marks (again, on redo).
    public func execute() {
        let marks = removed.isEmpty ? marksToRemove : removed.map(\.mark)
        removed = []
        marks.forEach(remove)
    }

    /// Removes one more mark now, remembering where it was; a mark not on the canvas, or
    /// removed already, does nothing.
    /// - Complexity: O(marks in the drawing + marks removed).
    public func remove(_ mark: Mark) {
        guard let current = scribble.index(of: mark) else { return }
        // Its index before the others went: each removed mark at or before it shifted it down by one.
        var original = current
        var position = 0
        while position < removed.count, removed[position].index <= original {
            original += 1
            position += 1
        }
        removed.insert((original, mark), at: position)
        scribble.remove(mark)
    }

    /// Puts every removed mark back at its index, lowest first.
    public func undo() {
        for entry in removed { scribble.insert(entry.mark, at: entry.index) }
    }
}

extension RemoveMarksCommand: JournaledCommand {
    /// The indices of the removed marks, which a replay finds in the same drawing.
    var journalRecord: JournalRecord { .remove(indices: removed.map(\.index)) }
}
