/// Puts edited copies in place of top-level marks — moved by the select tool, recoloured by
/// the palette — as one undo step. Undo puts the untouched originals back, so nothing drifts.
public final class ReplaceMarksCommand: Command {
    /// What the edit was, for the journal.
    public enum Edit: Sendable, Equatable {
        /// Moved by (`dx`, `dy`).
        case move(dx: Float, dy: Float)
        /// Colour and width set where given.
        case restyle(color: Color?, size: Float?)
    }

    /// The scribble the marks are on.
    let scribble: Scribble
    /// The edit made.
    public let edit: Edit
    /// Each original mark and the copy that takes its place.
    public let pairs: [(original: Mark, edited: Mark)]

    /// Prepares `edit` on `marks` (top-level marks of `scribble`): the edited copies are made
    /// now, nothing changes until `execute()`.
    public init(scribble: Scribble, marks: [Mark], edit: Edit) {
        self.scribble = scribble
        self.edit = edit
        pairs = marks.map { original in
            switch edit {
            case .move(let dx, let dy): (original, original.translated(dx: dx, dy: dy))
            case .restyle(let color, let size): (original, original.restyled(color: color, size: size))
            }
        }
    }

    /// Records an edit already on show: `edited[i]` took `originals[i]`'s place while a
    /// gesture went on (a drag moving the selection); for `Document.commit`.
    public init(scribble: Scribble, originals: [Mark], edited: [Mark], edit: Edit) {
        self.scribble = scribble
        self.edit = edit
        pairs = Array(zip(originals, edited))
    }

    /// The edited copies, in the order the marks were given.
    public var editedMarks: [Mark] { pairs.map(\.edited) }

    /// Shows the edited copies.
    public func execute() {
        for pair in pairs { scribble.replace(pair.original, with: pair.edited) }
    }

    /// Puts the originals back.
    public func undo() {
        for pair in pairs { scribble.replace(pair.edited, with: pair.original) }
    }
}

extension ReplaceMarksCommand: JournaledCommand {
    /// The marks' indices (the same before and after: copies take their originals' places) and the edit.
    var journalRecord: JournalRecord {
        .edit(indices: pairs.compactMap { scribble.index(of: $0.edited) ?? scribble.index(of: $0.original) }, edit)
    }
}
