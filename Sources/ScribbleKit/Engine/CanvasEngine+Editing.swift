/// The selection's edits, toolkit-free: each is one undo step through the document, journaled
/// like any other; new copies are made by the `TransformVisitor` (book §15.4). The app's keys,
/// menus and clipboard call these; what they change reaches the view through `onUpdate`.
extension CanvasEngine {
    /// How far a duplicate lands from its original, canvas pixels.
    public static let duplicateOffset: Float = 16

    /// The selected marks still on the drawing, in drawing order (the packed ticks of a big
    /// file as marks); empty with none.
    public func selectedMarks() -> [Mark] {
        selection.prune(on: document.scribble)
        return selection.inDrawingOrder(on: document.scribble)
    }

    /// Puts `marks` on top as one undo step and selects them (the gesture under way ends first).
    public func add(_ marks: [Mark]) {
        tools.endGesture()
        document.execute(AddMarksCommand(scribble: document.scribble, marks: marks))
        selection.set(marks)
    }

    /// Moves the selection in the drawing order, as one undo step.
    public func reorderSelection(_ order: ReorderMarksCommand.Order) {
        selection.prune(on: document.scribble)
        // Every mark selected (Select All, nothing locked): nothing moves, and the ticks of a
        // big file selected whole need not become objects to find that out.
        guard !selection.isEmpty, selection.count < document.scribble.root.count else { return }
        let command = ReorderMarksCommand(scribble: document.scribble, marks: selection.marks, order: order)
        guard !command.isEmpty else { return }
        document.execute(command)
    }

    /// Removes the selected marks, as one undo step.
    public func deleteSelection() {
        selection.prune(on: document.scribble)
        guard !selection.isEmpty else { return }
        document.execute(
            RemoveMarksCommand(scribble: document.scribble, marks: selection.pickedMarks, takingPacked: selection.selectsPacked))
        selection.clear()
    }

    /// Moves the selected marks by (`dx`, `dy`), as one undo step.
    public func moveSelection(dx: Float, dy: Float) {
        selection.prune(on: document.scribble)
        guard !selection.isEmpty else { return }
        let command = ReplaceMarksCommand(
            scribble: document.scribble, marks: selection.pickedMarks, edit: .move(dx: dx, dy: dy), editingPacked: selection.selectsPacked)
        document.execute(command)
        selection.set(command.editedMarks, keepingPackedOf: document.scribble)
    }
}
