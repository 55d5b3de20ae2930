/// Puts new top-level marks on top of the drawing as one undo step: marks pasted, or a
/// selection duplicated. Undo takes them all off again.
public final class AddMarksCommand: Command {
    /// The scribble the marks go on.
    let scribble: Scribble
    /// The marks added, in drawing order (the first lowest).
    public let marks: [Mark]

    /// Prepares to add `marks` (fresh copies nobody else holds); nothing changes until `execute()`.
    public init(scribble: Scribble, marks: [Mark]) {
        self.scribble = scribble
        self.marks = marks
        marks.forEach { $0.clearTimes() } // they appear at the time they are added
    }

    /// Adds the marks on top, with one notification; does nothing if they are there already.
    public func execute() {
        guard let first = marks.first, !scribble.isOnCanvas(first) else { return }
        scribble.replaceMarks(at: scribble.root.count, count: 0, with: marks)
    }

    /// Takes the marks off again, with one notification.
    /// - Complexity: O(top-level marks).
    public func undo() {
        let indices = scribble.indicesByIdentity()
        scribble.replaceMarks(marks.compactMap { indices[ObjectIdentifier($0)] }.map { ($0, 1, []) })
    }
}

extension AddMarksCommand: JournaledCommand {
    /// A complete memento of the marks added, which a replay puts on top.
    var journalRecord: JournalRecord { .add(ScribbleMemento(marks: marks)) }
}
