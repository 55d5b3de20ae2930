/// When a stroke was drawn: the moment it started, in milliseconds on its scribble's clock
/// (`ScribbleClock`), and for each child the step after the child before, so a replay can
/// draw it again vertex by vertex at the pace it was drawn.
///
/// Why this shape: a stroke keeps its times and pressures in one word (`StrokeExtras`), and
/// `.at` fits in it. A mark made at once — an edit's copy, a pasted or stamped mark, a recognised shape, a
/// tap — needs no steps and costs nothing more (`.at`); a drawn stroke keeps two bytes a
/// child (`.drawn`), beside the sixteen its vertex already takes. Times are kept to the
/// millisecond up to 2³² ms (49 days of drawing); a step longer than 65.535 s (the pen held
/// down without moving) is kept as that long.
public enum StrokeTimes: Sendable, Equatable {
    /// No time known: a mark made in code, or read from a file of a version before times.
    case untimed
    /// Every child appeared at once, at this time.
    case at(UInt32)
    /// Drawn over time: `header` (start, then the last child's time, each as two UInt16, low
    /// first), then one step a child.
    case drawn([UInt16])

    /// How many entries of `.drawn`'s storage come before the steps.
    static let headerCount = 4
    /// The longest step kept.
    public static let maximumStep = Int64(UInt16.max)
    /// The latest time kept.
    public static let maximumTime = Int64(UInt32.max)

    /// Times starting at `start` with `steps`, one a child (the first child's is 0); all
    /// zero steps are kept as `.at`.
    public init(start: Int64, steps: [UInt16]) {
        let start = Self.clamped(start)
        guard steps.contains(where: { $0 != 0 }) else {
            self = .at(start)
            return
        }
        let end = steps.reduce(Int64(start)) { $0 + Int64($1) }
        var storage = Self.header(start: Int64(start), end: end)
        storage.append(contentsOf: steps)
        self = .drawn(storage)
    }

    /// When the first child appeared; `nil` when untimed.
    public var start: Int64? {
        switch self {
        case .untimed: nil
        case .at(let time): Int64(time)
        case .drawn(let storage): Self.word(storage, 0)
        }
    }

    /// When the last child appeared; `nil` when untimed.
    public var end: Int64? {
        switch self {
        case .untimed: nil
        case .at(let time): Int64(time)
        case .drawn(let storage): Self.word(storage, 2)
        }
    }

    /// The step before child `index` (0 for the first child, for a mark made at once, and
    /// past the end).
    public func step(at index: Int) -> UInt16 {
        guard case .drawn(let storage) = self, index >= 0, Self.headerCount + index < storage.count else { return 0 }
        return storage[Self.headerCount + index]
    }

    /// Every child's step, `count` of them.
    public func steps(count: Int) -> [UInt16] {
        guard case .drawn(let storage) = self else { return Array(repeating: 0, count: count) }
        var steps = Array(storage.dropFirst(Self.headerCount).prefix(count))
        if steps.count < count { steps.append(contentsOf: repeatElement(0, count: count - steps.count)) }
        return steps
    }

    /// Whether any child came after the first (`.drawn`).
    public var isDrawn: Bool { if case .drawn = self { true } else { false } }

    /// Adds a child that appeared at `time` (a step from the last child's time, never
    /// negative), given the `count` children there were before it.
    mutating func append(at time: Int64, after count: Int) {
        guard let end else { return }
        let step = UInt16(min(max(time - end, 0), Self.maximumStep))
        var storage: [UInt16]
        switch self {
        case .drawn(let kept):
            storage = kept
            self = .untimed // so the array is not shared while it grows
        default:
            if step == 0 { return } // still all at once
            storage = Self.header(start: start ?? 0, end: end)
            storage.append(contentsOf: repeatElement(0, count: count))
        }
        let padding = count - (storage.count - Self.headerCount)
        if padding > 0 { storage.append(contentsOf: repeatElement(0, count: padding)) }
        storage.append(step)
        Self.setWord(&storage, 2, Self.word(storage, 2) + Int64(step))
        self = .drawn(storage)
    }

    /// The times with the children in `range` put in place of `count` children that appeared
    /// with no step of their own (an undo putting a mark back, the reader's bulk load):
    /// what a drawn stroke's children become when its structure is edited.
    func replacing(_ range: Range<Int>, with count: Int) -> StrokeTimes {
        guard case .drawn(var storage) = self else { return self }
        let lower = Self.headerCount + min(range.lowerBound, storage.count - Self.headerCount)
        let upper = Self.headerCount + min(range.upperBound, storage.count - Self.headerCount)
        storage.replaceSubrange(lower..<upper, with: repeatElement(0, count: count))
        let end = storage[Self.headerCount...].reduce(Self.word(storage, 0)) { $0 + Int64($1) }
        Self.setWord(&storage, 2, end)
        return .drawn(storage)
    }

    /// A time as kept: within 0…`maximumTime`.
    static func clamped(_ time: Int64) -> UInt32 { UInt32(min(max(time, 0), maximumTime)) }

    private static func header(start: Int64, end: Int64) -> [UInt16] {
        var storage = [UInt16](repeating: 0, count: headerCount)
        setWord(&storage, 0, start)
        setWord(&storage, 2, end)
        return storage
    }

    private static func word(_ storage: [UInt16], _ index: Int) -> Int64 {
        Int64(storage[index]) | Int64(storage[index + 1]) << 16
    }

    private static func setWord(_ storage: inout [UInt16], _ index: Int, _ value: Int64) {
        let value = clamped(value)
        storage[index] = UInt16(truncatingIfNeeded: value)
        storage[index + 1] = UInt16(truncatingIfNeeded: value >> 16)
    }
}
