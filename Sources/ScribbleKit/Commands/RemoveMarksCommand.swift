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
    /// Whether `execute()` also takes every packed top-level mark, whole (Delete after
    /// Select All on a drawing of many: `Selection.selectsPacked`, `Scribble+PackedMarks`).
    private let takesPacked: Bool
    /// The packed marks taken, kept whole for undo while they are off.
    private var takenPacked: PackedChildren?
    /// How many packed marks it took: they were the first, at indices 0 up to it.
    private var takenPackedCount = 0

    /// Prepares to remove `marks` (top-level marks of `scribble`) and, with `takingPacked`,
    /// every packed top-level mark whole, without an object for each; nothing changes until
    /// `execute()` or `remove(_:)`.
    public init(scribble: Scribble, marks: [Mark] = [], takingPacked: Bool = false) {
        self.scribble = scribble
        marksToRemove = marks
        takesPacked = takingPacked
    }

    /// Removes the marks (again, on redo), with one change (and one more for the packed ones).
    /// - Complexity: O(marks in the drawing + marks removed).
    public func execute() {
        removeMarks()
        guard takesPacked, let packed = scribble.takePacked() else { return }
        takenPacked = packed
        takenPackedCount = packed.strokes.count
    }

    /// The marks' part of `execute()`: those not packed, or packed ones by their objects.
    private func removeMarks() {
        if removed.isEmpty {
            let indices = scribble.indices(of: marksToRemove)
            var seen = Set<Int>()
            let found = zip(indices, marksToRemove).compactMap { index, mark in index.flatMap { seen.insert($0).inserted ? ($0, mark) : nil } }
            take(found.sorted { $0.0 < $1.0 }, loggedAs: found.map(\.1))
        } else if removed.allSatisfy({ scribble.mark(at: $0.index) === $0.mark }) {
            // The drawing is as it was before the marks went (a redo): each is at its index.
            let marks = removed
            removed = []
            take(marks, loggedAs: marks.map(\.mark))
        } else {
            let marks = removed.map(\.mark)
            removed = []
            marks.forEach(remove)
        }
    }

    /// Removes one more mark now, remembering where it was; a mark not on the canvas, or
    /// removed already, does nothing.
    /// - Complexity: O(marks in the drawing + marks removed).
    public func remove(_ mark: Mark) {
        guard let current = scribble.index(of: mark) else { return }
        take([(current, mark)], loggedAs: [mark])
    }

    /// Removes `marks`, each at its index now (ascending), with one change, remembering where
    /// each was before any of this command's went; the replay's log hears of them in `order`.
    /// - Complexity: O(marks in the drawing + marks removed).
    func take(_ marks: [(index: Int, mark: Mark)], loggedAs order: [Mark]) {
        guard !marks.isEmpty else { return }
        // Each one's index before the others went: each removed mark at or before it shifted it down by one.
        var originals: [(index: Int, mark: Mark)] = []
        originals.reserveCapacity(marks.count)
        var position = 0
        for (current, mark) in marks {
            var original = current + position
            while position < removed.count, removed[position].index <= original {
                original += 1
                position += 1
            }
            originals.append((original, mark))
        }
        var merged: [(index: Int, mark: Mark)] = []
        merged.reserveCapacity(removed.count + originals.count)
        var (i, j) = (0, 0)
        while i < removed.count || j < originals.count {
            if j == originals.count || (i < removed.count && removed[i].index < originals[j].index) {
                merged.append(removed[i])
                i += 1
            } else {
                merged.append(originals[j])
                j += 1
            }
        }
        removed = merged
        scribble.replaceMarks(marks.map { ($0.index, 1, []) }, dirty: nil, loggingUpward: true, removing: order)
    }

    /// Puts every removed mark back at its index, lowest first, with one change.
    /// - Complexity: O(marks in the drawing + marks removed).
    public func undo() {
        if let packed = takenPacked {
            takenPacked = nil // the drawing's own again, changed in place from now on
            scribble.restorePacked(packed)
        }
        // Where each goes in the drawing as it is now: below it, the removed marks before it are missing.
        var runs: [(index: Int, count: Int, marks: [Mark])] = []
        for (position, entry) in removed.enumerated() {
            let index = entry.index - position
            if let last = runs.last, last.index == index {
                runs[runs.count - 1].marks.append(entry.mark)
            } else {
                runs.append((index, 0, [entry.mark]))
            }
        }
        scribble.replaceMarks(runs, dirty: nil, loggingUpward: true)
    }
}

extension RemoveMarksCommand: JournaledCommand {
    /// The indices of the removed marks, which a replay finds in the same drawing.
    /// - Complexity: O(marks removed, packed ones included).
    var journalRecord: JournalRecord { .remove(indices: Array(0..<takenPackedCount) + removed.map(\.index)) }
}
