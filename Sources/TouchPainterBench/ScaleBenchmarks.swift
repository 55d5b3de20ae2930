import Foundation
import ScribbleKit

/// How the app's costs grow past the big scribble (issue 35): the same metrics at 1M and at
/// 10M vertices (10,000 strokes of 1,000, the same generator: the first 1,000 strokes are the
/// big scribble), measured in one run so the two compare. Time-to-X figures should grow at most
/// linearly, memory exactly linearly, and per-event figures not at all; `app_rss_mb` is the
/// whole app's peak once the drawing is on show (with a `DISPLAY`). Not part of the
/// default suites (the 10M model alone takes a minute to build and measure, more on a busy
/// machine): `make bench-scale` or `bash scripts/bench.sh --only scale`.
@MainActor
enum ScaleBenchmarks {
    /// Strokes at each size, and the label its metrics carry.
    static let sizes: [(label: String, strokes: Int)] = [("1m", BigScribble.strokeCount), ("10m", 10 * BigScribble.strokeCount)]

    /// Runs every scale metric with the `app` binary (for the export); `folder` is a scratch folder.
    static func run(into report: Report, folder: String, app: String) throws {
        var perEvent: [String: Double] = [:]
        for (label, strokes) in sizes {
            let vertices = Double(strokes * BigScribble.verticesPerStroke)
            let path = folder + "/scale-\(label).scribble"
            do {
                let scribble = BigScribble.scribble(strokes: strokes)
                try ScribbleManager.save(scribble, toPath: path)
                addHitTests(on: scribble, label: label, to: report)
                let render = CanvasBenchmarks.fullRenderMilliseconds(on: [.plain], rounds: 3, scribble: scribble)[0]
                report.add("full_render_ms@\(label)", render, "ms", limit: label == "1m" ? 1000 : 10 * 1000)
                perEvent[label] = motionEventMicroseconds(on: scribble)
                report.add("motion_event_us@\(label)_scale", perEvent[label] ?? .nan, "us", limit: 30)
            }
            let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let decode = try (0..<3).map { _ in try milliseconds { _ = try ScribbleMemento(data: data) } }
            report.add("decode_ms@\(label)", median(decode), "ms")
            report.add("open_ms@\(label)", try StorageBenchmarks.openMilliseconds(path, rounds: 3), "ms", limit: label == "1m" ? 1200 : 12_000)
            if let bytes = try StorageBenchmarks.memoryProbe(path, folder: folder) {
                report.add("memory_bytes_per_vertex@\(label)", bytes / vertices, "bytes", limit: 10)
            }
            if ProcessInfo.processInfo.environment["DISPLAY"] != nil {
                // The whole app with the drawing on show (scripts/bench.sh gives it an Xvfb).
                try FileManager.default.createDirectory(atPath: folder + "/scale-gallery", withIntermediateDirectories: true)
                var environment = AppBenchmarks.appEnvironment(gallery: folder + "/scale-gallery", folder: folder)
                environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
                let peak = try TapsBenchmarks.peakMegabytesOpening(path, app: app, environment: environment, vertices: Int(vertices))
                report.add("app_rss_mb@\(label)", peak, "MB", limit: label == "10m" ? 180 : nil)
            }
            let png = (0..<3).map { _ in ExportBenchmarks.exportRun(app, [path, folder + "/scale.png", "--width", "1024"]) }
            report.add("export_png_ms@\(label)", median(png.map(\.milliseconds)), "ms", limit: label == "1m" ? 1100 : 11_000)
            report.add("export_png_peak_rss_mb@\(label)", median(png.map(\.peakMegabytes)), "MB")
            unlink(path)
        }
        if let small = perEvent["1m"], let large = perEvent["10m"] {
            report.add("motion_event_ratio@10m", large / small, "x", limit: 1.5)
        }
    }

    /// The median select click and the slowest eraser step at 200 random places (as
    /// `ToolBenchmarks` on the big scribble).
    private static func addHitTests(on scribble: Scribble, label: String, to report: Report) {
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
        precondition(hits > 0, "the clicks should hit something")
        report.add("hit_test_median_ms@\(label)", median(clicks), "ms")
        report.add("erase_step_median_ms@\(label)", median(steps), "ms")
    }

    /// The median motion event (see `CanvasBenchmarks.motionEventMicroseconds`) drawing ten
    /// strokes of 200 events on a canvas showing `scribble`; the strokes are undone after.
    private static func motionEventMicroseconds(on scribble: Scribble) -> Double {
        let history = CommandHistory()
        let canvas = CanvasHarness(scribble)
        var walk = RandomWalk(seed: 42)
        var samples: [Double] = []
        for round in 0..<12 {
            walk.lift()
            let pen = walk.pen()
            let stroke = Stroke(color: pen.color, size: pen.size)
            stroke.append(walk.current)
            history.execute(DrawScribbleCommand(scribble: scribble, mark: stroke))
            canvas.present()
            for _ in 0..<CanvasBenchmarks.eventsPerStroke {
                let point = walk.next()
                let start = monotonicNanoseconds()
                scribble.append(point, to: stroke)
                canvas.present()
                if round >= 2 { samples.append(Double(monotonicNanoseconds() - start) / 1e3) }
            }
            scribble.finish(stroke)
        }
        while history.canUndo { history.undo() }
        canvas.waitForCurrentFrame()
        return median(samples)
    }
}
