/// The eraser in "Part of marks" mode (issue 26): takes what the eraser's disc covers along
/// its path, cutting strokes where the disc crosses them (`Mark.erased(by:)`), as one undo
/// step. Each mark touched is put aside whole and new marks — its pieces — take its place,
/// so undo puts the untouched originals back exactly.
///
/// Steps are taken while the pointer drags (`erase(_:)`), before the command goes into the
/// history (`Document.commit`); a piece cut again later replaces that piece among its
/// original's pieces.
public final class CutMarksCommand: Command {
    /// One top-level mark the gesture cut: its index in the drawing before the gesture, the
    /// mark, and what is left of it now, in order (none if it went).
    public final class Entry {
        /// Where the original was before the gesture.
        public let index: Int
        /// The mark as it was, kept for undo.
        public let original: Mark
        /// What takes its place.
        public internal(set) var pieces: [Mark]

        /// The entry of `original`, at `index` before the gesture, now `pieces`.
        init(index: Int, original: Mark, pieces: [Mark]) {
            self.index = index
            self.original = original
            self.pieces = pieces
        }
    }

    /// The scribble the marks are on.
    let scribble: Scribble
    /// The marks cut, by ascending original index.
    public private(set) var entries: [Entry] = []
    /// The entry each piece on show belongs to, so a piece cut again is found at once.
    private var entryOfPiece: [ObjectIdentifier: Entry] = [:]

    /// Prepares an eraser gesture on `scribble`; nothing changes until `erase(_:)`.
    public init(scribble: Scribble) {
        self.scribble = scribble
    }

    /// Prepares a recorded cut (a journal's), or a recognised shape taking its stroke's place
    /// (the pen's hold; journaled as a cut of one piece): the top-level marks at `indices` (ascending,
    /// in the drawing as it is before `execute()`) give way to `pieces`, `pieceCounts[i]` of
    /// them for the i-th mark, in order. An index not in the drawing, or not above the one
    /// before (a record this app did not write), is skipped.
    init(scribble: Scribble, indices: [Int], pieceCounts: [Int], pieces: [Mark]) {
        self.scribble = scribble
        var remaining = pieces[...]
        for (index, count) in zip(indices, pieceCounts) {
            let own = Array(remaining.prefix(count))
            remaining = remaining.dropFirst(count)
            guard index > (entries.last?.index ?? -1), let original = scribble.mark(at: index) else { continue }
            entries.append(Entry(index: index, original: original, pieces: own))
        }
    }

    /// Whether the gesture has taken nothing yet: there is nothing to undo.
    public var isEmpty: Bool { entries.isEmpty }

    /// Takes what `step` covers from every top-level mark now (but locked ones), cutting
    /// strokes, and shows it as one change.
    /// - Complexity: O(top-level marks) bounds checks, plus the vertices of the marks near
    ///   the step, plus O(top-level marks) for each mark cut.
    public func erase(_ step: EraserStep) {
        var cuts: [(index: Int, mark: Mark, erasure: Erasure)] = []
        let root = scribble.root
        // Only the packed strokes (`PackedStroke`) within the step's reach get their objects.
        let packed = root.storedElements.packed
        for index in packed.indices where packed[index].bounds.outset(by: step.radius).touches(step.from, step.to) {
            guard let mark = root.child(at: index), let erasure = mark.erased(by: step) else { continue }
            cuts.append((index, mark, erasure))
        }
        for (position, element) in root.storedElements.unpackedElements.enumerated() {
            guard case .mark(let mark) = element, !mark.isLocked, let erasure = mark.erased(by: step) else { continue }
            cuts.append((packed.count + position, mark, erasure))
        }
        guard !cuts.isEmpty else { return }
        // From the top down, so the indices of the marks below stay as they were.
        for cut in cuts.reversed() { record(cut.mark, at: cut.index, cutInto: cut.erasure.pieces) }
        // One change for the step, so the canvas repaints once.
        scribble.replaceMarks(
            cuts.map { ($0.index, 1, $0.erasure.pieces) },
            dirty: cuts.reduce(Rect.null) { $0.union($1.erasure.dirty) })
    }

    /// Notes that `mark`, now at `index`, gives way to `pieces`: a piece of this gesture's
    /// is replaced among its original's pieces; another mark becomes a new entry, its index
    /// before the gesture found from the entries below it.
    private func record(_ mark: Mark, at index: Int, cutInto pieces: [Mark]) {
        let id = ObjectIdentifier(mark)
        if let entry = entryOfPiece.removeValue(forKey: id), let position = entry.pieces.firstIndex(where: { $0 === mark }) {
            entry.pieces.replaceSubrange(position...position, with: pieces)
            for piece in pieces { entryOfPiece[ObjectIdentifier(piece)] = entry }
            return
        }
        // Each entry below the mark moved it by (its pieces − 1).
        var shift = 0
        var position = 0
        while position < entries.count, entries[position].index + shift <= index {
            shift += entries[position].pieces.count - 1
            position += 1
        }
        let entry = Entry(index: index - shift, original: mark, pieces: pieces)
        entries.insert(entry, at: position)
        for piece in pieces { entryOfPiece[ObjectIdentifier(piece)] = entry }
    }

    /// Puts every entry's pieces in place of its original (again, on redo), with one change
    /// (the replay's log hears of them lowest first).
    /// - Complexity: O(top-level marks + pieces).
    public func execute() {
        scribble.replaceMarks(entries.map { ($0.index, 1, $0.pieces) }, dirty: nil, loggingUpward: true)
    }

    /// Puts every original back in place of its pieces, with one change (the replay's log
    /// hears of them highest first).
    /// - Complexity: O(top-level marks + pieces).
    public func undo() {
        var shift = 0
        var runs: [(index: Int, count: Int, marks: [Mark])] = []
        for entry in entries {
            runs.append((entry.index + shift, entry.pieces.count, [entry.original]))
            shift += entry.pieces.count - 1
        }
        scribble.replaceMarks(runs, dirty: nil, loggingUpward: false)
    }
}

extension CutMarksCommand: JournaledCommand {
    /// The originals' indices, how many pieces each left, and the pieces themselves (a
    /// complete memento of them, which a replay puts in place exactly).
    var journalRecord: JournalRecord {
        let pieces = Stroke()
        for entry in entries { entry.pieces.forEach(pieces.add) }
        return .cut(
            indices: entries.map(\.index), pieceCounts: entries.map(\.pieces.count),
            ScribbleMemento(root: ScribbleMemento.snapshot(of: pieces), isComplete: true, title: nil))
    }
}
