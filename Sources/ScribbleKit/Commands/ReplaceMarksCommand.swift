/// Puts edited copies in place of top-level marks — moved, scaled or rotated by the select
/// tool, recoloured by the palette — as one undo step. Undo puts the untouched originals
/// back, so nothing drifts. The copies are made by the edit Visitors (`TransformVisitor`,
/// `StyleVisitor`; book §15.4), so the marks' classes know no edit.
public final class ReplaceMarksCommand: Command {
    /// What the edit was, for the journal.
    public enum Edit: Sendable, Equatable {
        /// Moved by (`dx`, `dy`).
        case move(dx: Float, dy: Float)
        /// Colour and width set where given.
        case restyle(color: Color?, size: Float?)
        /// Scaled, rotated (and moved) by an affine transform: the selection's handles.
        case transform(AffineTransform)

        /// The edited copy of `mark`, made by the Visitor for the edit.
        /// - Complexity: O(the mark's vertices).
        public func applied(to mark: Mark) -> Mark {
            switch self {
            case .move(let dx, let dy): mark.translated(dx: dx, dy: dy)
            case .restyle(let color, let size): mark.restyled(color: color, size: size)
            case .transform(let transform): mark.transformed(by: transform)
            }
        }
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
        pairs = marks.map { ($0, edit.applied(to: $0)) }
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
        scribble.replace(pairs.map { (old: $0.original, new: $0.edited) })
    }

    /// Puts the originals back.
    public func undo() {
        scribble.replace(pairs.map { (old: $0.edited, new: $0.original) })
    }
}

extension ReplaceMarksCommand: JournaledCommand {
    /// The marks' indices (the same before and after: copies take their originals' places) and the edit.
    /// - Complexity: O(top-level marks + pairs).
    var journalRecord: JournalRecord {
        let indices = scribble.indicesByIdentity()
        return .edit(indices: pairs.compactMap { indices[ObjectIdentifier($0.edited)] ?? indices[ObjectIdentifier($0.original)] }, edit)
    }
}
