/// The marks the select tool picked, in the order they were picked. It holds marks, not
/// indices, so it stays right while other marks come and go; marks that left the canvas
/// (undo, another tool) are dropped by `prune`.
@MainActor
public final class Selection {
    /// The selected top-level marks.
    public private(set) var marks: [Mark] = []
    /// Told after every change: the tool bar's "Keep as template" and the palette follow it.
    private var observers: [() -> Void] = []

    /// Nothing selected.
    public init() {}

    /// True when nothing is selected.
    public var isEmpty: Bool { marks.isEmpty }

    /// Whether `mark` is selected.
    public func contains(_ mark: Mark) -> Bool { marks.contains { $0 === mark } }

    /// Calls `handler` after every change of the selection, in the order they were added.
    public func observe(_ handler: @escaping () -> Void) {
        observers.append(handler)
    }

    /// Selects exactly `marks`.
    public func set(_ marks: [Mark]) {
        self.marks = marks
        notify()
    }

    /// Adds `mark`, or removes it if it is selected (Shift+click).
    public func toggle(_ mark: Mark) {
        if contains(mark) { marks.removeAll { $0 === mark } } else { marks.append(mark) }
        notify()
    }

    /// Selects nothing.
    public func clear() {
        guard !marks.isEmpty else { return }
        set([])
    }

    /// Drops the marks no longer on `scribble`'s canvas.
    /// - Complexity: O(top-level marks + selected marks).
    public func prune(on scribble: Scribble) {
        let kept = zip(marks, scribble.indices(of: marks)).compactMap { mark, index in index.map { _ in mark } }
        if kept.count != marks.count { set(kept) }
    }

    /// The selected marks in drawing order (as a template groups them).
    /// - Complexity: O(top-level marks + selected marks × log(selected marks)).
    public func inDrawingOrder(on scribble: Scribble) -> [Mark] {
        zip(marks, scribble.indices(of: marks)).compactMap { mark, index in index.map { ($0, mark) } }
            .sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The area the selected marks paint.
    /// - Complexity: O(selected marks).
    public var bounds: Rect { marks.reduce(Rect.null) { $0.union($1.bounds) } }

    /// The area the selection's box, handles and outlines cover, at `viewPixel` canvas units
    /// a view pixel.
    public func outlineBounds(viewPixel: Float = 1) -> Rect {
        let box = bounds
        guard !box.isNull else { return .null }
        return SelectionBox(around: box, viewPixel: viewPixel).area()
    }

    private func notify() {
        observers.forEach { $0() }
    }
}
