/// What a journal starts from: the saved version the changes apply to.
public enum JournalBase: Sendable {
    /// A new, never-saved scribble: the changes start from an empty canvas.
    case new
    /// The gallery entry `id`, as last saved: `stamp` tells that version from any later one
    /// (`nil` in journals from before stamps, and until the journal has read it).
    case gallery(id: String, stamp: BaseStamp?)
    /// The file at `path`, as last saved, told from later versions by `stamp`.
    case file(path: String, stamp: BaseStamp?)
    /// A drawing kept whole in the journal itself (a complete memento), kept at `origin`:
    /// for a new scribble with marks, one whose saved version is gone (its gallery entry was
    /// deleted while it was open), and an undo or redo reaching past the journal's start.
    case snapshot(ScribbleMemento, origin: DocumentOrigin)
}

/// One step of a journal (book chapter 23): an incremental memento for each finished mark,
/// and a record for each other thing the history does. Replaying them in order on the base
/// rebuilds the drawing and its undo history.
public enum JournalRecord: Sendable {
    /// Where the changes start; the first record of every journal.
    case base(JournalBase)
    /// A finished mark added on top (an incremental memento: that mark only).
    case draw(ScribbleMemento)
    /// The last command undone.
    case undo
    /// The last undone command redone.
    case redo
    /// The canvas wiped for a new scribble (Delete, Ctrl+N).
    case clear
    /// Top-level marks taken off (eraser, Delete on a selection), by their indices in the
    /// drawing before any of them went, ascending.
    case remove(indices: [Int])
    /// Top-level marks, by index, replaced by edited copies (moved, recoloured, scaled, rotated).
    case edit(indices: [Int], ReplaceMarksCommand.Edit)
    /// Top-level marks, by their indices in the drawing before any of them was cut
    /// (ascending), each replaced by `pieceCounts[i]` of the marks the memento holds, in
    /// order: what the eraser left of them (`CutMarksCommand`).
    case cut(indices: [Int], pieceCounts: [Int], ScribbleMemento)
    /// Marks put on top as one step (pasted, duplicated): a complete memento of them, in order.
    case add(ScribbleMemento)
    /// Top-level marks, by index (ascending), moved in the drawing order (`ReorderMarksCommand`).
    case order(indices: [Int], ReorderMarksCommand.Order)
    /// The time on the scribble's clock (milliseconds) when the next record was made: what
    /// an undo, an erasure or an edit took off the drawing went at that time, and what an
    /// edit made appears then, in a replay of the restored scribble.
    case clock(Int64)
}

/// A command the journal records as itself (other than drawing a mark, which the document
/// records when the mark is finished).
protocol JournaledCommand {
    /// The record that replays the command.
    var journalRecord: JournalRecord { get }
}
