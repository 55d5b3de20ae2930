import ScribbleKit

/// The palette's change to the selected marks' colour or width (issue 26): shown on the
/// canvas live as a slider moves, and recorded as one undo step when the change is done —
/// a whole slider drag, a swatch, a hex colour — through `ReplaceMarksCommand`, so it is
/// journaled like any edit. Marks are never changed in place: edited copies take their
/// originals' places (`Scribble.replace`), and undo puts the originals back.
@MainActor
final class SelectionStyleEdit {
    private let document: Document
    private let selection: Selection
    /// The marks as they were before the change under way; empty when none is.
    private var originals: [Mark] = []
    /// The edited copies on the canvas now.
    private var shown: [Mark] = []
    /// Whether the change under way recolours the packed marks selected whole (Select All on
    /// a drawing of many), in place, with no object each; and their values before it.
    private var editsPacked = false
    private var packedOriginals: PackedValues?
    private var color: Color?
    private var size: Float?

    /// An edit of `selection`'s marks on `document`'s drawing.
    init(document: Document, selection: Selection) {
        self.document = document
        self.selection = selection
    }

    /// Whether a change is shown but not yet recorded.
    var isPending: Bool { !originals.isEmpty || editsPacked }

    /// How many marks are selected. (The canvas prunes marks that left it from the
    /// selection, so this is asked per motion event of a move without a walk of the drawing.)
    var selectedCount: Int { selection.count }

    /// The colour and width of the first selected mark that has them (a group's are its
    /// first part's): what the palette shows for the selection; `nil` with nothing selected.
    var selectedStyle: (color: Color, size: Float)? {
        // Packed marks selected whole come first in the drawing; read where they lie.
        var style = selection.firstPackedStyle
        for mark in selection.pickedMarks where style == nil {
            mark.enumerateMarks { part, stop in
                guard let color = part.color else { return }
                style = (color, part.size)
                stop = true
            }
        }
        return style
    }

    /// Shows the selected marks in `color` and at `size` (each left as it is when `nil`,
    /// or as an earlier call of this change set it), without recording an undo step yet.
    func show(color: Color? = nil, size: Float? = nil) {
        if !isPending {
            selection.prune(on: document.scribble)
            originals = selection.pickedMarks
            shown = originals
            editsPacked = selection.selectsPacked
        }
        guard isPending else { return }
        self.color = color ?? self.color
        self.size = size ?? self.size
        let edited = originals.map { $0.restyled(color: self.color, size: self.size) }
        let scribble = document.scribble
        for (old, new) in zip(shown, edited) { scribble.replace(old, with: new) }
        shown = edited
        if editsPacked { packedOriginals = scribble.showPacked(editedBy: .restyle(color: self.color, size: self.size), from: packedOriginals) }
        selection.set(edited, keepingPackedOf: scribble)
    }

    /// Records the change shown as one undo step (nothing if it changed nothing), and
    /// starts afresh for the next.
    func commit() {
        defer { originals = []; shown = []; color = nil; size = nil; editsPacked = false; packedOriginals = nil }
        guard isPending, shown.allSatisfy(document.scribble.isOnCanvas) else { return }
        let scribble = document.scribble
        guard
            zip(originals, shown).contains(where: { Self.style(of: $0) != Self.style(of: $1) })
                || packedOriginals?.haveTheStyles(of: scribble) == false
        else {
            // A no-op: the originals go back, no step.
            for (original, copy) in zip(originals, shown) { scribble.replace(copy, with: original) }
            if let packedOriginals { scribble.restorePacked(packedOriginals) }
            selection.set(originals, keepingPackedOf: scribble)
            return
        }
        document.commit(
            ReplaceMarksCommand(
                scribble: scribble, originals: originals, edited: shown, edit: .restyle(color: color, size: size),
                packedOriginals: packedOriginals))
    }

    /// Every part's colour and width, in post-order: equal when a restyle changed nothing.
    private static func style(of mark: Mark) -> [Float] {
        var parts: [Float] = []
        mark.enumerateMarks { part, _ in
            guard let color = part.color else { return }
            parts += [Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha), part.size]
        }
        return parts
    }
}
