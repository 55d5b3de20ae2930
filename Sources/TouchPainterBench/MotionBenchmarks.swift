import Foundation
import ScribbleKit

/// The whole app under a drag of real X motion events, next to the floor: a minimal C GTK 3
/// scribble program (bench/floor/scribble_floor.c, built by scripts/bench.sh) that does the
/// same job with nothing else, so the figures say how far the app is from what GTK costs.
///
/// Each run launches the program, waits for its first frame (and for the big scribble's full
/// frame), then drags twice over the same circle in its window:
/// 1. unpaced, as fast as xdotool sends: the process' CPU time from before the drag to when
///    it is idle again, ÷ the motion events — what one event costs, frames included;
/// 2. paced at about 1 kHz: the 99th percentile of the `motion-to-frame-ms` lines, from each
///    event (its X server time) to the end of the frame showing its segment. (Under the
///    unpaced flood that figure would time the queue, not the program.)
enum MotionBenchmarks {
    /// Motion events in each drag.
    static let events = 2000
    /// Runs of each case; the figures are their medians.
    static let runs = 3

    /// Runs the motion metrics, or says why it cannot.
    static func run(into report: Report, folder: String, app: String, floor: String) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false, PointerDrag.isAvailable else {
            return note("motion metrics skipped: they need DISPLAY and xdotool (scripts/bench.sh starts Xvfb)")
        }
        guard FileManager.default.isExecutableFile(atPath: app), FileManager.default.isExecutableFile(atPath: floor) else {
            return note("motion metrics skipped: no app at \(app) or no floor program at \(floor) (scripts/bench.sh builds both)")
        }
        let environment = motionEnvironment(folder: folder)
        let big = try AppBenchmarks.bigScribble(in: folder)
        // The same drawing opened at 400 % about its middle (the view the file keeps).
        let zoomed = try AppBenchmarks.bigScribble(in: folder, view: ScribbleView(zoom: 4, centreX: 512, centreY: 384))

        let floorRuns = try (0..<runs).map { _ in try measure(floor, environment: environment) }
        let floorCPU = median(floorRuns.map(\.cpuMicroseconds))
        let appLimit = min(55, 1.25 * floorCPU)
        report.add("floor_motion_cpu_us", floorCPU, "us")
        report.add("floor_motion_to_frame_ms_p99", median(floorRuns.map(\.p99)), "ms")

        // The same on a paper canvas (issue 12): the texture lies in the backdrop, so a motion
        // event must cost what it costs on plain.
        let paper = paperEnvironment(environment, folder: folder)
        var cpu: [String: Double] = [:]
        for (suffix, arguments, vertices, environment) in [
            ("@0", [String](), 0, environment), ("@1m", [big], BigScribble.vertexCount, environment),
            ("@0_paper", [String](), 0, paper), ("@1m_paper", [big], BigScribble.vertexCount, paper),
            ("@1m_400", [zoomed], BigScribble.vertexCount, environment),
        ] {
            let appRuns = try (0..<runs).map { _ in
                try measure(app, arguments: arguments, environment: environment, vertices: vertices)
            }
            cpu[suffix] = median(appRuns.map(\.cpuMicroseconds))
            report.add("app_motion_cpu_us" + suffix, cpu[suffix] ?? .nan, "us", limit: appLimit)
            report.add("app_motion_to_frame_ms_p99" + suffix, median(appRuns.map(\.p99)), "ms", limit: 16)
            if suffix == "@0" { report.add("app_motion_cpu_ratio_to_floor", (cpu[suffix] ?? .nan) / floorCPU, "x", limit: 1.25) }
        }
        let onPaper = (cpu["@0_paper"] ?? .nan) + (cpu["@1m_paper"] ?? .nan)
        report.add("app_motion_cpu_paper_ratio", onPaper / ((cpu["@0"] ?? .nan) + (cpu["@1m"] ?? .nan)), "x", limit: 1.1)

