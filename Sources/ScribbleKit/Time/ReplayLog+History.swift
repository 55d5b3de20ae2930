/// The log kept in a file and read back (format version 5): what a memento made for a save
/// holds of it (`RemovalHistory`), and the log a scribble opened from one starts with.
extension ReplayLog {
    /// The log restored from `history`, over `drawing` (the root of the scribble it belongs
    /// to, whose top-level marks its first items name); the marks it names last taken off
    /// count as gone. Entries that name no mark are skipped (the reader refuses them).
    /// - Complexity: O(entries), plus the vertices of the gone marks' groups.
    init(history: RemovalHistory, drawing: Stroke) {
        self.init()
        let onDrawing = drawing.count
        var last: [ObjectIdentifier: (mark: Mark, isReturn: Bool)] = [:]
        for entry in history.entries {
            let (parent, index) = entry.item < onDrawing ? (drawing, entry.item) : (history.gone, entry.item - onDrawing)
            // (A packed stroke on the drawing gets its object, and the others stay packed.)
            guard index < parent.count, index < parent.storedElements.packedCount || parent.storedElements[index].isMark,
                let mark = parent.child(at: index)
            else { continue }
            events.append(Event(mark: mark, time: entry.time, isReturn: entry.isReturn))
            last[ObjectIdentifier(mark)] = (mark, entry.isReturn)
        }
        for (id, state) in last where !state.isReturn {
            removed.insert(id)
            removedWeight += Self.weight(of: state.mark)
        }
        settled = events.count
    }

    /// What a complete memento keeps of the log: the marks gone, copied in stored form, and
    /// each event naming its mark. `drawing` is the scribble's root and `stored` the
    /// memento's copy of it (the same children, in order). `nil` when nothing was taken off.
    ///
    /// Whatever a reader would refuse is left out, so every save reads back: a mark's events
    /// alternate from a taking off (one breaking that is dropped), a mark on the drawing
    /// ends put back and a mark gone ends taken off (a last event saying otherwise is dropped),
    /// and a mark the file cannot hold as a stroke or dot leaves no event.
    /// - Complexity: O(top-level marks + events), plus the gone marks' vertices (copied).
    func removalHistory(drawing: Stroke, stored: Stroke) -> RemovalHistory? {
        guard !events.isEmpty else { return nil }
        var named = Set<ObjectIdentifier>(minimumCapacity: events.count)
        for event in events { named.insert(ObjectIdentifier(event.mark)) }
        var onDrawing: [ObjectIdentifier: Int] = [:]
        // A packed stroke (`PackedStroke`) without an object is named by no event: only the
        // packed ones with objects and the children after them are looked at (the memento's
        // copy packs the same, and a packed child is a stroke).
        for object in drawing.storedElements.packedObjects where object.index < stored.count && named.contains(ObjectIdentifier(object.stroke)) {
            onDrawing[ObjectIdentifier(object.stroke)] = object.index
        }
        let packedCount = drawing.storedElements.packedCount
        for (position, element) in drawing.storedElements.unpackedElements.enumerated() {
            let index = packedCount + position
            guard case .mark(let mark) = element, named.contains(ObjectIdentifier(mark)),
                index < stored.count, case .mark(let copy) = stored.storedElements[index],
                copy is Stroke || copy is Dot || copy is Picture
            else { continue }
            onDrawing[ObjectIdentifier(mark)] = index
        }
        // Which events are kept: each mark's alternate from a taking off.
        var keep = [Bool](repeating: false, count: events.count)
        var lastKept: [ObjectIdentifier: Int] = [:]
        for (index, event) in events.enumerated() {
            let id = ObjectIdentifier(event.mark)
            let isOff = lastKept[id].map { !events[$0].isReturn } ?? false
            guard event.isReturn == isOff else { continue }
            keep[index] = true
            lastKept[id] = index
        }
        for (id, index) in lastKept where events[index].isReturn == (onDrawing[id] == nil) {
            keep[index] = false // a mark on the drawing last taken off, or one gone last put back
        }
        let gone = Stroke()
        var goneItems: [ObjectIdentifier: Int] = [:]
        var unstorable: Set<ObjectIdentifier> = []
        var entries: [RemovalHistory.Entry] = []
        for (index, event) in events.enumerated() where keep[index] {
            let id = ObjectIdentifier(event.mark)
            let item: Int
            if let index = onDrawing[id] {
                item = index
            } else if let index = goneItems[id] {
                item = stored.count + index
            } else {
                guard !unstorable.contains(id), let copy = ScribbleMemento.snapshot(ofChild: event.mark, depth: 1),
                    copy is Stroke || copy is Dot
                else {
                    unstorable.insert(id)
                    continue
                }
                goneItems[id] = gone.count
                item = stored.count + gone.count
                gone.add(copy)
            }
            entries.append(RemovalHistory.Entry(item: item, time: Int64(StrokeTimes.clamped(event.time)), isReturn: event.isReturn))
        }
        return entries.isEmpty ? nil : RemovalHistory(gone: gone, entries: entries)
    }
}
