/// The model the canvas shows (book chapters 2 and 23): a root `Stroke` whose children are
/// the top-level strokes and dots in drawing order. Every change goes through its methods,
/// which tell the observers what changed and which area it touched (Observer).
public final class Scribble {
    /// The root of the mark tree. Change it only through the scribble's methods, or
    /// observers will not hear of it.
    public let root: Stroke
    var observers: [WeakObserver] = []
    /// The scribble's name, shown in the window title and the gallery; saved in its mementos.
    public var title: String?
    /// What the scribble was last seen at, saved with it; `nil` for a new scribble's view.
    /// Changing it tells no observer and is not a change to the drawing.
    public var view: SavedCamera?
    /// The clock the marks' times are measured on: a mark put on the scribble without times
    /// takes the time it shows (see `Scribble+Times`), once it keeps time.
    public var clock = ScribbleClock()
    /// Whether the scribble times its marks and logs what is taken off, for a replay: a
    /// document's does (`startKeepingTime()`); a scribble made in code, a clipboard's or a
    /// replay's own does not.
    public internal(set) var keepsTime = false
    /// The marks taken off and put back, with when, for a replay.
    public internal(set) var log = ReplayLog()

    /// Makes an empty scribble.
    public init() {
        root = Stroke()
    }

    /// Makes a scribble over an existing tree (a loaded file, a copy).
    public init(root: Stroke) {
        self.root = root
    }

    /// The top-level marks in drawing order.
    public var marks: [Mark] { (0..<root.count).compactMap { root.child(at: $0) } }

    /// True when nothing is drawn.
    public var isEmpty: Bool { root.count == 0 }

    /// Adds a top-level mark at the end (on top).
    public func add(_ mark: Mark) {
        timeNew(mark)
        root.add(mark)
        notify(.added(mark), dirty: mark.bounds)
    }

    /// Inserts a top-level mark at `index`, putting a removed mark back in its place.
    public func insert(_ mark: Mark, at index: Int) {
        timeNew(mark)
        root.insert(mark, at: index)
        notify(.added(mark), dirty: mark.bounds)
    }

    /// Removes a top-level mark; the root itself or a mark that is not there does nothing.
    public func remove(_ mark: Mark) {
        guard mark !== root, root.index(of: mark) != nil else { return }
        noteRemoved(CollectionOfOne(mark))
        root.remove(mark)
        notify(.removed(mark), dirty: mark.bounds)
    }

    /// Puts `replacement` where the top-level mark `mark` is, at the same index; a mark that
    /// is not there does nothing.
    public func replace(_ mark: Mark, with replacement: Mark) {
        guard let index = root.index(of: mark) else { return }
        noteRemoved(CollectionOfOne(mark))
        timeNew(replacement)
        root.replaceChild(at: index, with: replacement)
        notify(.replaced([mark], by: [replacement]), dirty: mark.bounds.union(replacement.bounds))
    }

    /// Puts each pair's `new` where its `old` (a top-level mark) is, with one notification: an
    /// undo or redo of a drag that turned ten thousand marks finds them all in one pass, not
    /// one pass each. Pairs whose mark is not there are skipped.
    /// - Complexity: O(top-level marks + pairs), plus the marks' bounds.
    public func replace(_ pairs: [(old: Mark, new: Mark)]) {
        guard pairs.count > 1 else {
            if let pair = pairs.first { replace(pair.old, with: pair.new) }
            return
        }
        let found = zip(indices(of: pairs.map(\.old)), pairs).compactMap { index, pair in index.map { (index: $0, pair: pair) } }
        guard !found.isEmpty else { return }
        noteRemoved(found.lazy.map(\.pair.old))
        for entry in found { timeNew(entry.pair.new) }
        let replaced = root.replaceChildMarks(at: found.map(\.index), with: found.map(\.pair.new))
        let dirty = replaced.reduce(Rect.null) { $0.union($1.old.bounds).union($1.new.bounds) }
        notify(.replaced(replaced.map(\.old), by: replaced.map(\.new)), dirty: dirty)
    }

