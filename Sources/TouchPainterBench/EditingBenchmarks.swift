import Glibc
import ScribbleKit

/// Shapes and selection edits (issue 29): the shape recogniser on a long stroke, a lasso
/// around half the big scribble, and a drag of the rotate handle with ten thousand marks
/// selected, through the engine's select tool and `CanvasHarness` as the canvas runs them.
@MainActor
enum EditingBenchmarks {
    /// Runs the editing metrics.
    static func run(into report: Report) {
        report.add("recognise_ms", recognizeMilliseconds(), "ms", limit: 5)
        let lasso = lassoMilliseconds()
        report.add("lasso_select_ms@1m", lasso.enclosed, "ms", limit: 50)
        report.add("lasso_touch_select_ms@1m", lasso.touched, "ms")
        let (frames, lift, release) = rotateDragFrames()
        report.add("transform_drag_frame_ms_p99@10k", percentile(frames, 0.99), "ms", limit: 16)
        report.add("transform_drag_frame_ms_median@10k", median(frames), "ms")
        report.add("transform_lift_ms@10k", lift, "ms")
        report.add("transform_release_ms@10k", release, "ms")
    }

    /// The median of 40 runs of the recogniser on a wobbly hand-drawn ellipse of 2,000 points
    /// (the slowest case: every shape is fitted).
    static func recognizeMilliseconds() -> Double {
        var rng = SplitMix64(seed: 29)
        let points = (0..<2000).map { index -> Point in
            let t = 2 * Double.pi * Double(index) / 1999 * 1.02
            let wobble = 1 + 0.015 * sin(5 * t)
            return Point(
                500 + 300 * wobble * cos(t) + Double.random(in: -0.7...0.7, using: &rng),
                400 + 180 * wobble * sin(t) + Double.random(in: -0.7...0.7, using: &rng))
        }
        var found = 0
        let times = (0..<40).map { _ in milliseconds { if ShapeRecognizer.recognize(points, width: 4)?.shape == .ellipse { found += 1 } } }
        precondition(found == 40, "the ellipse should be recognised")
        return median(times)
    }

    /// A lasso of 600 points wobbling round the left half of the big scribble: the time to find
    /// the marks wholly inside it, and those it touches (the median of 5 runs each).
    static func lassoMilliseconds() -> (enclosed: Double, touched: Double) {
        let scribble = BigScribble.scribble()
        let (width, height) = (Double(RandomWalk.canvas.width), Double(RandomWalk.canvas.height))
        let points = (0..<600).map { index -> Point in
            let t = 2 * Double.pi * Double(index) / 600
            let radius = 1 + 0.02 * sin(9 * t)
            return Point(width / 4 + width / 4 * 1.05 * radius * cos(t), height / 2 + height / 2 * 1.05 * radius * sin(t))
        }
        let lasso = Lasso(points)
        var picked = 0
        let enclosed = (0..<5).map { _ in milliseconds { picked += scribble.marks(in: lasso, touching: false).count } }
        let touched = (0..<5).map { _ in milliseconds { picked += scribble.marks(in: lasso, touching: true).count } }
        precondition(picked > 0, "the lasso should pick something")
        return (median(enclosed), median(touched))
    }

    /// Ten thousand strokes of 20 vertices (handwriting over the canvas), all selected; the
    /// rotate handle dragged round at 60 Hz. The first step lifts the selection off the canvas:
    /// how long until its picture is on show (rendered in the background, the frames going on
    /// meanwhile); then 60 steps, each one's main-thread time with the frame after it; then
    /// the release's, which puts the turned copies in place.
    static func rotateDragFrames() -> (frames: [Double], lift: Double, release: Double) {
        var walk = RandomWalk(seed: 2929)
        let scribble = Scribble()
        for _ in 0..<10_000 {
            walk.lift()
            let pen = walk.pen()
            let stroke = Stroke(color: pen.color, size: pen.size)
            stroke.append(walk.current)
            for _ in 1..<20 { stroke.append(walk.next()) }
            scribble.add(stroke)
        }
        let harness = CanvasHarness(scribble)
        let host = harness.engine
        let tool = SelectTool(host: host)
        harness.apply(host.install(tool))
        host.selection.set(host.document.scribble.marks)
        guard let box = tool.box else { return ([], 0, 0) }
        let knob = box.position(of: .rotate), center = box.center
        let reach = Double(center.y - knob.y)
        func point(at step: Int) -> Point {
            let angle = -Double.pi / 2 + Double(step) * Double.pi / 60
            return Point(Double(center.x) + reach * cos(angle), Double(center.y) + reach * sin(angle))
        }
        func event(_ kind: ToolEvent.Kind, at point: Point) -> ToolEvent {
            ToolEvent(kind: kind, point: point, device: .mouse, button: kind == .motion ? 0 : 1, isPrimaryDown: kind == .motion)
        }
        harness.handle(event(.press, at: knob))
        let lifting = monotonicNanoseconds()
        harness.handle(event(.motion, at: point(at: 1)))
        while !harness.session.isLiftShown, monotonicNanoseconds() - lifting < 10_000_000_000 {
            harness.present()
            usleep(UInt32(ViewportBenchmarks.eventInterval / 1000))
        }
        let lift = Double(monotonicNanoseconds() - lifting) / 1e6
        var frames: [Double] = []
        for step in 2...61 {
            let start = monotonicNanoseconds()
            harness.handle(event(.motion, at: point(at: step)))
            harness.present()
            let spent = monotonicNanoseconds() - start
            frames.append(Double(spent) / 1e6)
            if spent < ViewportBenchmarks.eventInterval { usleep(UInt32((ViewportBenchmarks.eventInterval - spent) / 1000)) }
        }
        let release = monotonicNanoseconds()
        harness.handle(event(.release, at: Point(Double(center.x) - reach, Double(center.y))))
        harness.present()
        let dropped = Double(monotonicNanoseconds() - release) / 1e6
        precondition(host.document.history.canUndo, "the drag should be one undo step")
        return (frames, lift, dropped)
    }
}
