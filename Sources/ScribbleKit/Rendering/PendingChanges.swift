/// The changes a scribble went through after a `RenderSnapshot` of it was taken, kept so
/// that a full frame rendered from the snapshot on another thread can be brought up to date
/// before it is shown: nothing drawn meanwhile is lost.
///
/// Additions are replayed exactly as the canvas drew them when they happened — a new mark
/// as it was then, each new vertex and the end of the stroke in progress through the
/// backdrop's live stroke — so the caught-up frame is the one the canvas would have had. A removal (undo, say) or a reset cannot be replayed by
/// drawing on top; the frame is then *stale* and must be rendered again.
public struct PendingChanges {
    /// One thing the canvas drew.
    private enum Step {
        /// A top-level mark appeared, with `count` children then, touching `dirty`.
        case added(Mark, count: Int, dirty: Rect)
        /// A stroke got the vertex at `index`.
        case extended(Stroke, index: Int)
        /// The stroke in progress was complete.
        case finished(Stroke)
    }

    private var steps: [Step] = []
    /// True once a change arrived that drawing on top cannot replay.
    public private(set) var isStale = false

    /// No changes yet.
    public init() {}

    /// Notes `change`, which just happened to the scribble.
    /// - Complexity: O(1).
    public mutating func record(_ change: ScribbleChange) {
        guard !isStale else { return }
        switch change.kind {
        case .added(let mark):
            steps.append(.added(mark, count: mark.count, dirty: change.dirty))
        case .extended(let stroke):
            steps.append(.extended(stroke, index: stroke.count - 1))
        case .finished(let stroke):
            steps.append(.finished(stroke))
        case .removed, .replaced, .reset:
            isStale = true
            steps = []
        }
    }

    /// Draws every noted change onto `backdrop`, in order.
    /// - Returns: false, drawing nothing, when the changes cannot be replayed (`isStale`).
    /// - Complexity: O(the vertices the changes drew).
    @discardableResult
    public func replay(on backdrop: CanvasBackdrop) -> Bool {
        guard !isStale else { return false }
        for step in steps {
            switch step {
            case .added(let mark, let count, let dirty):
                // A stroke starting is followed as it grows, as the mark itself.
                let isStarting = CanvasBackdrop.isStarting(mark, count: count)
                _ = backdrop.add(isStarting ? mark : Self.mark(mark, asItWasWith: count), dirty: dirty, isStarting: isStarting)
            case .extended(let stroke, let index):
                _ = backdrop.extend(stroke, through: index)
            case .finished(let stroke):
                _ = backdrop.finish(stroke)
            }
        }
        return true
    }

    /// `mark` as it was when it had `count` children: the mark itself if it has not grown
    /// since, else a stroke of its first `count` children (the stroke in progress, whose
    /// later vertices are replayed one by one).
    private static func mark(_ mark: Mark, asItWasWith count: Int) -> Mark {
        guard let stroke = mark as? Stroke, stroke.count > count else { return mark }
        let earlier = Stroke(color: stroke.color, size: stroke.size)
        for element in stroke.elements.prefix(count) {
            switch element {
            case .vertex(let point): earlier.append(point)
            case .mark(let child): earlier.add(child)
            }
        }
        if stroke.hasPressure { earlier.setPressures(Array(stroke.pressures.prefix(count))) }
        return earlier
    }
}
