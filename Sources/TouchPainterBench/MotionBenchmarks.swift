import Foundation
import ScribbleKit

/// The whole app under a drag of real X motion events, next to the floor: a minimal C GTK 3
/// scribble program (bench/floor/scribble_floor.c, built by scripts/bench.sh) that does the
/// same job with nothing else, so the figures say how far the app is from what GTK costs.
///
/// Each launch starts the program, waits for its first frame (and for a drawing's full
/// frame), then drags twice over the same circle in its window:
/// 1. `events` moves at `PointerDrag.cpuRate` (8 kHz): the process' CPU time from before the
///    drag to when it is idle again, ÷ the motion events — what one event costs, frames
///    included;
/// 2. `pacedEvents` moves at 1 kHz: the 99th percentile of the `motion-to-frame-ms` lines,
///    from each event (its X server time) to the end of the frame showing its segment.
///
/// The CPU time is the kernel's count for the whole process, every thread, living or ended,
/// to the nanosecond (`ChildProcess.cpuNanoseconds`). It was never the clock that made the
/// old 2,000-event figures coarse, but the flood they were sent as: how many frames a program
/// draws under a flood, most of the cost, follows the scheduler (`PointerDrag.cpuRate`). Sent
/// at a fixed rate every launch draws the same frames, and 20,000 events are about 0.7 s of
/// CPU. Every case is launched `runs` times in rounds — each round launches every case once,
/// in an order rotated from round to round, so that a busy spell of the machine weighs on
/// all of them — and each figure is the median of its launches, reported with their least and
/// most. A ratio between two cases is the ratio of their medians, with the least and the most
/// of the rounds' own ratios.
enum MotionBenchmarks {
    /// Motion events in each drag the CPU figure times (2.5 s at 8 kHz).
    static let events = 20_000
    /// Motion events in each drag the latency figure times (2 s at 1 kHz).
    static let pacedEvents = 2_000
    /// Launches of each case, one a round; the figures are their medians.
    static let runs = 5

    /// One program opening one drawing, or none: what each round launches.
    private struct Case {
        let name: String
        let program: String
        var arguments: [String] = []
        var vertices = 0
        let environment: [String: String]
    }

    /// Runs the motion metrics, or says why it cannot.
    static func run(into report: Report, folder: String, app: String, floor: String) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false, PointerDrag.isAvailable else {
            return note("motion metrics skipped: they need DISPLAY, xdotool and pointer-drag (scripts/bench.sh starts Xvfb, builds it)")
        }
        guard FileManager.default.isExecutableFile(atPath: app), FileManager.default.isExecutableFile(atPath: floor) else {
            return note("motion metrics skipped: no app at \(app) or no floor program at \(floor) (scripts/bench.sh builds both)")
        }
        let environment = motionEnvironment(folder: folder)
        let big = try AppBenchmarks.bigScribble(in: folder)
        // The same drawing opened at 400 % about its middle (the view the file keeps).
        let zoomed = try AppBenchmarks.bigScribble(in: folder, view: SavedCamera(zoom: 4, centreX: 512, centreY: 384))
        // Ten times the big scribble (issue 35): what a motion event costs must not grow with it.
        let huge = try AppBenchmarks.bigScribble(in: folder, strokes: 10 * BigScribble.strokeCount)
        // The same on a paper canvas (issue 12): the texture lies in the backdrop, so a motion
        // event must cost what it costs on plain.
        let paper = paperEnvironment(environment, folder: folder)
        let cases = [
            Case(name: "floor", program: floor, environment: environment),
            Case(name: "@0", program: app, environment: environment),
            Case(name: "@1m", program: app, arguments: [big], vertices: BigScribble.vertexCount, environment: environment),
            Case(name: "@0_paper", program: app, environment: paper),
            Case(name: "@1m_paper", program: app, arguments: [big], vertices: BigScribble.vertexCount, environment: paper),
            Case(name: "@1m_400", program: app, arguments: [zoomed], vertices: BigScribble.vertexCount, environment: environment),
            Case(name: "@10m", program: app, arguments: [huge], vertices: 10 * BigScribble.vertexCount, environment: environment),
        ]
        var cpu: [String: [Double]] = [:], p99: [String: [Double]] = [:], server: [String: [Double]] = [:]
        for round in 0..<runs {
            for index in cases.indices {
                let next = cases[(index + round) % cases.count]
                let figures = try measure(next.program, arguments: next.arguments, environment: next.environment, vertices: next.vertices)
                cpu[next.name, default: []].append(figures.cpuMicroseconds)
                p99[next.name, default: []].append(figures.p99)
                if let serverCPU = figures.serverMicroseconds {
                    server[next.name, default: []].append(serverCPU)
                    cpu[next.name + "+server", default: []].append(figures.cpuMicroseconds + serverCPU)
                }
            }
        }
        /// Adds case `top`'s median over case `bottom`'s, with the least and the most of the
        /// rounds' own ratios: a launch's figure wanders by a fifth on the shared machine, so a
        /// ratio of two launches wanders by more, and the ratio of the medians is the steadier.
        func addRatio(_ metric: String, _ top: String, to bottom: String, limit: Double?) {
            let rounds = zip(cpu[top] ?? [], cpu[bottom] ?? []).map { $0 / $1 }
            let value = median(cpu[top] ?? []) / median(cpu[bottom] ?? [])
            report.add(metric, value, "x", limit: limit, spread: rounds.min().map { ($0, rounds.max() ?? $0) })
        }