    /// Puts `replacements` in place of the `count` top-level marks from `index` on — the
    /// pieces an eraser left of a mark, or the mark again on undo — with one notification
    /// for `dirty`, the area whose look changed (by default everything the old and new marks
    /// cover). A range that is not all on the canvas does nothing.
    /// - Complexity: O(top-level marks), plus the marks' bounds when `dirty` is not given.
    public func replaceMarks(at index: Int, count: Int, with replacements: [Mark], dirty: Rect? = nil) {
        replaceMarks([(index, count, replacements)], dirty: dirty)
    }

    /// Replaces several runs of top-level marks at once — all the marks one eraser step cut —
    /// with one notification, so the canvas repaints once: each run's `count` marks from its
    /// `index` on (indices as they are before any run is replaced; runs must not overlap)
    /// give way to its `marks`. A run that is not all on the canvas is skipped.
    /// - Complexity: O(top-level marks × runs), plus the marks' bounds when `dirty` is not given.
    public func replaceMarks(_ runs: [(index: Int, count: Int, marks: [Mark])], dirty: Rect? = nil) {
        replaceMarks(runs, dirty: dirty, loggingUpward: false)
    }

    /// `replaceMarks(_:dirty:)`, the replay's log hearing of each run's marks from the bottom
    /// run up when `loggingUpward` (as marks taken off or put back one at a time, lowest
    /// first, were), else from the top down (as runs once replaced one at a time were), and
    /// of the marks taken off in the order `removing` gives when it is not `nil`.
    /// - Complexity: O(top-level marks + runs' marks), plus the marks' bounds when `dirty` is not given.
    func replaceMarks(
        _ runs: [(index: Int, count: Int, marks: [Mark])], dirty: Rect?, loggingUpward: Bool, removing: [Mark]? = nil
    ) {
        let count = root.count
        // Lowest first; of two at one index (a mark put back just below a run replaced), as given.
        let valid = runs.enumerated().filter { $0.element.index >= 0 && $0.element.count >= 0 && $0.element.index + $0.element.count <= count }
            .sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }.map(\.element)
        var removed: [Mark] = [], added: [Mark] = []
        if let removing { noteRemoved(removing) }
        for run in loggingUpward ? valid : valid.reversed() {
            let taken = (run.index..<(run.index + run.count)).compactMap { root.child(at: $0) }
            if removing == nil { noteRemoved(taken) }
            removed += taken
            run.marks.forEach(timeNew)
            added += run.marks
        }
        // One pass over the root for all of them.
        root.replaceChildren(runs: valid.map { ($0.index..<($0.index + $0.count), $0.marks) })
        guard !removed.isEmpty || !added.isEmpty else { return }
        let area = dirty ?? (removed + added).reduce(Rect.null) { $0.union($1.bounds) }
        notify(.replaced(removed, by: added), dirty: area)
    }

    /// The top-level mark at `index` in drawing order (`nil` out of range, or for an inline
    /// vertex): a packed stroke gets its object, and the others stay packed (`Stroke.child(at:)`).
    public func mark(at index: Int) -> Mark? {
        guard index >= 0, index < root.count, index < root.storedElements.packedCount || root.storedElements[index].isMark
        else { return nil }
        return root.child(at: index)
    }

    /// The index of the top-level mark `mark` in drawing order, if it is on the canvas.
    public func index(of mark: Mark) -> Int? { root.index(of: mark) }

    /// Removes every top-level mark and returns them in order, so they can be put back.
    @discardableResult
    public func removeAll() -> [Mark] {
        let removed = marks
        guard !removed.isEmpty else { return [] }
        noteRemoved(removed)
        let dirty = root.bounds
        root.removeAll()
        notify(.reset, dirty: dirty)
        return removed
    }

    /// Puts `marks` back as the whole drawing, in order (undo of a clear, opening a file).
    public func replaceAll(with marks: [Mark]) {
        let dirty = root.bounds
        if keepsTime { noteRemoved(self.marks) }
        root.removeAll()
        if keepsTime {
            paceUntimedMarks(among: marks)
            let now = clock.now
            for mark in marks { log.noteAdded(mark, isNew: false, at: now) } // marks put back (an undo of a clear)
        }
        marks.forEach(root.add)
        notify(.reset, dirty: dirty.union(root.bounds))
    }

    /// Appends a vertex to `stroke`, the stroke in progress. The point always goes to that
    /// stroke, even if undo took the stroke off the canvas meanwhile; observers hear of it
    /// only while the stroke is on the canvas.
    /// - Complexity: O(1) when `stroke` is the topmost mark, as it is while drawing.
    public func append(_ point: Point, to stroke: Stroke) {
        append(point, pressure: nil, to: stroke)
    }

    /// Appends a vertex drawn with `pressure` (0…1; `nil`: a device without pressure) to
    /// `stroke`, the stroke in progress, as `append(_:to:)` does.
    public func append(_ point: Point, pressure: Float?, to stroke: Stroke) {
        // A sealed stroke may be read by a render on another thread meanwhile (`RenderSnapshot`).
        assert(!stroke.isSealed, "a vertex appended to a sealed stroke")
        let previous = stroke.elements.last.flatMap { if case .vertex(let p) = $0 { p } else { nil } }
        if let pressure { stroke.append(point, pressure: pressure) } else { stroke.append(point) }
        if keepsTime { stroke.times.append(at: clock.now, after: stroke.count - 1) }
        guard isOnCanvas(stroke) else { return }
        let segment = Rect.null.union(previous ?? point).union(point).outset(by: stroke.size / 2)
        notify(.extended(stroke), dirty: segment)
    }

    /// Tells the observers that `stroke`, the stroke in progress, is complete (the pointer
    /// went up), and seals it (`Stroke.isSealed`): nothing is appended to it any more. A
    /// stroke that is not on the canvas tells no one.
    public func finish(_ stroke: Stroke) {
        stroke.isSealed = true
        guard isOnCanvas(stroke) else { return }
        let end = stroke.elements.last.flatMap { if case .vertex(let p) = $0 { p } else { nil } }
        notify(.finished(stroke), dirty: end.map { Rect.null.union($0).outset(by: stroke.size / 2) } ?? .null)
    }

    /// True when `mark` is one of the top-level marks.
    public func isOnCanvas(_ mark: Mark) -> Bool {
        if case .mark(let last)? = root.storedElements.lastUnpacked, last === mark { return true }
        return root.index(of: mark) != nil
    }
}

