/// Plays a scribble's history (`ReplayTimeline`) into a scribble of its own, which a canvas
/// shows: the marks appear vertex by vertex at the pace they were drawn, and those erased or
/// undone go at the time they went. The document's scribble is only read.
///
/// Playing on (`advance(to:)`) changes only what is new since the last frame — a few
/// vertices of the marks being drawn, the marks that appeared or went — so the canvas
/// repaints only that; a jump (`seek(to:)`) puts the drawing at that time in place at once.
public final class ReplayPlayer {
    /// The history played.
    public let timeline: ReplayTimeline
    /// What the replay shows at `time`: a scribble that keeps no time and is never saved.
    public let scribble: Scribble
    /// The moment shown, in milliseconds on the drawing's clock.
    public private(set) var time: Int64 = 0
    /// The items on show, in the order of `scribble`'s marks (ascending: the drawing order).
    private var shown: [Int32] = []
    /// The marks being drawn: the item, the stroke on show, how many children it has.
    private var drawing: [(item: Int32, stroke: Stroke, count: Int)] = []
    /// How many of the timeline's changes are shown.
    private var applied = 0

    /// A player of `timeline`, at its start (an empty canvas).
    public init(_ timeline: ReplayTimeline) {
        self.timeline = timeline
        scribble = Scribble()
        seek(to: 0)
    }

    /// The replay's length.
    public var duration: Int64 { timeline.duration }

    /// Whether `mark`, one of `scribble`'s, is still being drawn: it grows as the replay
    /// goes on (a time-lapse keeps the marks that no longer change on a picture of their own).
    public func isBeingDrawn(_ mark: Mark) -> Bool {
        drawing.contains { $0.stroke === mark }
    }

    /// Shows the drawing at `time` (within 0…`duration`) at once, from the timeline's nearest snapshot.
    /// - Complexity: O(`ReplayTimeline.snapshotInterval` + the marks on show).
    public func seek(to time: Int64) {
        let time = min(max(time, 0), duration)
        let frame = timeline.frame(at: time)
        shown = frame.map(\.item)
        drawing = frame.compactMap { entry in
            guard entry.mark !== timeline.items[Int(entry.item)].mark, let stroke = entry.mark as? Stroke else { return nil }
            return (entry.item, stroke, stroke.count)
        }
        applied = timeline.eventCount(through: time)
        self.time = time
        scribble.replaceAll(with: frame.map(\.mark))
    }

    /// Plays on to `time` (a later one; an earlier one seeks): the marks being drawn grow,
    /// and the changes since the last frame happen, in order.
    /// - Complexity: O(what changed), plus the vertices of the marks being drawn.
    public func advance(to time: Int64) {
        let time = min(max(time, 0), duration)
        guard time >= self.time else { return seek(to: time) }
        for index in drawing.indices.reversed() { grow(index, to: time) }
        let end = timeline.eventCount(through: time)
        while applied < end {
            apply(timeline.events[applied], at: time)
            applied += 1
        }
        self.time = time
    }

    /// Appends to the mark being drawn at `index` the vertices drawn by `time`; a complete
    /// one is finished and drawn no more.
    private func grow(_ index: Int, to time: Int64) {
        let (item, stroke, count) = drawing[index]
        let source = timeline.items[Int(item)].mark as! Stroke // only strokes are drawn over time
        let target = timeline.drawnCount(of: item, at: time)
        var next = count
        while next < target {
            switch source.elements[next] {
            case .vertex(let point):
                let pressure = source.hasPressure ? Float(source.pressures[next]) / Float(Stroke.fullPressure) : nil
                scribble.append(point, pressure: pressure, to: stroke)
            case .mark(let mark):
                stroke.add(mark)
            }
            next += 1
        }
        drawing[index].count = next
        if next >= source.count {
            scribble.finish(stroke)
            drawing.remove(at: index)
        }
    }

    /// Makes one change of the timeline, as of `time`.
    private func apply(_ event: ReplayTimeline.Event, at time: Int64) {
        let position = lowerBound(event.item)
        let isShown = position < shown.count && shown[position] == event.item
        switch event.change {
        case .draw, .show:
            guard !isShown else { return }
            let item = timeline.items[Int(event.item)]
            var mark = item.mark
            if event.change == .draw, item.isDrawn, item.end > time {
                let partial = ReplayTimeline.prefix(of: item.mark as! Stroke, count: timeline.drawnCount(of: event.item, at: time))
                drawing.append((event.item, partial, partial.count))
                mark = partial
            }
            shown.insert(event.item, at: position)
            scribble.insert(mark, at: position)
        case .hide:
            guard isShown else { return }
            shown.remove(at: position)
            drawing.removeAll { $0.item == event.item }
            scribble.replaceMarks(at: position, count: 1, with: [])
        }
    }

    /// Where item `item` is, or would go, among those on show.
    private func lowerBound(_ item: Int32) -> Int {
        var low = 0, high = shown.count
        while low < high {
            let middle = (low + high) / 2
            if shown[middle] < item { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
