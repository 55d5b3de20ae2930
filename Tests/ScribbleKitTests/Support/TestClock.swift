import Synchronization
@testable import ScribbleKit

/// A clock a test moves by hand: a `ScribbleClock` reading it stands still until told.
final class TestClock: Sendable {
    private let nanoseconds = Mutex<UInt64>(1_000_000_000)

    /// A scribble clock that reads this one.
    var clock: ScribbleClock { ScribbleClock(reading: { self.nanoseconds.withLock { $0 } }) }

    /// Moves the time on by `milliseconds`.
    func advance(_ milliseconds: Int64) {
        nanoseconds.withLock { $0 += UInt64(milliseconds) * 1_000_000 }
    }
}

/// The times of a mark, to compare: start, end, each child's step.
func timesOf(_ mark: Mark) -> [Int64] {
    guard let start = mark.startTime, let end = mark.endTime else { return [] }
    let steps = (mark as? Stroke).map { $0.times.steps(count: $0.count).map(Int64.init) } ?? []
    return [start, end] + steps
}
