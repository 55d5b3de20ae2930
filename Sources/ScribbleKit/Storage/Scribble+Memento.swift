/// Saving and restoring a scribble through mementos (book chapter 23): the scribble is the
/// memento's originator, the only one besides the memento that sees its contents.
extension Scribble {
    /// A snapshot of the drawing — the whole tree when `complete`, else only the last
    /// top-level mark — and the title (and, complete, the view). Later drawing does not change it.
    /// `withHistory` (a save, a journal's snapshot) keeps the replay's log too: the marks
    /// taken off, copied, and when each went and came back (`RemovalHistory`); an export, a
    /// thumbnail or a template needs only the drawing.
    /// - Complexity: O(n) in the marks and vertices copied.
    public func makeMemento(complete: Bool = true, withHistory: Bool = false) -> ScribbleMemento {
        let saved: Stroke
        if complete {
            saved = ScribbleMemento.snapshot(of: root)
        } else {
            saved = Stroke(color: root.color, size: root.size)
            switch root.storedElements.last { // a packed stroke's, made for the copy
            case .vertex(let point): saved.append(ScribbleMemento.finite(point))
            case .mark(let mark): ScribbleMemento.snapshot(ofChild: mark, depth: 1).map(saved.add)
            case nil: break
            }
        }
        let history = complete && withHistory ? log.removalHistory(drawing: root, stored: saved) : nil
        return ScribbleMemento(root: saved, isComplete: complete, title: title, view: view, history: history)
    }

    /// Makes a scribble holding `memento`'s state (for an incremental one, just its mark).
    /// - Complexity: O(n) in the memento's marks and vertices.
    public convenience init(memento: ScribbleMemento) {
        self.init()
        attachState(from: memento)
    }

    /// Makes a scribble that takes over `memento`'s tree (and the marks it keeps as taken
    /// off) instead of copying it — only for a memento nobody else holds, such as one just
    /// decoded from a file. Same result as `init(memento:)`, without the second copy.
    /// - Complexity: O(1).
    public convenience init(adopting memento: ScribbleMemento) {
        self.init(root: Self.drawing(of: memento))
        if memento.isComplete { (title, view) = (memento.title, memento.view) }
        if let history = Self.history(of: memento) { log = ReplayLog(history: history, drawing: root) }
    }

    /// Puts the marks of `rest` on top, taking them over without a copy: the rest of a
    /// drawing opened in two steps (`ScribbleRest.read()`), a memento nobody else holds.
    /// What the file keeps of the marks taken off (version 5) is restored then, over the
    /// whole drawing, whose marks its entries name by place (the first part alone keeps no
    /// log). Observers hear one `.reset`; the marks get no times here (a document starts
    /// keeping time once its drawing is whole).
    /// - Complexity: O(the rest's top-level marks), plus the log's entries.
    public func adoptRest(of rest: ScribbleMemento) {
        let holder = Self.drawing(of: rest), adds = holder.count > 0
        if adds {
            root.reserveRoom(forChildren: root.count + holder.count)
            root.adopt(holder.elements)
            holder.removeAll()
        }
        if let history = Self.history(of: rest) { log = ReplayLog(history: history, drawing: root) }
        if adds { notify(.reset, dirty: root.bounds) }
    }

    /// Restores `memento`: a complete one replaces the whole drawing, the title and, if it
    /// keeps one, the replay's log (observers hear one `.reset`); an incremental one adds its
    /// mark on top. The memento stays as it was.
    /// - Complexity: O(n) in the memento's marks and vertices.
    public func attachState(from memento: ScribbleMemento) {
        let copy = ScribbleMemento.snapshot(of: Self.drawing(of: memento))
        let marks = (0..<copy.count).compactMap { copy.child(at: $0) }
        if memento.isComplete {
            (title, view) = (memento.title, memento.view)
            replaceAll(with: marks)
            if let history = Self.history(of: memento) {
                let gone = ScribbleMemento.snapshot(of: history.gone)
                log = ReplayLog(history: RemovalHistory(gone: gone, entries: history.entries), drawing: root)
            }
        } else {
            marks.forEach(add)
        }
    }
}

extension Scribble {
    /// Whether `mark` is the top-level mark on top: the one `makeMemento(complete: false)` keeps.
    /// - Complexity: O(1).
    public func isOnTop(_ mark: Mark) -> Bool {
        guard case .mark(let top) = root.storedElements.lastUnpacked else { return false }
        return top === mark
    }

    /// An incremental memento of `mark` alone (a deep copy), made by an originator holding
    /// just that mark: for a mark finished away from the drawing (a stamp copied off the main
    /// thread). Marks drawn on the scribble are journaled with `makeMemento(complete: false)`.
    /// - Complexity: O(n) in the mark's vertices.
    public static func incrementalMemento(of mark: Mark) -> ScribbleMemento {
        let holder = Stroke() // the root a new scribble has; the mark stays where it is
        holder.add(mark)
        return Scribble(root: holder).makeMemento(complete: false)
    }
}
