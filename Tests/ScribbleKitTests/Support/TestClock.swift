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

extension Document {
    /// A document saving into `folder` whose scribble keeps time on `clock`.
    @MainActor
    static func timed(in folder: TemporaryDirectory, _ clock: TestClock) -> Document {
        let document = Document(manager: ScribbleManager(directory: folder.file("g")), hop: { _ in })
        document.scribble.clock = clock.clock
        return document
    }

    /// Draws a stroke of six vertices 10 ms apart on `clock`, as the pen does (one step in the
    /// history, then finished): from `origin`, the others `offset(index)` from it.
    @MainActor @discardableResult
    func drawTimed(_ clock: TestClock, at origin: Point, color: Color, size: Float, offset: (Int) -> Point) -> Stroke {
        let stroke = Stroke(color: color, size: size)
        stroke.append(origin)
        execute(DrawScribbleCommand(scribble: scribble, mark: stroke))
        for index in 1..<6 {
            clock.advance(10)
            let step = offset(index)
            scribble.append(Point(x: origin.x + step.x, y: origin.y + step.y), to: stroke)
        }
        markFinished(stroke)
        return stroke
    }
}
