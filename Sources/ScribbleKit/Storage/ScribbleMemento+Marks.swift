extension ScribbleMemento {
    /// A complete memento holding deep copies of `marks` as its top-level marks, in order:
    /// marks copied to the clipboard, added by a paste (its journal record), kept apart.
    /// - Complexity: O(the marks' vertices).
    public init(marks: [Mark]) {
        let group = Stroke()
        marks.forEach(group.add)
        self.init(root: Self.snapshot(of: group), isComplete: true, title: nil)
    }
}