        let floorCPU = median(cpu["floor"] ?? [])
        let appLimit = min(55, 1.25 * floorCPU)
        report.add("floor_motion_cpu_us", samples: cpu["floor"] ?? [], "us")
        report.add("floor_motion_to_frame_ms_p99", samples: p99["floor"] ?? [], "ms")
        for name in cases.dropFirst().map(\.name) {
            // At 10M a motion event must cost no more than GTK's floor (issue 35).
            report.add("app_motion_cpu_us" + name, samples: cpu[name] ?? [], "us", limit: name == "@10m" ? floorCPU : appLimit)
            report.add("app_motion_to_frame_ms_p99" + name, samples: p99[name] ?? [], "ms", limit: 16)
        }
        addRatio("app_motion_cpu_ratio_to_floor", "@0", to: "floor", limit: 1.25)
        // The machine's share (issue 52): the program's CPU and the X server's for the same
        // drag, against the floor's and its server's; at most what the floor costs.
        if !server.isEmpty {
            report.add("floor_motion_server_cpu_us", samples: server["floor"] ?? [], "us")
            for name in ["@0", "@1m"] {
                report.add("app_motion_server_cpu_us" + name, samples: server[name] ?? [], "us")
                addRatio("app_motion_machine_cpu_ratio" + name + "_to_floor", name + "+server", to: "floor+server", limit: 1.0)
            }
        }
        addRatio("app_motion_cpu_ratio@10m_to_0", "@10m", to: "@0", limit: 1.05)
        addRatio("app_motion_cpu_ratio@10m_to_floor", "@10m", to: "floor", limit: 1.0)
        // 400 % and 100 % within 10 % of each other (issue 28), either way.
        addRatio("app_motion_cpu_ratio@1m_400_to_1m", "@1m_400", to: "@1m", limit: nil)
        let zoom = median(cpu["@1m_400"] ?? []) / median(cpu["@1m"] ?? [])
        report.add("app_motion_cpu_zoom_gap_pct", abs(zoom - 1) * 100, "%", limit: 10)
        let onPaper = (median(cpu["@0_paper"] ?? []) + median(cpu["@1m_paper"] ?? [])) / (median(cpu["@0"] ?? []) + median(cpu["@1m"] ?? []))
        report.add("app_motion_cpu_paper_ratio", onPaper, "x", limit: 1.1)

