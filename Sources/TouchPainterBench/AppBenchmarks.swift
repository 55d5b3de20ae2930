import Foundation
import ScribbleKit

/// The real app, timed through its opt-in timing lines (`TOUCHPAINTER_REPORT_TIMINGS=1`, see
/// the app's `TimingReport`): start-up to the first frame (and the same for the floor program,
/// see `MotionBenchmarks`), and Open to the first frame of a gallery of a thousand scribbles.
/// Needs an X server (`DISPLAY`).
enum AppBenchmarks {
    /// Saved scribbles in the gallery.
    static let galleryCount = 1000
    /// Timed launches of the app and of the floor program (after one untimed launch of each
    /// that warms the page cache). With nine, a launch's spread of a third (60–95 ms on a
    /// quiet machine) moved the ratio of the medians from 0.81 to 0.95 between two runs.
    static let launches = 15

    /// Runs the app metrics, or says why it cannot.
    static func run(into report: Report, folder: String, app: String, floor: String) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false else {
            note("app metrics skipped: no DISPLAY (scripts/bench.sh starts Xvfb)")
            return
        }
        guard FileManager.default.isExecutableFile(atPath: app) else {
            note("app metrics skipped: no app binary at \(app) (build it: swift build -c release)")
            return
        }
        try addBinarySize(of: app, into: report, folder: folder)
        let gallery = folder + "/gallery"
        try makeGallery(in: gallery)
        let environment = appEnvironment(gallery: gallery, folder: folder)

        // The floor program is launched between the app's launches, as often: a change in the
        // machine's load then falls on both alike (run one after the other, the floor's
        // median wandered by a quarter from run to run).
        let hasFloor = FileManager.default.isExecutableFile(atPath: floor)
        if !hasFloor { note("startup_floor_ms skipped: no floor program at \(floor) (scripts/bench.sh builds it)") }
        var startups: [Double] = [], galleries: [Double] = [], floorStartups: [Double] = []
        for launch in 0...launches {
            let (startup, galleryFrame) = try time(app, environment: environment)
            let floorStartup = try hasFloor ? startupMilliseconds(ofLaunching: floor, environment: environment) : nil
            guard launch > 0 else { continue }
            startups.append(startup)
            galleries.append(galleryFrame)
            floorStartup.map { floorStartups.append($0) }
        }
        report.add("gallery_first_frame_ms@1000", median(galleries), "ms", limit: 150)
        report.add("startup_ms", samples: startups, "ms", limit: 200)
        if hasFloor {
            report.add("startup_floor_ms", samples: floorStartups, "ms")
            report.add("startup_ratio_to_floor", median(startups) / median(floorStartups), "x", limit: 0.9)
        }

        try GalleryBenchmarks.run(into: report, folder: folder, app: app)
        try LargeGalleryBenchmarks.run(into: report, folder: folder, app: app)

