/// A scribble's history laid out for a replay: every mark that was ever on the drawing —
/// those on it now, in their drawing order, and those taken off since (`ReplayLog`) — and
/// when each appeared, went and came back, in time order.
///
/// It answers what the drawing looked like at any moment (`frame(at:)`) from the nearest
/// of its snapshots, kept every `snapshotInterval` changes, so a seek costs at most that
/// many steps plus the marks on show, however long the history (book ch. 23: the state at a
/// moment is a memento plus the increments after it). The marks are shared, never copied:
/// a finished mark never changes in place.
public final class ReplayTimeline {
    /// One mark of the history, at its place in the drawing order (bottom first).
    public struct Item {
        /// The mark, whole.
        public let mark: Mark
        /// When it started to appear, and when it was complete.
        public let start: Int64, end: Int64
        /// Whether it appeared vertex by vertex (a stroke drawn over time), not at once.
        public let isDrawn: Bool
    }

    /// What happens to an item.
    public enum Change: UInt8 {
        /// It starts to appear, as it was drawn.
        case draw
        /// It comes back whole (an undo of its removal).
        case show
        /// It goes (erased, undone, cleared, replaced by an edit).
        case hide
    }

    /// One change, at a time.
    public struct Event {
        /// When, in milliseconds on the scribble's clock.
        public let time: Int64
        /// The item it happens to (an index into `items`).
        public let item: Int32
        /// What happens.
        public let change: Change
    }

    /// The time between two marks given times at an even pace (a drawing from a file of a
    /// version before times), each appearing whole.
    public static let evenGap: Int64 = 300
    /// How many changes lie between two snapshots.
    public static let snapshotInterval = 4096

    /// Every mark of the history in drawing order.
    public let items: [Item]
    /// The changes in time order (changes at one time in the order they happened).
    public let events: [Event]
    /// When the last change happened: the replay's length.
    public let duration: Int64
    /// The longest time any mark took to draw: a seek looks that far back for marks half drawn.
    private let longestDrawing: Int64
    /// Which items are on show after each `snapshotInterval` changes: one bit an item.
    private var snapshots: [[UInt64]] = []

    /// The history of `scribble`: its marks, and those its log says were taken off.
    /// - Complexity: O(n log n) in the marks and changes.
    public convenience init(_ scribble: Scribble) {
        self.init(marks: scribble.marks, log: scribble.log.events)
    }

    /// The history of a drawing now made of `marks`, with `log`'s removals and returns.
    public init(marks: [Mark], log: [ReplayLog.Event]) {
        // Marks gone now go in among the marks on show by the time they started.
        var onShow = Set<ObjectIdentifier>()
        onShow.reserveCapacity(marks.count)
        for mark in marks { onShow.insert(ObjectIdentifier(mark)) }
        var gone: [Mark] = []
        var seenGone = Set<ObjectIdentifier>()
        for event in log where !onShow.contains(ObjectIdentifier(event.mark)) {
            if seenGone.insert(ObjectIdentifier(event.mark)).inserted { gone.append(event.mark) }
        }
        gone.sort { ($0.startTime ?? 0) < ($1.startTime ?? 0) }
        var ordered: [Mark] = []
        ordered.reserveCapacity(marks.count + gone.count)
        var next = gone[...]
        for mark in marks {
            while let first = next.first, (first.startTime ?? 0) < (mark.startTime ?? 0) {
                ordered.append(first)
                next = next.dropFirst()
            }
            ordered.append(mark)
        }
        ordered.append(contentsOf: next)

        var index: [ObjectIdentifier: Int32] = [:]
        var items: [Item] = []
        items.reserveCapacity(ordered.count)
        var events: [(event: Event, order: Int)] = []
        events.reserveCapacity(ordered.count + log.count)
        var longest: Int64 = 0
        for mark in ordered {
            let start = mark.startTime ?? 0
            let end = max(mark.endTime ?? start, start)
            let item = Item(mark: mark, start: start, end: end, isDrawn: end > start)
            if !log.isEmpty { index[ObjectIdentifier(mark)] = Int32(items.count) }
            events.append((Event(time: start, item: Int32(items.count), change: .draw), events.count))
            items.append(item)
            longest = max(longest, end - start)
        }
        for entry in log {
            guard let item = index[ObjectIdentifier(entry.mark)] else { continue }
            let time = max(entry.time, items[Int(item)].start)
            events.append((Event(time: time, item: item, change: entry.isReturn ? .show : .hide), events.count))
        }
        events.sort { $0.event.time != $1.event.time ? $0.event.time < $1.event.time : $0.order < $1.order }
        self.items = items
        self.events = events.map(\.event)
        duration = max(items.reduce(0) { max($0, $1.end) }, self.events.last?.time ?? 0)
        longestDrawing = longest
        snapshots = makeSnapshots()
    }

