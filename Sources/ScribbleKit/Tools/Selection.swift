/// The marks the select tool picked, in the order they were picked. It holds marks, not
/// indices, so it stays right while other marks come and go; marks that left the canvas
/// (undo, another tool) are dropped by `prune`.
///
/// Select All on a drawing of many packed marks (`Scribble.editsPackedWhole`: a file of a
/// million ticks) selects its packed marks whole, by the root that holds them, without an
/// object for each (`selectsPacked`): the box, Delete and the palette's count read them where
/// they lie. What needs them as marks (`marks`: a move, a recolour, a copy) makes their
/// objects then, as any selection of them did before.
@MainActor
public final class Selection {
    /// The marks picked one by one (and, with `selectsPacked`, the selected marks that are
    /// not packed).
    private var picked: [Mark] = []
    /// The root whose packed top-level marks are all selected, whole (Select All).
    public private(set) var packedRoot: Stroke?
    /// The area those packed marks paint, worked out when they were selected or pruned.
    private var packedBounds = Rect.null
    /// How many packed marks there were when `packedBounds` was worked out.
    private var packedBoundsCount = 0
    /// Told after every change: the tool bar's "Keep as template" and the palette follow it.
    private var observers: [() -> Void] = []

    /// Nothing selected.
    public init() {}

    /// The selected top-level marks. Packed marks selected whole get their objects now, and
    /// are selected by them from then on (`selectsPacked` is then false).
    /// - Complexity: O(selected marks); O(packed marks) the first time after Select All.
    public var marks: [Mark] {
        materialize()
        return picked
    }

    /// The marks selected by their objects, without making any: all of them, unless
    /// `selectsPacked`.
    public var pickedMarks: [Mark] { picked }

    /// Whether the packed top-level marks of `packedRoot` are selected whole (with no object each).
    public var selectsPacked: Bool { (packedRoot?.storedElements.packedCount ?? 0) > 0 }

    /// How many marks are selected.
    public var count: Int { picked.count + (packedRoot?.storedElements.packedCount ?? 0) }

    /// True when nothing is selected.
    public var isEmpty: Bool { picked.isEmpty && !selectsPacked }

    /// Whether `mark` is selected.
    public func contains(_ mark: Mark) -> Bool {
        picked.contains { $0 === mark } || packedRoot?.storedElements.packedIndex(of: mark) != nil
    }

    /// Calls `handler` after every change of the selection, in the order they were added.
    public func observe(_ handler: @escaping () -> Void) {
        observers.append(handler)
    }

    /// Selects exactly `marks`.
    public func set(_ marks: [Mark]) {
        picked = marks
        packedRoot = nil
        packedBounds = .null
        notify()
    }

    /// Selects exactly `marks` and, if they were selected whole, the packed marks of
    /// `scribble` whole still: after an edit of the selection put edited copies and new
    /// packed values in place of what was selected.
    /// - Complexity: O(packed marks), for their area.
    public func set(_ marks: [Mark], keepingPackedOf scribble: Scribble) {
        guard packedRoot === scribble.root, scribble.packedMarkCount > 0 else { return set(marks) }
        picked = marks
        (packedBounds, packedBoundsCount) = (scribble.packedBounds, scribble.packedMarkCount)
        notify()
    }

    /// Selects every mark of `scribble` the select tool may pick (every one but the locked):
    /// its packed marks whole when there are many (`Scribble.editsPackedWhole`), the others
    /// as marks.
    /// - Complexity: O(top-level marks), making no object for a packed mark selected whole.
    public func selectAll(on scribble: Scribble) {
        guard scribble.editsPackedWhole else { return set(scribble.marks.filter { !$0.isLocked }) }
        picked = scribble.root.storedElements.unpackedElements.compactMap { element in
            if case .mark(let mark) = element, !mark.isLocked { mark } else { nil }
        }
        packedRoot = scribble.root
        packedBounds = scribble.packedBounds // (a packed mark is never locked)
        packedBoundsCount = scribble.packedMarkCount
        notify()
    }

    /// Adds `mark`, or removes it if it is selected (Shift+click).
    public func toggle(_ mark: Mark) {
        materialize()
        if contains(mark) { picked.removeAll { $0 === mark } } else { picked.append(mark) }
        notify()
    }

    /// Selects nothing.
    public func clear() {
        guard !isEmpty else { return }
        set([])
    }

    /// Drops the marks no longer on `scribble`'s canvas.
    /// - Complexity: O(top-level marks + selected marks).
    public func prune(on scribble: Scribble) {
        var changed = false
        if let packedRoot {
            let count = packedRoot.storedElements.packedCount
            if packedRoot !== scribble.root || count == 0 {
                (self.packedRoot, packedBounds, changed) = (nil, .null, true)
            } else if count != packedBoundsCount {
                (packedBounds, packedBoundsCount, changed) = (scribble.packedBounds, count, true) // an undo changed them
            }
        }
        let kept = zip(picked, scribble.indices(of: picked)).compactMap { mark, index in index.map { _ in mark } }
        if kept.count != picked.count { (picked, changed) = (kept, true) }
        if changed { notify() }
    }

    /// The selected marks in drawing order (as a template groups them).
    /// - Complexity: O(top-level marks + selected marks × log(selected marks)).
    public func inDrawingOrder(on scribble: Scribble) -> [Mark] {
        zip(marks, scribble.indices(of: marks)).compactMap { mark, index in index.map { ($0, mark) } }
            .sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The area the selected marks paint.
    /// - Complexity: O(selected marks but those selected whole).
    public var bounds: Rect {
        picked.reduce(selectsPacked ? packedBounds : .null) { $0.union($1.bounds) }
    }

    /// The colour and width of the first packed mark selected whole, if any are: what the
    /// palette shows for them, read where it lies.
    public var firstPackedStyle: (color: Color, size: Float)? {
        guard let first = packedRoot?.storedElements.packed.first else { return nil }
        return (first.color, first.size)
    }

    /// The area the selection's box, handles and outlines cover, at `viewPixel` canvas units
    /// a view pixel.
    public func outlineBounds(viewPixel: Float = 1) -> Rect {
        let box = bounds
        guard !box.isNull else { return .null }
        return SelectionBox(around: box, viewPixel: viewPixel).area()
    }

    /// Makes the packed marks selected whole into their objects, selected by them (below the
    /// marks picked, as they lie in the drawing).
    private func materialize() {
        guard let root = packedRoot else { return }
        packedRoot = nil
        packedBounds = .null
        let count = root.storedElements.packedCount
        guard count > 0 else { return }
        picked = (0..<count).compactMap { root.child(at: $0) } + picked
    }

    private func notify() {
        observers.forEach { $0() }
    }
}
