/// The laser pointer's ink, without drawing: the lines drawn and when each last moved, and
/// how visible each is at a given time. A line stays whole while the pointer moves and for
/// `holdMilliseconds` after it stops, then fades out over `fadeMilliseconds` and is gone.
/// Times are milliseconds on any clock that only goes forward (the tool's is monotonic).
public struct LaserTrail: Sendable {
    /// How long a line stays whole after the pointer stops.
    public static let holdMilliseconds = 500.0
    /// How long it then takes to fade out.
    public static let fadeMilliseconds = 300.0

    /// One line: its points (canvas coordinates) and when the last was added.
    public struct Line: Sendable {
        public var points: [Point]
        public var lastMove: Double
        /// The points' bounds.
        public var bounds: Rect
    }

    /// The lines still visible, oldest first.
    public private(set) var lines: [Line] = []

    /// No lines.
    public init() {}

    /// How visible a line is `elapsed` milliseconds after its pointer stopped: 1 for the
    /// first `holdMilliseconds`, then falling evenly to 0 over `fadeMilliseconds`.
    public static func opacity(sinceStop elapsed: Double) -> Double {
        let fading = elapsed - holdMilliseconds
        return fading <= 0 ? 1 : max(0, 1 - fading / fadeMilliseconds)
    }

    /// Starts a line at `point` at `time`.
    public mutating func begin(at point: Point, time: Double) {
        lines.append(Line(points: [point], lastMove: time, bounds: Rect.null.union(point)))
    }

    /// Extends the newest line to `point` at `time`; returns the new segment's bounds.
    @discardableResult
    public mutating func extend(to point: Point, time: Double) -> Rect {
        guard var line = lines.popLast() else { return .null }
        let segment = Rect.null.union(line.points[line.points.count - 1]).union(point)
        line.points.append(point)
        line.lastMove = time
        line.bounds = line.bounds.union(point)
        lines.append(line)
        return segment
    }

    /// The opacity of `line` at `now`.
    public func opacity(of line: Line, at now: Double) -> Double {
        Self.opacity(sinceStop: now - line.lastMove)
    }

    /// Removes the lines faded out by `now`; returns the bounds of what changed on screen by
    /// then (the lines fading, and the ones removed).
    public mutating func fade(at now: Double) -> Rect {
        var changed = Rect.null
        for line in lines where opacity(of: line, at: now) < 1 { changed = changed.union(line.bounds) }
        lines.removeAll { Self.opacity(sinceStop: now - $0.lastMove) <= 0 }
        return changed
    }

    /// Removes every line; returns their bounds.
    public mutating func clear() -> Rect {
        defer { lines = [] }
        return lines.reduce(Rect.null) { $0.union($1.bounds) }
    }
}
