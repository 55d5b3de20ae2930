/// Puts another version of the drawing in place of this one — the version another computer
/// or window saved to the same file — as one undo step, so the marks it replaced come back
/// with Undo (book chapter 20: commands that can be undone keep what they remove).
public final class ReloadScribbleCommand: Command {
    /// The scribble whose marks are replaced.
    let scribble: Scribble
    /// The other version's marks.
    private let arriving: [Mark]
    /// The marks replaced, while the command is done.
    private var replaced: [Mark] = []

    /// Prepares to replace `scribble`'s marks with `marks`; nothing changes until `execute()`.
    public init(scribble: Scribble, marks: [Mark]) {
        self.scribble = scribble
        arriving = marks
    }

    /// Puts the other version's marks in place, keeping the replaced ones for undo.
    public func execute() {
        replaced = scribble.marks
        scribble.replaceAll(with: arriving)
    }

    /// Puts the replaced marks back.
    public func undo() {
        scribble.replaceAll(with: replaced)
        replaced = []
    }
}
