import Glibc
import ScribbleKit

/// The camera over the big scribble, through `CanvasHarness`: what the main thread
/// spends from a wheel notch or a drag step to the frame that shows it, and how long the sharp
/// frame takes after a zoom and a fit. Events come at 60 Hz, as a wheel or a drag sends them,
/// so background renders run between them as they do in the app.
@MainActor
enum ViewportBenchmarks {
    /// Time between two events of a burst: a 60 Hz frame.
    static let eventInterval: UInt64 = 16_666_667

    /// Runs the viewport metrics.
    static func run(into report: Report) {
        let harness = CanvasHarness(BigScribble.scribble())
        report.add("pan_frame_ms_p99@1m", percentile(panFrames(harness), 0.99), "ms", limit: 16)
        report.add("zoom_step_ms_p99@1m", percentile(zoomSteps(harness), 0.99), "ms", limit: 16)
        report.add("zoom_settle_ms@1m", zoomSettle(harness), "ms", limit: 250)
        report.add("fit_ms@1m", fit(harness), "ms", limit: 400)
    }

    /// A 60-step pan across the drawing at 100 %, 17 px a step right then back, a little down:
    /// each step's main-thread time to its frame.
    static func panFrames(_ harness: CanvasHarness) -> [Double] {
        harness.changeView { $0.fit(.null) }
        harness.waitForCurrentFrame()
        harness.present()
        return (0..<60).map { step in
            paced(harness) { harness.changeView { $0.pan(byViewX: step < 30 ? 17 : -17, y: step < 30 ? 3 : -3) } }
        }
    }

    /// Twelve Ctrl+wheel notches in about a point, then twelve out: each notch's main-thread
    /// time to its frame (the last frame scaled, or the sharp one when it is ready).
    static func zoomSteps(_ harness: CanvasHarness) -> [Double] {
        harness.waitForCurrentFrame()
        let (x, y) = (400.0, 300.0)
        return (0..<24).map { notch in
            paced(harness) { harness.changeView { $0.zoom(steps: notch < 12 ? 1 : -1, aboutViewX: x, y: y) } }
        }
    }

    /// From the whole drawing fitted, notches in to 400 % at 60 Hz: the time from the last
    /// notch to the sharp frame at 400 % on show.
    static func zoomSettle(_ harness: CanvasHarness) -> Double {
        let bounds = harness.scribble.root.bounds
        harness.changeView { $0.fit(bounds) }
        harness.waitForCurrentFrame()
        harness.present()
        while harness.session.viewport.zoom < 4 / Viewport.step - 1e-9 {
            _ = paced(harness) { harness.changeView { $0.zoom(steps: 1, aboutViewX: 512, y: 384) } }
        }
        return milliseconds {
            harness.changeView { $0.zoom(steps: 1, aboutViewX: 512, y: 384) }
            harness.present()
            harness.waitForCurrentFrame()
            harness.present()
        }
    }

    /// From 400 %, Fit Drawing: the time to the whole drawing shown sharp.
    static func fit(_ harness: CanvasHarness) -> Double {
        harness.waitForCurrentFrame()
        harness.present()
        let bounds = harness.scribble.root.bounds
        return milliseconds {
            harness.changeView { $0.fit(bounds) }
            harness.present()
            harness.waitForCurrentFrame()
            harness.present()
        }
    }

    /// The main-thread time of `move` and the frame after it; then waits out the rest of a
    /// 60 Hz interval, while background renders go on.
    private static func paced(_ harness: CanvasHarness, _ move: () -> Void) -> Double {
        let start = monotonicNanoseconds()
        move()
        harness.present()
        let spent = monotonicNanoseconds() - start
        if spent < eventInterval { usleep(UInt32((eventInterval - spent) / 1000)) }
        return Double(spent) / 1e6
    }
}
