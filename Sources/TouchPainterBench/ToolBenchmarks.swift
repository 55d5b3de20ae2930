import ScribbleKit

/// The tools' hit testing on the big scribble (book chapter 19, the Strategy): a select click and an eraser step
/// each walk the top-level marks, skipping by their bounds, and the vertices of those whose
/// bounds reach the point.
@MainActor
enum ToolBenchmarks {
    /// Adds `hit_test_ms@1m` (the slowest of 200 random clicks: most miss, and a miss walks
    /// every mark whose bounds hold the point), `erase_step_ms@1m` (an eraser step of 6 px
    /// finding the marks it touches, which "Whole marks" removes) and
    /// `erase_part_step_ms@1m` (a step of the "Part of marks" eraser: finding, cutting and
    /// replacing the marks under it) and `erase_part_step_repaint_ms@1m` (the same, and the
    /// canvas' repaint of the area it changed).
    static func run(into report: Report) {
        let (clicks, steps) = clicksAndSteps(on: BigScribble.scribble())
        report.add("hit_test_ms@1m", clicks.max() ?? .nan, "ms", limit: 5)
        report.add("hit_test_median_ms@1m", median(clicks), "ms")
        report.add("erase_step_ms@1m", steps.max() ?? .nan, "ms", limit: 5)
        report.add("erase_part_step_ms@1m", partEraseSteps(repainting: false), "ms", limit: 2)
        report.add("erase_part_step_repaint_ms@1m", partEraseSteps(repainting: true), "ms")
    }

    /// The times of 200 select clicks and of 200 eraser steps of 6 px (8 px radius) finding
    /// what they touch, at random places on `scribble` (the same places for every drawing).
    static func clicksAndSteps(on scribble: Scribble) -> (clicks: [Double], steps: [Double]) {
        var walk = RandomWalk(seed: 13)
        var clicks: [Double] = []
        var steps: [Double] = []
        var hits = 0
        for _ in 0..<200 {
            walk.lift()
            let point = walk.current
            clicks.append(milliseconds { if scribble.topmostMark(at: point) != nil { hits += 1 } })
            let next = Point(x: point.x + 6, y: point.y)
            steps.append(milliseconds { hits += scribble.marks(touchedAlongSegmentFrom: point, to: next, radius: 8).count })
        }
        precondition(hits > 0, "the clicks should hit something") // and keeps the work from being optimised away
        return (clicks, steps)
    }

    /// The slowest of 200 "Part of marks" eraser steps of 6 px (8 px radius) at random
    /// places, with a short drag of 5 steps each (so pieces are cut again), one gesture in all;
    /// `repainting`, with the canvas brought up to date after each, as `CanvasView` does.
    private static func partEraseSteps(repainting: Bool) -> Double {
        let scribble = BigScribble.scribble()
        let canvas = repainting ? CanvasHarness(scribble) : nil
        let command = CutMarksCommand(scribble: scribble)
        var walk = RandomWalk(seed: 29)
        var steps: [Double] = []
        for _ in 0..<40 {
            walk.lift()
            var point = walk.current
            for _ in 0..<5 {
                let next = Point(x: point.x + 6, y: point.y)
                steps.append(
                    milliseconds {
                        command.erase(EraserStep(from: point, to: next, radius: 8))
                        canvas?.present()
                    })
                point = next
            }
        }
        precondition(!command.isEmpty, "the eraser should cut something")
        return steps.max() ?? .nan
    }
}
