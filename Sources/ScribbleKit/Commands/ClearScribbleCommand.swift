/// Clears a scribble (the Delete action) in a way that undo can take back, with the
/// marks restored in their drawing order.
///
/// A drawing of many packed marks (`Scribble.editsPackedWhole`: a file of a million ticks)
/// has them taken off whole and put back whole on undo, so none becomes an object.
public final class ClearScribbleCommand: Command {
    /// The scribble this command clears.
    let scribble: Scribble
    /// The marks the last `execute()` removed, in drawing order (but the packed ones taken whole).
    private var removed: [Mark] = []
    /// The packed marks the last `execute()` took off whole: they lay below `removed`.
    private var removedPacked: PackedChildren?

    /// Prepares to clear `scribble`; nothing changes until `execute()`.
    public init(scribble: Scribble) {
        self.scribble = scribble
    }

    /// Removes every top-level mark, remembering them for undo.
    public func execute() {
        if scribble.editsPackedWhole { removedPacked = scribble.takePacked() }
        removed = scribble.removeAll()
    }

    /// Puts the removed marks back underneath anything drawn since (normally nothing, as
    /// the history undoes later commands first).
    public func undo() {
        if !removed.isEmpty {
            scribble.replaceAll(with: removed + scribble.marks)
            removed = []
        }
        if let packed = removedPacked {
            removedPacked = nil // the drawing's own again
            scribble.restorePacked(packed)
        }
    }
}