        let big = try bigScribble(in: folder)
        let stalls = try (0..<3).map { _ in try longestStallOpening(big, app: app, environment: environment) }
        report.add("app_open_stall_ms@1m", median(stalls), "ms", limit: 16)
        try addIdleCPU(into: report, folder: folder, app: app)
        try TapsBenchmarks.run(into: report, folder: folder, app: app, environment: environment)
        if PointerDrag.isAvailable { try ZoomMemoryBenchmarks.run(into: report, big: big, app: app, environment: environment) }
    }

    /// The longest the main loop stood still (input and drawing waiting), after the first
    /// frame, while the app opened `path` from its command line until its full frame (of at
    /// least `vertices`) was up.
    static func longestStallOpening(
        _ path: String, app: String, environment: [String: String], vertices minimum: Int = BigScribble.vertexCount
    ) throws -> Double {
        var environment = environment
        environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
        let child = try ChildProcess(app, arguments: [path], environment: environment)
        defer { child.stop() }
        var deadline = child.spawnedAt + 60_000_000_000
        var longest = 0.0, sawFrame = false
        var output: [String] = []
        while let line = child.nextLine(before: deadline) {
            output.append(line)
            let fields = line.split(separator: " ")
            if fields.first == "main-loop-stall-ms", fields.count == 2, let stall = Double(fields[1]) {
                longest = max(longest, stall)
            } else if fields.first == "full-frame", fields.count == 3, let vertices = Int(fields[2]),
                vertices >= minimum, !sawFrame
            {
                // A stall is reported when it ends, which may be after the frame went up.
                sawFrame = true
                deadline = monotonicNanoseconds() + 500_000_000
            }
        }
        if sawFrame { return longest }
        throw ChildProcess.Failure(
            description: "the app never showed the big scribble; its output:\n"
                + output.joined(separator: "\n"))
    }

    /// The big scribble's file in `folder`, written the first time; with a `view`, the file
    /// opens at that zoom and centre (format version 3); with more `strokes`, the same walk
    /// goes on (10,000: the 10M-vertex drawing).
    static func bigScribble(in folder: String, view: SavedCamera? = nil, strokes: Int = BigScribble.strokeCount) throws -> String {
        let name = strokes == BigScribble.strokeCount ? "big" : "big-\(strokes)-strokes"
        let big = folder + (view.map { "/\(name)-\(Int($0.zoom * 100)).scribble" } ?? "/\(name).scribble")
        guard !FileManager.default.fileExists(atPath: big) else { return big }
        let scribble = BigScribble.scribble(strokes: strokes)
        scribble.view = view
        try ScribbleManager.save(scribble, toPath: big)
        return big
    }

    /// Saves `galleryCount` small scribbles through `ScribbleManager`, as Save would.
    static func makeGallery(in directory: String) throws {
        let manager = ScribbleManager(directory: directory)
        var walk = RandomWalk(seed: 7)
        for index in 0..<galleryCount {
            try manager.save(
                smallScribble(titled: "Bench \(index + 1)", walk: &walk),
                canvasWidth: CanvasHarness.size.width, canvasHeight: CanvasHarness.size.height)
        }
    }

    /// A gallery entry of the kind people keep many of: three strokes of 100 vertices.
    static func smallScribble(titled title: String, walk: inout RandomWalk) -> Scribble {
        let scribble = Scribble()
        for _ in 0..<3 {
            walk.lift()
            let pen = walk.pen()
            let stroke = Stroke(color: pen.color, size: pen.size)
            stroke.append(walk.current)
            for _ in 0..<100 { stroke.append(walk.next()) }
            scribble.add(stroke)
        }
        scribble.title = title
        return scribble
    }

    /// The app's environment: this one's (for `DISPLAY`), the gallery, the timing hooks, and
    /// what makes runs comparable — no animations, in-memory settings, no accessibility bus,
    /// a state folder of the bench's own (each launch starts with no journal to recover).
    static func appEnvironment(gallery: String, folder: String) -> [String: String] {
        let config = folder + "/config"
        try? FileManager.default.createDirectory(atPath: config + "/gtk-3.0", withIntermediateDirectories: true)
        try? "[Settings]\ngtk-enable-animations=0\n".write(
            toFile: config + "/gtk-3.0/settings.ini",
            atomically: false, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["TOUCHPAINTER_DATA_DIR"] = gallery
        environment["TOUCHPAINTER_REPORT_TIMINGS"] = "1"
        environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = "1"
        environment["XDG_CONFIG_HOME"] = config
        environment["XDG_STATE_HOME"] = folder + "/state" // the app's journal: see ChildProcess
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["NO_AT_BRIDGE"] = "1"
        return environment
    }

    /// One launch: milliseconds from exec to the canvas' first frame, and from the Open
    /// request to the gallery's first frame.
    static func time(_ app: String, environment: [String: String]) throws -> (startup: Double, gallery: Double) {
        let child = try ChildProcess(app, arguments: [], environment: environment)
        defer { child.stop() }
        let startup = try startupMilliseconds(of: child)
        let gallery = try child.firstValue { fields in
            fields.first == "gallery-first-frame-ms" && fields.count >= 2 ? Double(fields[1]) : nil
        }
        return (startup, gallery)
    }

    /// Milliseconds from exec to the first frame of `program`, launched with no arguments.
    static func startupMilliseconds(ofLaunching program: String, environment: [String: String]) throws -> Double {
        let child = try ChildProcess(program, arguments: [], environment: environment)
        defer { child.stop() }
        return try startupMilliseconds(of: child)
    }

    /// Milliseconds from `child`'s exec to its first frame: waits for its `first-frame-ms`
    /// line (the app's, or the floor program's, which prints the same).
    static func startupMilliseconds(of child: ChildProcess) throws -> Double {
        try child.firstValue { fields in
            guard fields.first == "first-frame-ms", fields.count >= 4, let at = UInt64(fields[3]),
                at > child.spawnedAt
            else { return nil }
            return Double(at - child.spawnedAt) / 1e6
        }
    }

    /// The size of the app's binary as the package ships it (stripped), with the Swift
    /// runtime linked in (issue 37: at most 20 MB).
    private static func addBinarySize(of app: String, into report: Report, folder: String) throws {
        guard let strip = ChildProcess.executable(named: "strip") else { return note("app_binary_mb skipped: no strip") }
        let stripped = folder + "/touchpainter-stripped"
        _ = try ChildProcess.run(strip, arguments: ["-o", stripped, app], timeout: 60)
        let bytes = (try FileManager.default.attributesOfItem(atPath: stripped)[.size] as? NSNumber)?.doubleValue ?? .nan
        report.add("app_binary_mb", bytes / 1_048_576, "MB", limit: 20)
    }

    private static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
