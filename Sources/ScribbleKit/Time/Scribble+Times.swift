/// How a scribble gives its marks their times: a mark put on it without times takes the
/// clock's time now, whole (an edit's, a paste's, a stamp's, a recognised shape's); a mark
/// being drawn takes each vertex's as it comes (`append`); and a drawing opened from a file
/// of a version before times is given times at an even pace.
extension Scribble {
    /// Starts timing new marks and logging removals (a document took the scribble): marks
    /// without times get them at an even pace, and the clock goes on from the last.
    /// - Complexity: O(top-level marks), and the vertices of the marks it paces.
    public func startKeepingTime() {
        guard !keepsTime else { return }
        keepsTime = true
        paceUntimedMarks()
    }

    /// Times `mark` now, if it has no times yet (a mark put back, by an undo, keeps its
    /// own), and notes it in the replay's log.
    func timeNew(_ mark: Mark) {
        guard keepsTime else { return }
        let isNew = mark.startTime == nil
        let now = clock.now
        if isNew { mark.stamp(at: now) }
        log.noteAdded(mark, isNew: isNew, at: now)
    }

    /// Ends a step of the history — a command, an undo, a gesture — at the clock's time: what
    /// it took off went then, and what it made is part of the history (`ReplayLog.settle`).
    public func settleHistory() {
        log.settle(at: clock.now)
    }

    /// Notes in the replay's log that `marks` were taken off now.
    func noteRemoved(_ marks: some Sequence<Mark>) {
        guard keepsTime else { return }
        log.noteRemoved(marks, at: clock.now)
    }

    /// Gives each top-level mark without times a time at an even pace (`evenGap` after the
    /// mark before it, all of it at once), and sets the clock on from the latest end (or the
    /// log's latest removal), so new marks come after all of them.
    /// - Complexity: O(top-level marks), and the vertices of the marks it paces.
    func paceUntimedMarks() {
        // The packed strokes first, where they lie (`PackedStroke`), as `Mark.pace` would.
        var cursor: Int64 = -1
        root.withPackedStrokes { packed in
            for index in packed.indices {
                if let end = packed[index].times.end {
                    cursor = max(cursor, end)
                } else {
                    cursor = cursor < 0 ? 0 : cursor + ReplayTimeline.evenGap
                    packed[index].stamp(at: cursor)
                }
            }
        }
        let marks = root.storedElements.unpackedElements.lazy.compactMap { if case .mark(let mark) = $0 { mark } else { nil } }
        paceUntimedMarks(among: marks, from: cursor)
    }

    /// Paces the untimed marks among `marks` (the drawing about to be put in place), as
    /// `paceUntimedMarks()`.
    func paceUntimedMarks(among marks: some Sequence<Mark>, from start: Int64 = -1) {
        var cursor = start
        for mark in marks {
            if let end = mark.endTime {
                cursor = max(cursor, end)
            } else {
                cursor = mark.pace(from: cursor < 0 ? 0 : cursor + ReplayTimeline.evenGap)
            }
        }
        clock.runOn(from: max(cursor, log.latestTime, 0))
    }

    /// The latest time any top-level mark ends at (0 for an empty drawing).
    /// - Complexity: O(top-level marks).
    public var endTime: Int64 {
        var end: Int64 = 0
        for packed in root.storedElements.packed { end = max(end, packed.times.end ?? 0) }
        for case .mark(let mark) in root.storedElements.unpackedElements { end = max(end, mark.endTime ?? 0) }
        return end
    }

    /// The latest time of the scribble's history: the end of its last mark, or of the last
    /// removal its log knows of, if later. The clock goes on from here.
    /// - Complexity: O(top-level marks + the log's events).
    public var historyEnd: Int64 { max(endTime, log.latestTime) }
}
