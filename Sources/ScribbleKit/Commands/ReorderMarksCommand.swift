/// Changes where top-level marks lie in the drawing order (Page Up/Down, Home/End on a
/// selection) as one undo step. The marks themselves stay the same objects, so the
/// selection holds them still; only the run of the drawing between the lowest and the
/// highest mark that moves is put down again, with one notification.
public final class ReorderMarksCommand: Command {
    /// Where the marks go.
    public enum Order: UInt8, Sendable, CaseIterable {
        /// Each one step up: above the mark that was just above it.
        case raise = 0
        /// Each one step down: below the mark that was just below it.
        case lower
        /// On top of everything, keeping their order among themselves.
        case front
        /// Below everything, keeping their order among themselves.
        case back
    }

    /// The scribble the marks are on.
    let scribble: Scribble
    /// Where they go.
    public let order: Order
    /// The indices of the marks moved, ascending, before the move.
    public let indices: [Int]
    /// The run of the drawing that changes: where it starts, and the marks in it before and after.
    private let start: Int
    private let before: [Mark], after: [Mark]

    /// Prepares to move `marks` (top-level marks of `scribble`) as `order` says; nothing
    /// changes until `execute()`.
    /// - Complexity: O(top-level marks).
    public convenience init(scribble: Scribble, marks: [Mark], order: Order) {
        let known = scribble.indicesByIdentity()
        self.init(scribble: scribble, indices: marks.compactMap { known[ObjectIdentifier($0)] }, order: order)
    }

    /// Prepares to move the top-level marks at `indices` as `order` says (a journal's
    /// record); indices not in the drawing are left out. PDF pages are the paper, under the
    /// ink: they keep their places, are never moved, and the other marks move among the
    /// other places (to the back is just above the pages at the bottom).
    /// - Complexity: O(top-level marks).
    public init(scribble: Scribble, indices: [Int], order: Order) {
        self.scribble = scribble
        self.order = order
        let all = scribble.marks
        let places = all.indices.filter { !(all[$0] is Page) }
        let chosen = Set(indices.filter { all.indices.contains($0) && !(all[$0] is Page) })
        self.indices = chosen.sorted()
        var arranged = all
        for (place, index) in zip(places, Self.arranged(places.map(chosen.contains), order)) { arranged[place] = all[places[index]] }
        let first = all.indices.first { all[$0] !== arranged[$0] } ?? all.count
        let last = all.indices.last { all[$0] !== arranged[$0] } ?? -1
        start = first
        before = first <= last ? Array(all[first...last]) : []
        after = first <= last ? Array(arranged[first...last]) : []
    }

    /// The new order of marks of which `isChosen` says which move: for each place, the index
    /// of the mark that goes there.
    private static func arranged(_ isChosen: [Bool], _ order: Order) -> [Int] {
        let all = Array(isChosen.indices)
        var arranged = all, isChosen = isChosen
        switch order {
        case .front:
            arranged = all.filter { !isChosen[$0] } + all.filter { isChosen[$0] }
        case .back:
            arranged = all.filter { isChosen[$0] } + all.filter { !isChosen[$0] }
        case .raise:
            // From the top down, each chosen mark swaps with an unchosen one just above it.
            for index in all.reversed() where isChosen[index] && index + 1 < all.count && !isChosen[index + 1] {
                arranged.swapAt(index, index + 1)
                isChosen.swapAt(index, index + 1)
            }
        case .lower:
            for index in all where isChosen[index] && index > 0 && !isChosen[index - 1] {
                arranged.swapAt(index, index - 1)
                isChosen.swapAt(index, index - 1)
            }
        }
        return arranged
    }

    /// Whether the marks would not move at all (already on top, say): nothing to undo.
    public var isEmpty: Bool { before.isEmpty }

    /// Puts the changed run down in its new order.
    public func execute() {
        guard !before.isEmpty else { return }
        scribble.replaceMarks(at: start, count: before.count, with: after)
    }

    /// Puts the run back as it was.
    public func undo() {
        guard !before.isEmpty else { return }
        scribble.replaceMarks(at: start, count: after.count, with: before)
    }
}

extension ReorderMarksCommand: JournaledCommand {
    /// The marks' indices and where they went, which a replay works out again the same way.
    var journalRecord: JournalRecord { .order(indices: indices, order) }
}
