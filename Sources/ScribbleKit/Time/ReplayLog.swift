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

    /// The marks taken off and put back, in the order it happened.
    public private(set) var events: [Event] = []
    /// The marks taken off, and not put back since.
    private var removed: Set<ObjectIdentifier> = []
    /// The marks made new since the last step of the history.
    private var fresh: Set<ObjectIdentifier> = []
    /// How many events the steps of the history so far made.
    private var settled = 0

    /// An empty log.
    public init() {}

    /// A step of the history is taken at `time`: the marks made so far stay part of it, and
    /// what it took off went at `time`.
    public mutating func settle(at time: Int64) {
        if !fresh.isEmpty { fresh.removeAll() }
        for index in settled..<events.count where !events[index].isReturn { events[index].time = max(events[index].time, time) }
        settled = events.count
    }

    /// `marks` were taken off the drawing at `time`.
    mutating func noteRemoved(_ marks: some Sequence<Mark>, at time: Int64) {
        for mark in marks {
            let id = ObjectIdentifier(mark)
            if !fresh.isEmpty, fresh.remove(id) != nil { continue } // made and gone within one gesture
            removed.insert(id)
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
            events.append(Event(mark: mark, time: time, isReturn: true))
        }
    }
}