        // Each smoothing level (issue 32): a motion event costs what it costs with smoothing
        // off, the path every stroke took before there were levels.
        try runSmoothing(into: report, folder: folder, app: app, environment: environment)
        try runOnWayland(into: report, folder: folder, app: app, floor: floor, environment: environment, x11CPU: cpu["@0"] ?? .nan)
    }

    /// The smoothing levels' interleaved drags (`MotionBenchmarks+Smoothing`) without the rest of `motion`.
    static func runSmoothingAlone(into report: Report, folder: String, app: String) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false, PointerDrag.isAvailable else {
            return note("smoothing metrics skipped: they need DISPLAY and xdotool (scripts/bench.sh starts Xvfb)")
        }
        try runSmoothing(into: report, folder: folder, app: app, environment: motionEnvironment(folder: folder))
    }

    /// The app's environment for the drags: its timing lines, no gallery, no stall watch.
    private static func motionEnvironment(folder: String) -> [String: String] {
        var environment = AppBenchmarks.appEnvironment(gallery: folder + "/motion-gallery", folder: folder)
        environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
        environment["TOUCHPAINTER_REPORT_STALLS"] = "0" // the stall watch's timer is not the app's work
        return environment
    }

    /// X11's `@0` drags and the Wayland ones, in the same run, without the rest of `motion`.
    static func runWaylandAlone(into report: Report, folder: String, app: String, floor: String) throws {
        let environment = motionEnvironment(folder: folder)
        let x11 = try (0..<runs).map { _ in try measure(app, environment: environment) }
        let cpu = median(x11.map(\.cpuMicroseconds))
        report.add("app_motion_cpu_us@0", cpu, "us")
        report.add("app_motion_to_frame_ms_p99@0", median(x11.map(\.p99)), "ms", limit: 16)
        try runOnWayland(into: report, folder: folder, app: app, floor: floor, environment: environment, x11CPU: cpu)
    }

    /// The same drag on a headless Wayland desktop (sway, 60 Hz), through the virtual pointer
    /// protocol: CPU per event within 1.25 × X11's in this run, and motion-to-frame — and the
    /// floor program's, which shows what GTK's frame clock allows there (a frame is committed
    /// only after the compositor's callback for the one before).
    private static func runOnWayland(
        into report: Report, folder: String, app: String, floor: String, environment: [String: String], x11CPU: Double
    ) throws {
        let input = (app as NSString).deletingLastPathComponent + "/wayland-input/wlinput"
        guard let sway = ChildProcess.executable(named: "sway"), FileManager.default.isExecutableFile(atPath: input) else {
            return note("Wayland motion metrics skipped: they need sway and \(input) (scripts/setup.sh test and scripts/bench.sh)")
        }
        let desktop = try WaylandDesktop(swayPath: sway)
        defer { desktop.stop() }
        let waylandRuns = try (0..<runs).map { _ in
            try measureOnWayland(app, environment: desktop.clientEnvironment(environment), desktop: desktop, input: input)
        }
        report.add("app_motion_cpu_us@0_wayland", median(waylandRuns.map(\.cpuMicroseconds)), "us", limit: 1.25 * x11CPU)
        report.add("app_motion_to_frame_ms_p99@0_wayland", median(waylandRuns.map(\.p99)), "ms", limit: 16)
        let floorRuns = try (0..<runs).map { _ in
            try measureOnWayland(floor, environment: desktop.clientEnvironment(environment), desktop: desktop, input: input)
        }
        report.add("floor_motion_cpu_us@0_wayland", median(floorRuns.map(\.cpuMicroseconds)), "us")
        report.add("floor_motion_to_frame_ms_p99@0_wayland", median(floorRuns.map(\.p99)), "ms")
    }

    /// One launch on `desktop`, measured as `measure` does on X11: an unpaced drag for CPU per
    /// event, a drag paced at about 1 kHz for motion-to-frame.
    private static func measureOnWayland(
        _ program: String, environment: [String: String], desktop: WaylandDesktop, input inputPath: String
    ) throws -> (cpuMicroseconds: Double, p99: Double) {
        let input = try WaylandInput(program: inputPath, desktop: desktop)
        defer { input.stop() }
        let child = try ChildProcess(program, arguments: [], environment: environment)
        defer { child.stop() }
        _ = try AppBenchmarks.startupMilliseconds(of: child)
        // The window fills the output; the circle lies inside the canvas, right of its tool bar.
        let (cx, cy, radius) = (WaylandDesktop.width / 2 + 60, WaylandDesktop.height / 2 + 30, 150)
        try input.send("move \(cx + radius - 4) \(cy)")
        try child.waitUntilIdle()
        let before = try child.cpuNanoseconds()
        _ = try waylandLatencies(input: input, command: "drag \(cx) \(cy) \(radius) \(events) 0", in: child)
        let cpu = Double(try child.cpuNanoseconds() - before) / 1e3 / Double(events)
        let latencies = try waylandLatencies(input: input, command: "drag \(cx) \(cy) \(radius) \(events) 1000", in: child)
        return (cpu, percentile(latencies, 0.99))
    }

    /// Runs the drag `command` while reading the app's `motion-to-frame-ms` lines (its output
    /// must not fill up while the drag runs), until it is idle again.
    private static func waylandLatencies(input: WaylandInput, command: String, in child: ChildProcess) throws -> [Double] {
        var figures: [Double] = []
        func collect(_ line: String) {
            let fields = line.split(separator: " ")
            if fields.first == "motion-to-frame-ms", fields.count == 2, let ms = Double(fields[1]) { figures.append(ms) }
        }
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Error?
        DispatchQueue.global().async {
            do { try input.send(command, timeout: 60) } catch { failure = error }
            finished.signal()
        }
        while finished.wait(timeout: .now()) == .timedOut { child.readLines(for: 0.02, collect) }
        if let failure { throw failure }
        try child.waitUntilIdle(collect)
        guard figures.count >= events else {
            throw ChildProcess.Failure(description: "\(child.path) timed \(figures.count) of \(events) motion events on Wayland")
        }
        return figures
    }

    /// `environment` with a preferences folder of its own holding `ini` as TouchPainter's settings.
    static func settingsEnvironment(_ environment: [String: String], folder: String, name: String, ini: String) -> [String: String] {
        let config = folder + "/config-" + name
        try? FileManager.default.createDirectory(atPath: config + "/gtk-3.0", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: config + "/touchpainter", withIntermediateDirectories: true)
        try? "[Settings]\ngtk-enable-animations=0\n".write(toFile: config + "/gtk-3.0/settings.ini", atomically: false, encoding: .utf8)
        try? ini.write(toFile: config + "/touchpainter/settings.ini", atomically: false, encoding: .utf8)
        var environment = environment
        environment["XDG_CONFIG_HOME"] = config
        return environment
    }

    /// `environment` with a preferences folder of its own that chooses the paper canvas.
    private static func paperEnvironment(_ environment: [String: String], folder: String) -> [String: String] {
        let config = folder + "/paper-config"
        try? FileManager.default.createDirectory(atPath: config + "/gtk-3.0", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: config + "/touchpainter", withIntermediateDirectories: true)
        try? "[Settings]\ngtk-enable-animations=0\n".write(toFile: config + "/gtk-3.0/settings.ini", atomically: false, encoding: .utf8)
        try? "[Canvas]\nkind=paper\n".write(toFile: config + "/touchpainter/settings.ini", atomically: false, encoding: .utf8)
        var environment = environment
        environment["XDG_CONFIG_HOME"] = config
        return environment
    }

    /// One launch of `program`: the CPU time of each motion event in an unpaced drag (µs),
    /// and the 99th percentile of motion-to-frame in a paced one (ms). With `vertices`, the
    /// drags wait for a full frame of that many vertices (the file in `arguments`).
    static func measure(
        _ program: String, arguments: [String] = [], environment: [String: String],
        vertices: Int = 0
    ) throws -> (cpuMicroseconds: Double, p99: Double) {
        let child = try ChildProcess(program, arguments: arguments, environment: environment)
        defer { child.stop() }
        _ = try AppBenchmarks.startupMilliseconds(of: child)
        if vertices > 0 {
            try child.firstValue { fields in
                fields.first == "full-frame" && fields.count == 3 && (Int(fields[2]) ?? 0) >= vertices ? () : nil
            }
        }
        let drag = PointerDrag(around: try PointerDrag.windowCenter(ofProcess: child.pid), count: events)
        try drag.moveToStart()
        try child.waitUntilIdle()

        let before = try child.cpuNanoseconds()
        _ = try latencies(of: drag, paced: false, in: child)
        let cpu = Double(try child.cpuNanoseconds() - before) / 1e3 / Double(events)

        return (cpu, percentile(try latencies(of: drag, paced: true, in: child), 0.99))
    }

    /// Drags and returns the `motion-to-frame-ms` figures `child` printed for it, once it
    /// is idle again; throws if fewer came than the drag has moves (it missed the canvas).
    static func latencies(of drag: PointerDrag, paced: Bool, in child: ChildProcess) throws -> [Double] {
        var figures: [Double] = []
        func collect(_ line: String) {
            let fields = line.split(separator: " ")
            if fields.first == "motion-to-frame-ms", fields.count == 2, let ms = Double(fields[1]) { figures.append(ms) }
        }
        let xdotool = try drag.begin(paced: paced)
        defer { xdotool.stop() }
        let deadline = monotonicNanoseconds() + 60_000_000_000
        while !xdotool.hasExited && monotonicNanoseconds() < deadline { child.readLines(for: 0.02, collect) }
        try child.waitUntilIdle(collect) // the queued events handled, their frames drawn
        guard figures.count >= drag.points.count else {
            throw ChildProcess.Failure(description: "\(child.path) timed \(figures.count) of \(drag.points.count) motion events")
        }
        return figures
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
