import ScribbleKit

/// The tools' hit testing on the big scribble (SPEC §7): a select click and an eraser step
/// each walk the top-level marks, skipping by their bounds, and the vertices of those whose
/// bounds reach the point.
enum ToolBenchmarks {
    /// Adds `hit_test_ms@1m` (the slowest of 200 random clicks: most miss, and a miss walks
    /// every mark whose bounds hold the point) and `erase_step_ms@1m` (an eraser step of 6 px).
    static func run(into report: Report) {
        let scribble = BigScribble.scribble()
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
        report.add("hit_test_ms@1m", clicks.max() ?? .nan, "ms", limit: 5)
        report.add("hit_test_median_ms@1m", median(clicks), "ms")
        report.add("erase_step_ms@1m", steps.max() ?? .nan, "ms", limit: 5)
        precondition(hits > 0, "the clicks should hit something") // and keeps the work from being optimised away
    }
}