        // Each smoothing level (issue 32): a motion event costs what it costs with smoothing
        // off, the path every stroke took before there were levels.
        try runSmoothing(into: report, folder: folder, app: app, environment: environment)
        try runOnWayland(into: report, folder: folder, app: app, floor: floor, environment: environment, x11CPU: median(cpu["@0"] ?? []))
    }

    /// The smoothing levels' interleaved drags (`MotionBenchmarks+Smoothing`) without the rest of `motion`.
    static func runSmoothingAlone(into report: Report, folder: String, app: String) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false, PointerDrag.isAvailable else {
            return note("smoothing metrics skipped: they need DISPLAY, xdotool and pointer-drag (scripts/bench.sh starts Xvfb, builds it)")
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
        report.add("app_motion_cpu_us@0", samples: x11.map(\.cpuMicroseconds), "us")
        report.add("app_motion_to_frame_ms_p99@0", samples: x11.map(\.p99), "ms", limit: 16)
        try runOnWayland(
            into: report, folder: folder, app: app, floor: floor, environment: environment, x11CPU: median(x11.map(\.cpuMicroseconds)))
    }

    /// The same drags on a headless Wayland desktop (sway, 60 Hz), through the virtual pointer
    /// protocol: CPU per event within 1.25 × X11's in this run, and motion-to-frame — and the
    /// floor program's, which shows what GTK's frame clock allows there (a frame is committed
    /// only after the compositor's callback for the one before). The app and the floor take
    /// turns, a launch each a round.
    private static func runOnWayland(
        into report: Report, folder: String, app: String, floor: String, environment: [String: String], x11CPU: Double
    ) throws {
        let input = (app as NSString).deletingLastPathComponent + "/wayland-input/wlinput"
        guard let sway = ChildProcess.executable(named: "sway"), FileManager.default.isExecutableFile(atPath: input) else {
            return note("Wayland motion metrics skipped: they need sway and \(input) (scripts/setup.sh test and scripts/bench.sh)")
        }
        let desktop = try WaylandDesktop(swayPath: sway)
        defer { desktop.stop() }
        var appRuns: [(cpuMicroseconds: Double, serverMicroseconds: Double?, p99: Double)] = [], floorRuns = appRuns
        for _ in 0..<runs {
            appRuns.append(try measureOnWayland(app, environment: desktop.clientEnvironment(environment), desktop: desktop, input: input))
            floorRuns.append(try measureOnWayland(floor, environment: desktop.clientEnvironment(environment), desktop: desktop, input: input))
        }
        report.add("app_motion_cpu_us@0_wayland", samples: appRuns.map(\.cpuMicroseconds), "us", limit: 1.25 * x11CPU)
        report.add("app_motion_to_frame_ms_p99@0_wayland", samples: appRuns.map(\.p99), "ms", limit: 16)
        report.add("floor_motion_cpu_us@0_wayland", samples: floorRuns.map(\.cpuMicroseconds), "us")
        report.add("floor_motion_to_frame_ms_p99@0_wayland", samples: floorRuns.map(\.p99), "ms")
        // The machine's share: the program's CPU and the compositor's, against the floor's.
        let appMachine = appRuns.compactMap { run in run.serverMicroseconds.map { run.cpuMicroseconds + $0 } }
        let floorMachine = floorRuns.compactMap { run in run.serverMicroseconds.map { run.cpuMicroseconds + $0 } }
        if !appMachine.isEmpty, !floorMachine.isEmpty {
            report.add("app_motion_server_cpu_us@0_wayland", samples: appRuns.compactMap(\.serverMicroseconds), "us")
            report.add("floor_motion_server_cpu_us@0_wayland", samples: floorRuns.compactMap(\.serverMicroseconds), "us")
            let rounds = zip(appMachine, floorMachine).map { $0 / $1 }
            report.add(
                "app_motion_machine_cpu_ratio@0_wayland_to_floor", median(appMachine) / median(floorMachine), "x", limit: 1.0,
                spread: rounds.min().map { ($0, rounds.max() ?? $0) })
        }
    }

    /// One launch on `desktop`, measured as `measure` does on X11: `events` moves at 8 kHz for
    /// CPU per event, `pacedEvents` at 1 kHz for motion-to-frame.
    private static func measureOnWayland(
        _ program: String, environment: [String: String], desktop: WaylandDesktop, input inputPath: String
    ) throws -> (cpuMicroseconds: Double, serverMicroseconds: Double?, p99: Double) {
        let input = try WaylandInput(program: inputPath, desktop: desktop)
        defer { input.stop() }
        let child = try ChildProcess(program, arguments: [], environment: environment)
        defer { child.stop() }
        _ = try AppBenchmarks.startupMilliseconds(of: child)
        // The window fills the output; the circle lies inside the canvas, right of its tool bar.
        let circle = (x: WaylandDesktop.width / 2 + 60, y: WaylandDesktop.height / 2 + 30, radius: 150)
        try input.send("move \(circle.x + circle.radius - 4) \(circle.y)")
        try child.waitUntilIdle()
        let server = desktop.compositor
        let before = try child.cpuNanoseconds(), serverBefore = try server?.cpuNanoseconds()
        _ = try waylandLatencies(input: input, circle: circle, count: events, rate: PointerDrag.cpuRate, in: child)
        let cpu = Double(try child.cpuNanoseconds() - before) / 1e3 / Double(events)
        let serverCPU = try serverBefore.flatMap { before in try server.map { Double(try $0.cpuNanoseconds() - before) / 1e3 / Double(events) } }
        try input.send("move \(circle.x + circle.radius - 4) \(circle.y)")
        let latencies = try waylandLatencies(input: input, circle: circle, count: pacedEvents, rate: PointerDrag.latencyRate, in: child)
        return (cpu, serverCPU, percentile(latencies, 0.99))
    }

    /// Moves the drag may run ahead of the ones the program has shown, and the part sent at once.
    ///
    /// Nothing holds a Wayland flood back: the compositor writes each event into the program's
    /// socket, and libwayland-server (1.21 here) keeps at most 4 KB beyond what the socket holds
    /// before it disconnects the client. A flood that outran the program for a few hundred
    /// events — a slow frame, or the program descheduled on a busy machine — killed it mid-drag
    /// ("timed 320 of 2000"; GDK: "Lost connection to Wayland compositor"), and 20,000 moves
    /// sent in one go killed the app in both tries. With at most 256 moves (28 bytes of events
    /// each, at most one socket write each) in flight, the socket cannot fill, however long
    /// the program stalls.
    private static let waylandWindow = 256, waylandPart = 64

    /// Presses, sends `count` moves round `circle` (`rate` a second), and releases, while
    /// reading the program's `motion-to-frame-ms` lines; the next part of the moves goes only
    /// once at most `waylandWindow - waylandPart` are in flight (sent, not yet shown). Returns
    /// the figures once it is idle again. Throws if fewer figures came than moves were sent: a
    /// move lost is never made up for by waiting.
    private static func waylandLatencies(
        input: WaylandInput, circle: (x: Int, y: Int, radius: Int), count: Int, rate: Int, in child: ChildProcess
    ) throws -> [Double] {
        var figures: [Double] = []
        func collect(_ line: String) {
            let fields = line.split(separator: " ")
            if fields.first == "motion-to-frame-ms", fields.count == 2, let ms = Double(fields[1]) { figures.append(ms) }
        }
        try input.send("down")
        var sent = 0
        while sent < count {
            // A part's worth of moves shown, or none for 30 s: then moves were lost (or the
            // program hangs), and the count below says so.
            var deadline = monotonicNanoseconds() + 30_000_000_000
            while sent - figures.count > waylandWindow - waylandPart, monotonicNanoseconds() < deadline, !child.hasExited {
                let shown = figures.count
                if let line = child.nextLine(before: monotonicNanoseconds() + 20_000_000) { collect(line) }
                if figures.count > shown { deadline = monotonicNanoseconds() + 30_000_000_000 }
            }
            guard sent - figures.count <= waylandWindow - waylandPart else { break }
            let last = min(sent + waylandPart, count)
            try input.send("moves \(circle.x) \(circle.y) \(circle.radius) \(sent + 1) \(last) \(rate)")
            sent = last
        }
        try input.send("up")
        if !child.hasExited { try child.waitUntilIdle(collect) }
        guard figures.count >= count else {
            let fate = child.hasExited ? "and ended" : "and went idle"
            throw ChildProcess.Failure(
                description: "\(child.path) timed \(figures.count) of the \(sent) motion events sent on Wayland (of \(count)) \(fate)")
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

    /// One launch of `program`: the CPU time of each motion event in a drag of `events` at
    /// 8 kHz (µs), and the 99th percentile of motion-to-frame in one of `pacedEvents` at
    /// 1 kHz (ms). With `vertices`, the drags wait for a full frame of that many
    /// vertices (the file in `arguments`; up to five minutes, for 10M on a busy machine).
    static func measure(
        _ program: String, arguments: [String] = [], environment: [String: String],
        vertices: Int = 0
    ) throws -> (cpuMicroseconds: Double, serverMicroseconds: Double?, p99: Double) {
        let child = try ChildProcess(program, arguments: arguments, environment: environment)
        defer { child.stop() }
        _ = try AppBenchmarks.startupMilliseconds(of: child)
        if vertices > 0 {
            try child.firstValue(within: 300) { fields in
                fields.first == "full-frame" && fields.count == 3 && (Int(fields[2]) ?? 0) >= vertices ? () : nil
            }
        }
        let center = try PointerDrag.windowCenter(ofProcess: child.pid)
        let drag = PointerDrag(around: center, count: events)
        try drag.moveToStart()
        try child.waitUntilIdle()

        let server = ProcessInfo.processInfo.environment["DISPLAY"].flatMap(DisplayServer.x11(display:))
        let before = try child.cpuNanoseconds(), serverBefore = try server?.cpuNanoseconds()
        _ = try latencies(of: drag, rate: PointerDrag.cpuRate, in: child)
        let cpu = Double(try child.cpuNanoseconds() - before) / 1e3 / Double(events)
        let serverCPU = try serverBefore.flatMap { before in try server.map { Double(try $0.cpuNanoseconds() - before) / 1e3 / Double(events) } }

        let paced = PointerDrag(around: center, count: pacedEvents)
        try paced.moveToStart()
        return (cpu, serverCPU, percentile(try latencies(of: paced, rate: PointerDrag.latencyRate, in: child), 0.99))
    }

    /// Drags and returns the `motion-to-frame-ms` figures `child` printed for it, once it
    /// is idle again; throws if fewer came than the drag has moves (it missed the canvas).
    static func latencies(of drag: PointerDrag, rate: Int, in child: ChildProcess) throws -> [Double] {
        var figures: [Double] = []
        func collect(_ line: String) {
            let fields = line.split(separator: " ")
            if fields.first == "motion-to-frame-ms", fields.count == 2, let ms = Double(fields[1]) { figures.append(ms) }
        }
        let sender = try drag.begin(rate: rate)
        defer { sender.stop() }
        let deadline = monotonicNanoseconds() + 120_000_000_000
        while !sender.hasExited && monotonicNanoseconds() < deadline { child.readLines(for: 0.02, collect) }
        try child.waitUntilIdle(collect) // the queued events handled, their frames drawn
        guard figures.count >= drag.count else {
            throw ChildProcess.Failure(description: "\(child.path) timed \(figures.count) of \(drag.count) motion events")
        }
        return figures
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
