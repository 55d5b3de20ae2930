/// The document's journal (incremental mementos, book chapter 23): every finished mark, undo, redo and clear is recorded
/// as it happens, so a crash loses at most the stroke in progress; and a journal left by a
/// crash is replayed into the document.
extension Document {
    /// Starts recording into `journal`, from the drawing as it is now.
    ///
    /// A failing journal is shown in the state (`unprotectedBecause`) and started again from
    /// a snapshot every `Journal.retryDelay` until it works (a deep copy of the drawing each
    /// time, ~15 ms at a million vertices, only while the disk refuses).
    public func startJournal(_ journal: Journal) {
        self.journal = journal
        let hop = hop
        journal.watchHealth(
            onChange: { failure in
                hop { [weak self] in self?.journalHealthChanged(failure) }
            },
            retry: {
                hop { [weak self, weak journal] in
                    guard let self, let journal, self.journal === journal else { return }
                    self.restartJournal() // a snapshot of the drawing as it now is
                }
            })
        restartJournal()
    }

    /// The journal stopped or started working again: the window says so (or stops saying).
    private func journalHealthChanged(_ failure: StorageError?) {
        journalFailure = failure
        publish()
    }

    /// Records the stroke in progress too and waits until everything is on disk (the app is
    /// about to end on a signal; the journal stays for the next launch to offer back).
    public func flushJournal() {
        journalPendingMark()
        journal?.flush()
    }

    /// Ends journaling on a clean exit: the journal file is deleted.
    public func closeJournal() {
        journal?.remove()
        journal = nil
    }

    /// The mark just finished (pointer released, dot placed): records it, as an incremental
    /// memento of that mark. Marks are recorded when finished, so a stroke costs the main
    /// thread one deep copy of its points, at its end, never per motion event.
    /// - Complexity: O(n) in the mark's vertices (the copy; encoding runs on the journal's queue).
    public func markFinished(_ mark: Mark) {
        if let stroke = mark as? Stroke { scribble.finish(stroke) }
        guard mark === pendingMark else { return }
        journalPendingMark()
    }

    /// The mark just placed whole (a stamp made off the main thread), recorded with a
    /// memento made with it: a stamp of a million strokes costs the main thread no copy.
    /// `memento` must be an incremental memento of a copy of `mark` nobody changes.
    public func markFinished(_ mark: Mark, journaledAs memento: ScribbleMemento) {
        guard mark === pendingMark else { return }
        pendingMark = nil
        journalCommand(.draw(memento))
    }

    /// Replays a journal left by a crash: the saved version it starts from, then each change,
    /// through the history, so the drawing and its undo history come back as they were. The
    /// result is unsaved work. This document's journal starts again from it, and the crashed
    /// session's journal goes once that is written.
    ///
    /// When the saved version is gone or was saved again since (`baseProblem`), the changes
    /// are replayed over stand-ins for its marks — empty strokes, which the changes' indices
    /// count from — and what they drew is kept as a new scribble, without the stand-ins.
    /// - Complexity: O(n) in the journal's marks and vertices.
    public func restore(_ orphan: JournalRecovery.Orphan) {
        let journal = self.journal
        self.journal = nil // the replayed changes are in the old journal until the new one holds them
        if orphan.baseProblem == nil {
            open(orphan.baseMemento.map { Scribble(adopting: $0) } ?? Scribble(), from: orphan.origin, basis: orphan.baseIdentity)
            replay(orphan.records)
        } else {
            let standIns = Scribble()
            for _ in 0..<orphan.baseMarkCount { standIns.add(Stroke()) }
            open(standIns, from: .new)
            replay(orphan.records)
            let drawn = Scribble()
            for mark in scribble.marks where !((mark as? Stroke)?.count == 0) { drawn.add(mark) }
            open(drawn, from: .new)
        }
        self.journal = journal
        journal?.takeOver(orphan.path, keepingCopy: orphan.isDamaged)
        setDirty(true)
        restartJournal() // a snapshot of the restored drawing
    }

    /// Runs the changes of a journal through the history, as they were first made.
    private func replay(_ records: [JournalRecord]) {
        for record in records {
            switch record {
            case .draw(let memento):
                for mark in Scribble(adopting: memento).marks {
                    execute(DrawScribbleCommand(scribble: scribble, mark: mark))
                }
                pendingMark = nil
            case .undo: undo()
            case .redo: redo()
            case .clear: clear()
            case .remove(let indices):
                let (packed, rest) = packedWhole(indices)
                execute(RemoveMarksCommand(scribble: scribble, marks: topLevelMarks(at: rest), takingPacked: packed))
            case .edit(let indices, let edit):
                let (packed, rest) = packedWhole(indices)
                execute(ReplaceMarksCommand(scribble: scribble, marks: topLevelMarks(at: rest), edit: edit, editingPacked: packed))
            case .cut(let indices, let pieceCounts, let memento):
                execute(
                    CutMarksCommand(
                        scribble: scribble, indices: indices, pieceCounts: pieceCounts,
                        pieces: Scribble(adopting: memento).marks))
            case .add(let memento):
                execute(AddMarksCommand(scribble: scribble, marks: Scribble(adopting: memento).marks))
            case .order(let indices, let order):
                execute(ReorderMarksCommand(scribble: scribble, indices: indices, order: order))
            case .clock(let time): scribble.clock.hold(at: time)
            case .base: break
            }
        }
        scribble.clock.release()
        scribble.clock.runOn(from: scribble.historyEnd)
    }

