/// Saving and restoring a scribble through mementos (book chapter 23): the scribble is the
/// memento's originator, the only one besides the memento that sees its contents.
extension Scribble {
    /// A snapshot of the drawing — the whole tree when `complete`, else only the last
    /// top-level mark — and the title (and, complete, the view). Later drawing does not change it.
    /// - Complexity: O(n) in the marks and vertices copied.
    public func makeMemento(complete: Bool = true) -> ScribbleMemento {
        let saved: Stroke
        if complete {
            saved = ScribbleMemento.snapshot(of: root)
        } else {
            saved = Stroke(color: root.color, size: root.size)
            switch root.elements.last {
            case .vertex(let point): saved.append(ScribbleMemento.finite(point))
            case .mark(let mark): ScribbleMemento.snapshot(ofChild: mark, depth: 1).map(saved.add)
            case nil: break
            }
        }
        return ScribbleMemento(root: saved, isComplete: complete, title: title, view: view)
    }

    /// Makes a scribble holding `memento`'s state (for an incremental one, just its mark).
    /// - Complexity: O(n) in the memento's marks and vertices.
    public convenience init(memento: ScribbleMemento) {
        self.init()
        attachState(from: memento)
    }

    /// Makes a scribble that takes over `memento`'s tree instead of copying it — only for a
    /// memento nobody else holds, such as one just decoded from a file. Same result as
    /// `init(memento:)`, without the second copy.
    /// - Complexity: O(1).
    public convenience init(adopting memento: ScribbleMemento) {
        self.init(root: memento.root)
        if memento.isComplete { (title, view) = (memento.title, memento.view) }
    }

    /// Restores `memento`: a complete one replaces the whole drawing and the title (observers
    /// hear one `.reset`); an incremental one adds its mark on top. The memento stays as it was.
    /// - Complexity: O(n) in the memento's marks and vertices.
    public func attachState(from memento: ScribbleMemento) {
        let copy = ScribbleMemento.snapshot(of: memento.root)
        let marks = (0..<copy.count).compactMap { copy.child(at: $0) }
        if memento.isComplete {
            (title, view) = (memento.title, memento.view)
            replaceAll(with: marks)
        } else {
            marks.forEach(add)
        }
    }
}

extension ScribbleMemento {
    /// An incremental memento of `mark` alone (a deep copy): what the journal records for a
    /// finished mark. - Complexity: O(n) in the mark's vertices.
    public static func incremental(of mark: Mark) -> ScribbleMemento {
        let saved = Stroke() // the root a new scribble has
        ScribbleMemento.snapshot(ofChild: mark, depth: 1).map(saved.add)
        return ScribbleMemento(root: saved, isComplete: false, title: nil)
    }
}
