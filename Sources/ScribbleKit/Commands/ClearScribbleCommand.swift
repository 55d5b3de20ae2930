/// Clears a scribble (the Delete action) in a way that undo can take back, with the
/// marks restored in their drawing order.
public final class ClearScribbleCommand: Command {
    /// The scribble this command clears.
    let scribble: Scribble
    /// The marks the last `execute()` removed, in drawing order.
    private var removed: [Mark] = []

    /// Prepares to clear `scribble`; nothing changes until `execute()`.
    public init(scribble: Scribble) {
        self.scribble = scribble
    }

    /// Removes every top-level mark, remembering them for undo.
    public func execute() {
        removed = scribble.removeAll()
    }

    /// Puts the removed marks back underneath anything drawn since (normally nothing, as
    /// the history undoes later commands first).
    public func undo() {
        guard !removed.isEmpty else { return }
        scribble.replaceAll(with: removed + scribble.marks)
        removed = []
    }
}