    /// Which items are on show after each `snapshotInterval` changes.
    private func makeSnapshots() -> [[UInt64]] {
        var visible = [UInt64](repeating: 0, count: (items.count + 63) / 64)
        var snapshots = [visible]
        for (index, event) in events.enumerated() {
            Self.apply(event, to: &visible)
            if (index + 1) % Self.snapshotInterval == 0 { snapshots.append(visible) }
        }
        return snapshots
    }

    private static func apply(_ event: Event, to visible: inout [UInt64]) {
        let word = Int(event.item) >> 6, bit = UInt64(1) << UInt64(event.item & 63)
        if event.change == .hide { visible[word] &= ~bit } else { visible[word] |= bit }
    }

    /// How many changes happened at or before `time`.
    /// - Complexity: O(log changes).
    public func eventCount(through time: Int64) -> Int {
        var low = 0, high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The items on show at `time` (a bit an item), from the nearest snapshot.
    /// - Complexity: O(`snapshotInterval` + items / 64).
    func visibleItems(at time: Int64) -> [UInt64] {
        let count = eventCount(through: time)
        var visible = snapshots[count / Self.snapshotInterval]
        for event in events[(count / Self.snapshotInterval * Self.snapshotInterval)..<count] { Self.apply(event, to: &visible) }
        return visible
    }

    /// The items half drawn at `time`: on show, started, not complete (by `visible`).
    func itemsBeingDrawn(at time: Int64, visible: [UInt64]) -> [Int32] {
        var drawing: [Int32] = []
        var index = eventCount(through: time) - 1
        while index >= 0, events[index].time >= time - longestDrawing {
            let event = events[index]
            let item = items[Int(event.item)]
            if event.change == .draw, item.end > time, visible[Int(event.item) >> 6] & (UInt64(1) << UInt64(event.item & 63)) != 0 {
                drawing.append(event.item)
            }
            index -= 1
        }
        return drawing
    }

    /// The drawing at `time`, bottom first: each item on show, whole, or as far as it was
    /// drawn (a new stroke, not sealed, that a player may go on drawing) for one half drawn.
    /// - Complexity: O(`snapshotInterval` + the marks on show), plus the vertices of the marks half drawn.
    public func frame(at time: Int64) -> [(item: Int32, mark: Mark)] {
        let visible = visibleItems(at: time)
        let drawing = Set(itemsBeingDrawn(at: time, visible: visible))
        var frame: [(item: Int32, mark: Mark)] = []
        for (word, bits) in visible.enumerated() where bits != 0 {
            var bits = bits
            while bits != 0 {
                let item = Int32(word * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
                let mark = drawing.contains(item) ? partial(item, at: time) : items[Int(item)].mark
                frame.append((item, mark))
            }
        }
        return frame
    }

    /// How many children of item `item` had appeared by `time`.
    public func drawnCount(of item: Int32, at time: Int64) -> Int {
        let entry = items[Int(item)]
        guard let stroke = entry.mark as? Stroke, entry.isDrawn else { return time >= entry.start ? entry.mark.count : 0 }
        guard time >= entry.start else { return 0 }
        guard time < entry.end else { return stroke.count }
        var clock = entry.start, count = 0
        let steps = stroke.times.steps(count: stroke.count)
        while count < steps.count, clock + Int64(steps[count]) <= time {
            clock += Int64(steps[count])
            count += 1
        }
        return count
    }

    /// Item `item` as far as it was drawn at `time`: a new stroke of its first children.
    func partial(_ item: Int32, at time: Int64) -> Stroke {
        let stroke = items[Int(item)].mark as! Stroke // only a drawn stroke is ever half drawn
        return Self.prefix(of: stroke, count: drawnCount(of: item, at: time))
    }

    /// A new, unsealed stroke of `stroke`'s first `count` children, with their pressures.
    static func prefix(of stroke: Stroke, count: Int) -> Stroke {
        let copy = Stroke(color: stroke.color, size: stroke.size)
        copy.reserveCapacity(count)
        for element in stroke.elements.prefix(count) {
            switch element {
            case .vertex(let point): copy.append(point)
            case .mark(let mark): copy.add(mark)
            }
        }
        if stroke.hasPressure { copy.setPressures(Array(stroke.pressures.prefix(count))) }
        return copy
    }
}
