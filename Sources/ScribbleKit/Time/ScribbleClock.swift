import Dispatch

/// A scribble's clock: milliseconds of drawing time since the scribble was made, what every
/// mark's times (`StrokeTimes`, `Dot.time`) are measured on.
///
/// It runs while the scribble is open and, when it is opened again, goes on from the end of
/// its last mark: the time between sessions is not kept (a replay skips such gaps anyway),
/// so a scribble's times stay small and a file says nothing about when it was opened.
public struct ScribbleClock: Sendable {
    /// Reads a monotonic time in nanoseconds (a test passes its own).
    private let reading: @Sendable () -> UInt64
    /// The reading at which the clock showed 0 (as a signed number: it may lie before the
    /// reading's own zero).
    private var origin: Int64
    /// The time the clock stands still at, while it is held (`hold(at:)`).
    private var held: Int64?

    /// A clock at 0 now, reading the system's monotonic clock unless told another `reading`.
    public init(reading: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.reading = reading
        origin = Int64(truncatingIfNeeded: reading())
    }

    /// The time now, in milliseconds.
    public var now: Int64 { held ?? (Int64(truncatingIfNeeded: reading()) - origin) / 1_000_000 }

    /// Stops the clock at `time` (by default, now) until `release()`: one step of the
    /// history — a command, an undo — happens at one time, the same for every mark it makes
    /// or takes off and for its journal record; and a journal's replay runs at the times its
    /// records say.
    public mutating func hold(at time: Int64? = nil) {
        held = time ?? now
    }

    /// Whether the clock stands still.
    public var isHeld: Bool { held != nil }

    /// Lets the clock run again, on from where it was held if that is later than its own time.
    public mutating func release() {
        guard let time = held else { return }
        held = nil
        runOn(from: time)
    }

    /// Sets the clock so that it shows `time` now (milliseconds), unless it is already later.
    public mutating func runOn(from time: Int64) {
        guard time > now else { return }
        origin = Int64(truncatingIfNeeded: reading()) - time * 1_000_000
    }

}
