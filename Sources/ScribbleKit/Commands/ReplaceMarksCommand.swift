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

        /// The edited copy of a packed mark, by value: what `applied(to:)` makes of the stroke
        /// it stands for.
        func applied(to packed: PackedStroke) -> PackedStroke {
            switch self {
            case .move(let dx, let dy): packed.transformed(AffineTransform.translation(dx: Double(dx), dy: Double(dy)).apply, widthScale: 1)
            case .restyle(let color, let size): packed.restyled(color: color, size: size)
            case .transform(let t): packed.transformed(t.apply, widthScale: t.isTranslation ? 1 : Float(t.lengthScale))
            }
        }
    }

    /// The scribble the marks are on.
    let scribble: Scribble
    /// The edit made.
    public let edit: Edit
    /// Each original mark and the copy that takes its place.
    public let pairs: [(original: Mark, edited: Mark)]
    /// With the packed top-level marks edited whole (Select All on a drawing of many:
    /// `Scribble+PackedMarks`), their values off show — the edited ones before `execute()`
    /// and after `undo()`, the originals in between — and how many there are.
    private var packedOffShow: PackedChildren?
    private let packedCount: Int

    /// Prepares `edit` on `marks` (top-level marks of `scribble`) and, with `editingPacked`,
    /// on every packed top-level mark whole, without an object each: the edited copies are
    /// made now, nothing changes until `execute()`.
    public init(scribble: Scribble, marks: [Mark], edit: Edit, editingPacked: Bool = false) {
        self.scribble = scribble
        self.edit = edit
        pairs = marks.map { ($0, edit.applied(to: $0)) }
        let packedCount = editingPacked ? scribble.packedMarkCount : 0
        packedOffShow = packedCount == 0 ? nil : scribble.editedPacked(by: edit)
        self.packedCount = packedCount
    }

    /// Records an edit already on show: `edited[i]` took `originals[i]`'s place while a
    /// gesture went on (a drag moving the selection); for `Document.commit`.
    public convenience init(scribble: Scribble, originals: [Mark], edited: [Mark], edit: Edit) {
        self.init(scribble: scribble, originals: originals, edited: edited, edit: edit, packedOriginals: nil as PackedValues?)
    }

    /// Records an edit already on show, as `init(scribble:originals:edited:edit:)` does, that
    /// also put edited values in place of the packed top-level marks whole
    /// (`Scribble.swapPacked`), which were `packedOriginals`.
    public init(scribble: Scribble, originals: [Mark], edited: [Mark], edit: Edit, packedOriginals: PackedValues?) {
        self.scribble = scribble
        self.edit = edit
        pairs = Array(zip(originals, edited))
        packedOffShow = packedOriginals?.children
        packedCount = packedOffShow?.strokes.count ?? 0
        isShown = true
    }

    /// Whether the edit is on show (the packed values off show are the originals).
    private var isShown = false

    /// Puts the packed values off show in place of those on show, which go off show.
    private func swapPacked() {
        guard let packed = packedOffShow else { return }
        packedOffShow = nil // so the drawing's own are changed in place
        packedOffShow = scribble.swapPacked(packed)
    }

    /// The edited copies, in the order the marks were given.
    public var editedMarks: [Mark] { pairs.map(\.edited) }

    /// Shows the edited copies.
    public func execute() {
        scribble.replace(pairs.map { (old: $0.original, new: $0.edited) })
        if !isShown { swapPacked() }
        isShown = true
    }

    /// Puts the originals back.
    public func undo() {
        scribble.replace(pairs.map { (old: $0.edited, new: $0.original) })
        if isShown { swapPacked() }
        isShown = false
    }
}

extension ReplaceMarksCommand: JournaledCommand {
    /// The marks' indices (the same before and after: copies take their originals' places) and the edit.
    /// - Complexity: O(top-level marks + pairs).
    var journalRecord: JournalRecord {
        let indices = scribble.indicesByIdentity()
        let marks = pairs.compactMap { indices[ObjectIdentifier($0.edited)] ?? indices[ObjectIdentifier($0.original)] }
        return .edit(indices: packedCount == 0 ? marks : Array(0..<packedCount) + marks, edit)
    }
}
