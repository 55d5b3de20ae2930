import ScribbleKit

/// What each smoothing level adds to a motion event in the canvas engine, measured in
/// process, where no frame clock or scheduler decides how much work an event gets (issue 32):
/// a press, `eventsPerStroke` motions and a release through the engine and the pen, as the
/// app's canvas hands them over (`CanvasHarness.handle`), each motion timed with the frame
/// after it (`CanvasHarness.present`). One canvas a level; the levels take turns, a stroke at a time,
/// over the same random walk, so whatever else the machine does weighs on them alike.
@MainActor
enum SmoothingBenchmarks {
    /// Adds `motion_event_us@0_smoothing_<level>` for each level and
    /// `motion_event_ratio_smoothing_<level>` (≤ 1.1: that level's median ÷ smoothing off's).
    static func run(into report: Report) {
        let levels = Smoothing.allCases
        let perEvent = motionEventMicroseconds(levels: levels)
        let off = perEvent[levels.firstIndex(of: .off) ?? 0]
        for (level, value) in zip(levels, perEvent) {
            report.add("motion_event_us@0_smoothing_" + level.rawValue, value, "us")
            if level != .off { report.add("motion_event_ratio_smoothing_" + level.rawValue, value / off, "x", limit: 1.1) }
        }
    }

    /// The median time of a motion event and its frame at each of `levels`.
    static func motionEventMicroseconds(levels: [Smoothing]) -> [Double] {
        let canvases = levels.map { level in
            let canvas = CanvasHarness(Scribble())
            canvas.engine.preferences.smoothing = level
            return canvas
        }
        var walks = [RandomWalk](repeating: RandomWalk(seed: 32), count: canvases.count)
        var samples = [[Double]](repeating: [], count: canvases.count)
        let warmUpRounds = 2
        for round in 0..<(warmUpRounds + CanvasBenchmarks.motionEvents / CanvasBenchmarks.eventsPerStroke) {
            for (index, canvas) in canvases.enumerated() {
                var walk = walks[index]
                defer { walks[index] = walk }
                walk.lift()
                canvas.handle(ToolEvent(kind: .press, point: walk.current, device: .mouse, button: 1))
                canvas.present()
                for _ in 0..<CanvasBenchmarks.eventsPerStroke {
                    let event = ToolEvent(kind: .motion, point: walk.next(), device: .mouse, isPrimaryDown: true)
                    let start = monotonicNanoseconds()
                    canvas.handle(event)
                    canvas.present()
                    if round >= warmUpRounds { samples[index].append(Double(monotonicNanoseconds() - start) / 1e3) }
                }
                canvas.handle(ToolEvent(kind: .release, point: walk.current, device: .mouse, button: 1))
                canvas.present()
            }
        }
        for canvas in canvases {
            precondition(
                canvas.scribble.marks.count >= CanvasBenchmarks.motionEvents / CanvasBenchmarks.eventsPerStroke,
                "every stroke should be drawn")
        }
        return samples.map(median)
    }
}
