import Foundation
import ScribbleKit

/// The scaling table (issue 35): TouchPainter and Xournal++ doing the same three jobs on the
/// same drawing at 0, 100k, 1M and 10M vertices (the big scribble's generator; the drawing
/// goes to Xournal++ as the `.xopp` our exporter writes), all timed as whole processes in
/// one run, so the two columns compare:
/// - open: the program launched with the file, exec to the end of its last burst of work
///   before it sits idle (its window up and the drawing drawn), the same for both;
/// - export: a PNG 1024 px wide (`touchpainter export … --width 1024`,
///   `xournalpp --create-img … --export-png-width=1024`);
/// - drag: the CPU time of one pen motion event in an unpaced drag of real X events over the
///   open drawing (`MotionBenchmarks`' drag; Xournal++ starts with its pen, as we do).
/// Part of `scale` (`make bench-scale`), and alone as `--only xournal-scale`; it needs
/// `xournalpp`, xdotool and a `DISPLAY`.
@MainActor
enum XournalScaleBenchmarks {
    /// Strokes of 1,000 vertices at each size, and the label its metrics carry.
    static let sizes: [(label: String, strokes: Int)] = [("0", 0), ("100k", 100), ("1m", 1000), ("10m", 10_000)]

    static func run(into report: Report, folder: String, app: String) throws {
        guard let xournalpp = ChildProcess.executable(named: "xournalpp"), ProcessInfo.processInfo.environment["DISPLAY"] != nil,
            PointerDrag.isAvailable
        else {
            return FileHandle.standardError.write(Data("scaling table skipped: it needs xournalpp, xdotool and DISPLAY\n".utf8))
        }
        var environment = AppBenchmarks.appEnvironment(gallery: folder + "/table-gallery", folder: folder)
        environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
        environment["TOUCHPAINTER_REPORT_STALLS"] = "0"
        for (label, strokes) in sizes {
            let path = folder + "/table-\(label).scribble", xopp = folder + "/table-\(label).xopp"
            let vertices = strokes * BigScribble.verticesPerStroke
            do {
                let scribble = BigScribble.scribble(strokes: strokes)
                try ScribbleManager.save(scribble, toPath: path)
                FileManager.default.createFile(atPath: xopp, contents: Data(try Exporter(memento: scribble.makeMemento()).export(.xopp)))
            }
            let rounds = label == "10m" ? 1 : 3
            report.add(
                "table_open_ms@\(label)", median(try (0..<rounds).map { _ in try openMilliseconds(app, [path], environment: environment) }), "ms")
            report.add(
                "table_xournalpp_open_ms@\(label)",
                median(try (0..<rounds).map { _ in try openMilliseconds(xournalpp, [xopp], environment: xournalEnvironment(folder)) }), "ms")
            report.add(
                "table_export_png_ms@\(label)",
                median((0..<rounds).map { _ in ExportBenchmarks.exportRun(app, [path, folder + "/table.png", "--width", "1024"]).milliseconds }),
                "ms")
            report.add(
                "table_xournalpp_export_png_ms@\(label)",
                median(try (0..<rounds).map { _ in try exportMilliseconds(xournalpp, xopp, folder: folder) }), "ms")
            report.add(
                "table_drag_cpu_us@\(label)",
                try MotionBenchmarks.measure(app, arguments: [path], environment: environment, vertices: vertices).cpuMicroseconds, "us")
            report.add("table_xournalpp_drag_cpu_us@\(label)", try xournalDragMicroseconds(xournalpp, xopp, folder: folder), "us")
            unlink(path)
            unlink(xopp)
        }
    }

    /// Milliseconds from `program`'s exec to the end of its last burst of work before half a
    /// second of quiet (under 1 ms of CPU in each 10 ms): how long opening took, read from
    /// outside the same way for any program.
    private static func openMilliseconds(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Double {
        let child = try ChildProcess(program, arguments: arguments, environment: environment)
        defer { child.stop() }
        let deadline = child.spawnedAt + 600_000_000_000
        var cpu = try child.cpuNanoseconds(), busyUntil = monotonicNanoseconds()
        while monotonicNanoseconds() - busyUntil < 500_000_000 {
            guard monotonicNanoseconds() < deadline else { throw ChildProcess.Failure(description: "\(program) did not go idle in 600 s") }
            child.readLines(for: 0.01) { _ in }
            let now = try child.cpuNanoseconds()
            if now - cpu > 1_000_000 { busyUntil = monotonicNanoseconds() }
            cpu = now
        }
        return Double(busyUntil - child.spawnedAt) / 1e6
    }

    /// Runs `program` to its end and returns how long it took.
    /// Xournal++'s own export of `xopp` to a PNG 1024 px wide, as a whole process: its wall
    /// milliseconds, as `ExportBenchmarks.exportRun` times ours.
    nonisolated static func exportMilliseconds(_ xournalpp: String, _ xopp: String, folder: String) throws -> Double {
        try milliseconds {
            _ = try ChildProcess.run(xournalpp, arguments: ["--create-img=\(folder)/xo.png", "--export-png-width=1024", xopp], timeout: 600)
        }
    }

    /// The CPU time of one motion event of Xournal++'s pen, in µs: Xournal++ opens `xopp`
    /// (in folders of its own), and once it is idle the same unpaced drag as ours goes over its
    /// window's middle, where the page is.
    private static func xournalDragMicroseconds(_ xournalpp: String, _ xopp: String, folder: String) throws -> Double {
        let child = try ChildProcess(xournalpp, arguments: [xopp], environment: xournalEnvironment(folder))
        defer { child.stop() }
        let drag = PointerDrag(around: try PointerDrag.windowCenter(ofProcess: child.pid), count: MotionBenchmarks.events)
        try waitUntilIdle(child, seconds: 600) // a big file loads for a while
        try drag.moveToStart()
        try waitUntilIdle(child, seconds: 600)
        let before = try child.cpuNanoseconds()
        let sender = try drag.begin(rate: PointerDrag.cpuRate)
        defer { sender.stop() }
        let deadline = monotonicNanoseconds() + 120_000_000_000
        while !sender.hasExited && monotonicNanoseconds() < deadline { child.readLines(for: 0.02) { _ in } }
        try waitUntilIdle(child, seconds: 600)
        return Double(try child.cpuNanoseconds() - before) / 1e3 / Double(MotionBenchmarks.events)
    }

    /// This environment, with a home and XDG folders of Xournal++'s own in `folder`.
    private static func xournalEnvironment(_ folder: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (name, sub) in [("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")] {
            environment[name] = folder + "/xournalpp-" + sub
            try? FileManager.default.createDirectory(atPath: folder + "/xournalpp-" + sub, withIntermediateDirectories: true)
        }
        return environment
    }

    /// `ChildProcess.waitUntilIdle`, for up to `seconds` rather than 30.
    private static func waitUntilIdle(_ child: ChildProcess, seconds: Double) throws {
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while true {
            do { return try child.waitUntilIdle() } catch  where monotonicNanoseconds() < deadline { continue }
        }
    }
}
