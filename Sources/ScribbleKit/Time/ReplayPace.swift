/// The replay's own time against the drawing's: with idle gaps skipped, every pause longer
/// than `longestPause` in which nothing was drawn or taken off plays as `keptPause`, so an
/// evening's break or a night between sessions costs the viewer half a second.
public struct ReplayPace: Sendable {
    /// Pauses longer than this are cut (when skipping).
    public static let longestPause: Int64 = 2000
    /// What is left of a pause that is cut.
    public static let keptPause: Int64 = 500

    /// The stretches of drawing time cut, in order: from `start` to `end`.
    private let cuts: [(start: Int64, end: Int64)]
    /// How much was cut before each cut (`cuts.count + 1` entries).
    private let cutBefore: [Int64]
    /// The drawing's length.
    private let duration: Int64

    /// The pace of `timeline`, cutting long pauses when `skippingIdle`.
    public init(_ timeline: ReplayTimeline, skippingIdle: Bool) {
        duration = timeline.duration
        var cuts: [(start: Int64, end: Int64)] = []
        if skippingIdle {
            var busyUntil: Int64 = 0
            for event in timeline.events {
                if event.time - busyUntil > Self.longestPause { cuts.append((busyUntil + Self.keptPause, event.time)) }
                let end = event.change == .draw ? timeline.items[Int(event.item)].end : event.time
                busyUntil = max(busyUntil, end)
            }
        }
        self.cuts = cuts
        var total: Int64 = 0
        var cutBefore = [total]
        for cut in cuts {
            total += cut.end - cut.start
            cutBefore.append(total)
        }
        self.cutBefore = cutBefore
    }

    /// How long the replay plays.
    public var playDuration: Int64 { playTime(at: duration) }

    /// The replay's time at drawing time `time`.
    public func playTime(at time: Int64) -> Int64 {
        var low = 0, high = cuts.count // the cuts that start before `time`
        while low < high {
            let middle = (low + high) / 2
            if cuts[middle].start < time { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return time }
        let cut = cuts[low - 1]
        return time - cutBefore[low - 1] - (min(time, cut.end) - cut.start)
    }

    /// The drawing time at the replay's time `play`: a moment at a cut goes on after it.
    public func drawingTime(at play: Int64) -> Int64 {
        var low = 0, high = cuts.count // the cuts that lie at or before `play` in the replay's time
        while low < high {
            let middle = (low + high) / 2
            if cuts[middle].start - cutBefore[middle] <= play { low = middle + 1 } else { high = middle }
        }
        return min(play + cutBefore[low], duration)
    }
}
