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
            try addOpenMetrics(path, label: label, vertices: Int(vertices), fullFrame: true, into: report, folder: folder, app: app)
            let png = (0..<3).map { _ in ExportBenchmarks.exportRun(app, [path, folder + "/scale.png", "--width", "1024"]) }
            report.add("export_png_ms@\(label)", median(png.map(\.milliseconds)), "ms", limit: label == "1m" ? 1100 : 11_000)
            report.add("export_png_peak_rss_mb@\(label)", median(png.map(\.peakMegabytes)), "MB")
            unlink(path)
        }
        if let small = perEvent["1m"], let large = perEvent["10m"] {
            report.add("motion_event_ratio@10m", large / small, "x", limit: 1.5)
        }
    }

    /// Only the opening metrics at both sizes (`--only open`): a quick look at what opening
    /// costs, without the full renders, drags and exports of `run`.
    static func runOpen(into report: Report, folder: String, app: String) throws {
        for (label, strokes) in sizes {
            let path = folder + "/scale-\(label).scribble"
            try ScribbleManager.save(BigScribble.scribble(strokes: strokes), toPath: path)
            let vertices = strokes * BigScribble.verticesPerStroke
            try addOpenMetrics(path, label: label, vertices: vertices, fullFrame: false, into: report, folder: folder, app: app)
            unlink(path)
        }
    }

    /// Decoding and opening the file at `path` (of `vertices` vertices) in process — with a
    /// full frame of all of it when `fullFrame` — its thumbnail, the model's memory, and the
    /// real app opening it (with a `DISPLAY`).
    private static func addOpenMetrics(
        _ path: String, label: String, vertices: Int, fullFrame: Bool, into report: Report, folder: String, app: String
    ) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let decode = try (0..<3).map { _ in try milliseconds { _ = try ScribbleMemento(data: data) } }
        report.add("decode_ms@\(label)", median(decode), "ms")
        var cpu: [Double] = []
        let opens = try (0..<3).map { _ in
            let start = processCPUNanoseconds()
            defer { cpu.append(Double(processCPUNanoseconds() - start) / 1e6) }
            return try StorageBenchmarks.openTimes(path, fullFrame: fullFrame)
        }
        report.add("open_ms@\(label)", median(opens.map { $0.firstScreen }), "ms", limit: label == "1m" ? 400 : 800)
        report.add("open_all_ms@\(label)", median(opens.map { $0.whole }), "ms", limit: label == "1m" ? 1000 : 3000)
        if fullFrame {
            report.add("open_full_frame_ms@\(label)", median(opens.map { $0.fullFrame }), "ms")
        } else {
            report.add("open_all_cpu_ms@\(label)", median(cpu), "ms")
        }
        report.add("thumbnail_ms@\(label)", try thumbnailMilliseconds(path, folder: folder), "ms")
        if let bytes = try StorageBenchmarks.memoryProbe(path, folder: folder) {
            report.add("memory_bytes_per_vertex@\(label)", bytes / Double(vertices), "bytes", limit: 10)
        }
        if ProcessInfo.processInfo.environment["DISPLAY"] != nil {
            // The whole app with the drawing on show (scripts/bench.sh gives it an Xvfb).
            try FileManager.default.createDirectory(atPath: folder + "/scale-gallery", withIntermediateDirectories: true)
            var environment = AppBenchmarks.appEnvironment(gallery: folder + "/scale-gallery", folder: folder)
            environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
            let open = try appOpen(path, app: app, environment: environment, vertices: vertices)
            report.add("app_rss_mb@\(label)", open.peak, "MB", limit: label == "10m" ? 180 : nil)
            report.add("app_open_first_frame_ms@\(label)", open.firstFrame, "ms")
            report.add("app_open_whole_frame_ms@\(label)", open.wholeFrame, "ms")
        }
    }

    /// The CPU time this process has used, on every thread (`CLOCK_PROCESS_CPUTIME_ID`).
    private static func processCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// The real app launched with `path`: from its start to its first canvas frame showing
    /// marks (the first part of the drawing), and to the full frame of all `vertices`; then its
    /// peak resident memory (`VmHWM`).
    private static func appOpen(_ path: String, app: String, environment: [String: String], vertices: Int) throws
        -> (firstFrame: Double, wholeFrame: Double, peak: Double)
    {
        let child = try ChildProcess(app, arguments: [path], environment: environment)
        defer { child.stop() }
        let since = { Double(monotonicNanoseconds() - child.spawnedAt) / 1e6 }
        var firstFrame: Double?
        let wholeFrame = try child.firstValue { fields -> Double? in
            guard fields.first == "full-frame", fields.count == 3, let shown = Int(fields[2]), shown > 0 else { return nil }
            let now = since()
            if firstFrame == nil { firstFrame = now }
            return shown >= vertices ? now : nil
        }
        return (firstFrame ?? wholeFrame, wholeFrame, try GalleryBenchmarks.peakMegabytes(of: child.pid))
    }

    /// The median time the gallery takes to make the thumbnail of `path` afresh (none in the
    /// cache): the file read and decoded, drawn at 256 px, stored in a cache of the bench's own.
    private static func thumbnailMilliseconds(_ path: String, folder: String) throws -> Double {
        let cache = folder + "/thumbnails"
        let manager = ScribbleManager(directory: folder, thumbnails: ThumbnailCache(root: cache))
        let samples = try (0..<3).map { _ in
            try? FileManager.default.removeItem(atPath: cache)
            return try milliseconds {
                guard case .image = manager.thumbnail(ofScribbleAt: path) else {
                    throw ChildProcess.Failure(description: "no thumbnail of \(path)")
                }
            }
        }
        try? FileManager.default.removeItem(atPath: cache)
        return median(samples)
    }

    /// The median select click and the slowest eraser step at 200 random places (as
    /// `ToolBenchmarks` on the big scribble).
    private static func addHitTests(on scribble: Scribble, label: String, to report: Report) {
        let (clicks, steps) = ToolBenchmarks.clicksAndSteps(on: scribble)
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
