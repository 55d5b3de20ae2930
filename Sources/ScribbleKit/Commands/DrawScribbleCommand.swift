/// Puts one new top-level mark (a stroke or a dot) on a scribble, so that every mark the
/// user draws can be undone and redone as one step.
public final class DrawScribbleCommand: Command {
    /// The scribble the mark goes on.
    let scribble: Scribble
    /// The mark this command draws.
    let mark: Mark

    /// Prepares to draw `mark` on `scribble`; nothing changes until `execute()`.
    public init(scribble: Scribble, mark: Mark) {
        self.scribble = scribble
        self.mark = mark
    }

    /// Adds the mark on top of the drawing; does nothing if it is already there, so a
    /// repeated execute never shows the same mark twice.
    public func execute() {
        guard !scribble.isOnCanvas(mark) else { return }
        scribble.add(mark)
    }

    /// Takes the mark off the drawing; a mark that is not there is left alone.
    public func undo() {
        scribble.remove(mark)
    }
}
