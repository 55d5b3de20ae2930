/// What a replay needs beyond the marks now on the drawing (book chapter 23: incremental
/// mementos of what was removed): each top-level mark taken off, and each put back, with
/// when, so the replay shows the true history — a mark erased or undone appears, then goes.
///
/// Marks made and taken off again within one gesture — the copies a drag shows frame by
/// frame, the pieces an eraser cuts again — never were part of the history, and are not
/// kept: a mark made new since the last `settle(at:)` (a step of the history) leaves no
/// trace. And what a gesture took off goes when the gesture ends, as one step: a mark being
/// dragged stays in the replay until its moved copy appears.
public struct ReplayLog {
    /// One mark taken off or put back.
    public struct Event {
        /// The top-level mark (kept whole: it never changes in place once finished).
        public let mark: Mark
        /// When, in milliseconds on the scribble's clock.
        public internal(set) var time: Int64
        /// True when the mark was put back (an undo of its removal, a redo), else it went.
        public let isReturn: Bool
    }

    /// The most vertices the marks gone from the drawing may hold between them: past it, the
    /// marks taken off longest ago are forgotten (their removals then leave no trace in a
    /// replay). About 8 MB of memory and 4–5 MB of file at most, for a session that erases
    /// or moves a great deal.
    public static let maximumRemovedVertices = 1_000_000

    /// The marks taken off and put back, in the order it happened.
    public internal(set) var events: [Event] = []
    /// The marks taken off, and not put back since.
    var removed: Set<ObjectIdentifier> = []
    /// The vertices the marks in `removed` hold (`weight(of:)`).
    var removedWeight = 0
    /// The marks made new since the last step of the history.
    private var fresh: Set<ObjectIdentifier> = []
    /// How many events the steps of the history so far made.
    var settled = 0

    /// An empty log.
    public init() {}

    /// A step of the history is taken at `time`: the marks made so far stay part of it, and
    /// what it took off went at `time`. A mark it took off and put back (a reorder) leaves no
    /// trace, and past `maximumRemovedVertices` the oldest marks gone are forgotten.
    public mutating func settle(at time: Int64) {
        if !fresh.isEmpty { fresh.removeAll() }
        if settled < events.count {
            for index in settled..<events.count where !events[index].isReturn { events[index].time = max(events[index].time, time) }
            dropRoundTrips(from: settled)
        }
        settled = events.count
        if removedWeight > Self.maximumRemovedVertices { forgetOldest() }
    }

    /// `marks` were taken off the drawing at `time`.
    mutating func noteRemoved(_ marks: some Sequence<Mark>, at time: Int64) {
        for mark in marks {
            let id = ObjectIdentifier(mark)
            if !fresh.isEmpty, fresh.remove(id) != nil { continue } // made and gone within one gesture
            if removed.insert(id).inserted { removedWeight += Self.weight(of: mark) }
            events.append(Event(mark: mark, time: time, isReturn: false))
        }
    }

    /// `mark` was put on the drawing at `time`; `isNew` when it was made now (it took the
    /// time then), not put back.
    mutating func noteAdded(_ mark: Mark, isNew: Bool, at time: Int64) {
        let id = ObjectIdentifier(mark)
        if isNew {
            fresh.insert(id)
        } else if !removed.isEmpty, removed.remove(id) != nil {
            removedWeight -= Self.weight(of: mark)
            events.append(Event(mark: mark, time: time, isReturn: true))
        }
    }

    /// The latest time the log knows of: its last event's, or the end of a mark it keeps
    /// (0 when empty). The clock goes on from here when the scribble is opened again.
    /// - Complexity: O(events).
    public var latestTime: Int64 {
        events.reduce(0) { max($0, $1.time, $1.mark.endTime ?? 0) }
    }

    /// The vertices a mark holds (a dot, or a stroke without any, counts one): what keeping it costs.
    /// - Complexity: O(1) for a stroke of vertices; O(the marks under it) for a group.
    static func weight(of mark: Mark) -> Int {
        guard let stroke = mark as? Stroke else { return 1 }
        guard stroke.holdsMarks else { return max(1, stroke.count) }
        // A group's packed strokes (`PackedStroke`) are counted where they lie: handed out
        // as marks, a million of them would each be made for the count, on the main thread.
        let stored = stroke.storedElements
        var total = stored.packed.reduce(0) { $0 + $1.count }
        func add(_ element: Stroke.Element) {
            if case .mark(let child) = element { total += weight(of: child) } else { total += 1 }
        }
        if stored.packedCount > 0 { stored.unpackedElements.forEach(add) } else { stored.forEach(add) }
        return max(1, total)
    }

    /// Drops each mark taken off and put back within the events from `start` on (one step).
    private mutating func dropRoundTrips(from start: Int) {
        var hidden: [ObjectIdentifier: Int] = [:]
        var dropped: Set<Int> = []
        for index in start..<events.count {
            let id = ObjectIdentifier(events[index].mark)
            if !events[index].isReturn {
                hidden[id] = index
            } else if let hide = hidden.removeValue(forKey: id) {
                dropped.insert(hide)
                dropped.insert(index)
            }
        }
        guard !dropped.isEmpty else { return }
        events = events.indices.filter { !dropped.contains($0) }.map { events[$0] }
    }

    /// Forgets the marks gone longest ago — all their events — until the rest hold three
    /// quarters of `maximumRemovedVertices` (so a long session trims now and then, not at each step).
    /// - Complexity: O(events).
    private mutating func forgetOldest() {
        var forgotten: Set<ObjectIdentifier> = []
        for event in events where !event.isReturn {
            guard removedWeight > Self.maximumRemovedVertices / 4 * 3 else { break }
            let id = ObjectIdentifier(event.mark)
            guard removed.remove(id) != nil else { continue }
            forgotten.insert(id)
            removedWeight -= Self.weight(of: event.mark)
        }
        events.removeAll { forgotten.contains(ObjectIdentifier($0.mark)) }
        settled = events.count
    }
}