    /// The top-level marks at `indices` (a replayed record's), skipping any out of range.
    private func topLevelMarks(at indices: [Int]) -> [Mark] {
        indices.compactMap(scribble.mark(at:))
    }

    /// Whether a record's `indices` name every packed top-level mark first, as an edit of
    /// them whole does (`Scribble+PackedMarks`): the replay then edits them whole too, with no
    /// object each. The indices left are the rest.
    private func packedWhole(_ indices: [Int]) -> (Bool, [Int]) {
        let count = scribble.packedMarkCount
        guard scribble.editsPackedWhole, indices.count >= count, indices[count - 1] == count - 1,
            indices.prefix(count).elementsEqual(0..<count)
        else { return (false, indices) }
        return (true, Array(indices[count...]))
    }

    /// What a fresh journal starts from: the saved version, or the drawing itself when it has
    /// none to refer to.
    var journalBase: JournalBase {
        switch origin {
        case .gallery(let id) where !isDirty: .gallery(id: id, stamp: nil)
        case .file(let path) where !isDirty: .file(path: path, stamp: nil)
        case .new where scribble.isEmpty: .new
        default: .snapshot(scribble.makeMemento(withHistory: true), origin: origin)
        }
    }

    /// Starts the journal again from the drawing as it is now; a saved version is stamped
    /// from its file on the journal's queue.
    ///
    /// `supersedingOld` is true when the drawing the old journal describes is now saved or
    /// given up (a save, an open, a new scribble): if the new journal cannot be written, the
    /// old one must not be replayed over the new save after a crash, so it goes.
    /// - Complexity: O(1) when the drawing is saved or empty, else O(n) (a snapshot).
    func restartJournal(supersedingOld: Bool = false) {
        guard let journal else { return }
        journalDepth = (0, 0)
        // A stroke in progress is in the base as far as it goes (saved mid-stroke, or in a
        // snapshot): recording it again when it ends would draw it twice.
        pendingMark = nil
        // While the drawing is opening it cannot change: the journal holds nothing until it is
        // whole (`finishOpening` restarts it from the file), so a crash offers nothing back.
        let base = isOpening ? .new : journalBase
        let basePath: String? =
            switch base {
            case .gallery(let id, _): manager.scribblePath(id)
            case .file(let path, _): path
            case .new, .snapshot: nil
            }
        journal.restart(from: base, basePath: basePath, markCount: isOpening ? 0 : scribble.root.count, supersedingOld: supersedingOld)
    }

    /// Records an undo or redo just done, if a replay can do it too; one that reaches past
    /// the journal's start (an undo of what was saved before it) restarts the journal from
    /// the drawing as it now is.
    func journalStep(_ step: JournalRecord) {
        guard journal != nil else { return }
        switch step {
        case .undo where journalDepth.undo > 0:
            journalDepth = (journalDepth.undo - 1, journalDepth.redo + 1)
            record(.undo)
        case .redo where journalDepth.redo > 0:
            journalDepth = (journalDepth.undo + 1, journalDepth.redo - 1)
            record(.redo)
        default:
            restartJournal()
        }
    }

    /// Records a new command (a finished mark, a clear): one more step a replay can undo,
    /// none left to redo.
    private func journalCommand(_ record: JournalRecord) {
        guard journal != nil else { return }
        journalDepth = (min(journalDepth.undo + 1, history.undoCount), 0)
        self.record(record)
    }

    /// Records a command run through the history: a drawn mark waits until it is finished.
    func journal(_ command: Command) {
        if let draw = command as? DrawScribbleCommand {
            pendingMark = draw.mark
        } else if let journaled = command as? JournaledCommand {
            journalCommand(journaled.journalRecord)
        }
    }

    /// Records the mark being drawn now, before another change comes after it: as the
    /// originator's incremental memento (book chapter 23). Every change journals the pending
    /// mark first, so it is still the mark on top; were it not, it is kept alone all the same.
    func journalPendingMark() {
        guard let mark = pendingMark else { return }
        pendingMark = nil
        let memento = scribble.isOnTop(mark) ? scribble.makeMemento(complete: false) : Scribble.incrementalMemento(of: mark)
        journalCommand(.draw(memento))
    }

    /// Hands `record` to the journal's queue, after the time it is made at when it takes
    /// marks off or makes marks by an edit (a drawn mark carries its own times).
    func record(_ record: JournalRecord) {
        guard let journal else { return }
        switch record {
        case .base, .draw, .clock: journal.append(record)
        default: journal.append([.clock(scribble.clock.now), record])
        }
    }
}
