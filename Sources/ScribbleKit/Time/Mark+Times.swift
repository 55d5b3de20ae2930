/// The times of a mark (`StrokeTimes` for a stroke, `Dot.time` for a dot), whatever kind it is.
extension Mark {
    /// When the mark started to appear, in milliseconds on its scribble's clock; `nil` when
    /// untimed (a plain vertex is always).
    public var startTime: Int64? {
        switch self {
        case let stroke as Stroke: stroke.times.start
        case let dot as Dot: dot.time.map(Int64.init)
        case let picture as Picture: picture.time.map(Int64.init)
        case let text as TextBox: text.time.map(Int64.init)
        default: nil
        }
    }

    /// When the mark was complete (its last vertex); `nil` when untimed.
    public var endTime: Int64? {
        switch self {
        case let stroke as Stroke: stroke.times.end
        case let dot as Dot: dot.time.map(Int64.init)
        case let picture as Picture: picture.time.map(Int64.init)
        case let text as TextBox: text.time.map(Int64.init)
        default: nil
        }
    }

    /// Gives the mark `time` for all of it at once: a mark made by an edit, a paste, a
    /// stamp, a recognised shape or an import appears whole at the edit's time.
    func stamp(at time: Int64) {
        switch self {
        case let stroke as Stroke: stroke.times = .at(StrokeTimes.clamped(time))
        case let dot as Dot: dot.time = StrokeTimes.clamped(time)
        case let picture as Picture: picture.time = StrokeTimes.clamped(time)
        case let text as TextBox: text.time = StrokeTimes.clamped(time)
        default: break
        }
    }

    /// Forgets the mark's times, so that the scribble it is put on times it as new: for the
    /// copies an edit, a paste or a stamp makes of timed marks.
    func clearTimes() {
        switch self {
        case let stroke as Stroke: stroke.times = .untimed
        case let dot as Dot: dot.time = nil
        case let picture as Picture: picture.time = nil
        case let text as TextBox: text.time = nil
        default: break
        }
    }

    /// Gives an untimed mark the time `start`, for all of it at once: a drawing from a file
    /// of a version before times replays its marks at an even pace, each appearing whole
    /// (no steps to keep, so opening a large old drawing costs no allocation a mark).
    func pace(from start: Int64) -> Int64 {
        stamp(at: start)
        return start
    }
}