extension Scribble {
    /// Every top-level mark's index in drawing order, by the mark's identity: for finding
    /// many marks at once (a selection of thousands) in one pass rather than one pass each.
    /// - Complexity: O(top-level marks).
    public func indicesByIdentity() -> [ObjectIdentifier: Int] {
        var indices: [ObjectIdentifier: Int] = [:]
        indices.reserveCapacity(root.count - root.storedElements.packedCount)
        // A packed stroke without an object is held by no one (`PackedChildren`): only the
        // others are listed.
        for object in root.storedElements.packedObjects { indices[ObjectIdentifier(object.stroke)] = object.index }
        let offset = root.storedElements.packedCount
        for (index, element) in root.storedElements.unpackedElements.enumerated() {
            if case .mark(let mark) = element { indices[ObjectIdentifier(mark)] = offset + index }
        }
        return indices
    }

    /// Each of `marks`' index among the top-level marks (`nil` for one not there): a search
    /// each for a few marks, one pass for many (a selection of thousands).
    /// - Complexity: O(top-level marks × min(marks, `searchedMarks`)) + O(marks).
    public func indices(of marks: [Mark]) -> [Int?] {
        if marks.count <= Self.searchedMarks { return marks.map { index(of: $0) } }
        let known = indicesByIdentity()
        return marks.map { known[ObjectIdentifier($0)] }
    }

    /// The most marks `indices(of:)` searches for one by one: for more, a table of every
    /// top-level mark costs less.
    static let searchedMarks = 8

    /// Puts each of `replacements` in place of the top-level mark at its index, with one
    /// notification: a selection of thousands of marks moved or turned by a drag, each frame.
    /// Indices not on the canvas are skipped.
    /// - Complexity: O(replacements) plus their bounds.
    public func replaceMarks(at indices: [Int], with replacements: [Mark]) {
        let replaced = root.replaceChildMarks(at: indices, with: replacements)
        guard !replaced.isEmpty else { return }
        let dirty = replaced.reduce(Rect.null) { $0.union($1.old.bounds).union($1.new.bounds) }
        notify(.replaced(replaced.map(\.old), by: replaced.map(\.new)), dirty: dirty)
    }
}
