import Foundation
import ScribbleKit

/// The app opening a drawing of a million one-point strokes (what taps with the pen leave,
/// 19 MB on disk), and one of a million two-point ticks (23 MB): its peak resident memory
/// once the drawing's full frame is up, and the ticks with some erased (a file that keeps
/// the marks taken off, format version 5), with the longest stall opening them. Issue 39
/// measured 520 MB for the taps; each mark's cost is what this watches, against the issue's
/// rule for any file: at most twice its size and 64 MB.
enum TapsBenchmarks {
    /// How many one-point strokes the drawing holds.
    static let tapCount = 1_000_000

    /// Runs the metric with the `app` binary in `environment` (see `AppBenchmarks.appEnvironment`).
    static func run(into report: Report, folder: String, app: String, environment: [String: String]) throws {
        let path = folder + "/taps.scribble"
        if !FileManager.default.fileExists(atPath: path) { try ScribbleManager.save(taps(), toPath: path) }
        var environment = environment
        environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
        let peaks = try (0..<3).map { _ in try peakMegabytesOpening(path, app: app, environment: environment) }
        report.add("app_open_peak_rss_mb@1m_taps", median(peaks), "MB", limit: 200)

        let ticksPath = folder + "/ticks.scribble"
        if !FileManager.default.fileExists(atPath: ticksPath) { try ScribbleManager.save(ticks(), toPath: ticksPath) }
        let size = Double(FileManager.default.contents(atPath: ticksPath)?.count ?? 0) / 1_048_576
        let tickPeaks = try (0..<3).map { _ in
            try peakMegabytesOpening(ticksPath, app: app, environment: environment, vertices: 2 * tapCount)
        }
        report.add("app_open_peak_rss_mb@1m_ticks", median(tickPeaks), "MB", limit: 2 * size + 64)

        let erasedPath = folder + "/ticks-erased.scribble"
        if !FileManager.default.fileExists(atPath: erasedPath) { try saveErased(ticksPath, to: erasedPath) }
        let erasedSize = Double(FileManager.default.contents(atPath: erasedPath)?.count ?? 0) / 1_048_576
        let left = 2 * (tapCount - erasedCount)
        let erasedPeaks = try (0..<3).map { _ in
            try peakMegabytesOpening(erasedPath, app: app, environment: environment, vertices: left)
        }
        report.add("app_open_peak_rss_mb@1m_ticks_erased", median(erasedPeaks), "MB", limit: 2 * erasedSize + 64)
        let erasedStalls = try (0..<3).map { _ in
            try AppBenchmarks.longestStallOpening(erasedPath, app: app, environment: environment, vertices: left)
        }
        report.add("app_open_stall_ms@1m_ticks_erased", median(erasedStalls), "ms", limit: 16)

        guard PointerDrag.isAvailable else { return }
        let edits = try (0..<3).map { _ in try firstEdits(of: ticksPath, app: app, environment: environment) }
        report.add("app_first_erase_peak_rss_mb@1m_ticks", median(edits.map(\.peak)), "MB", limit: 2 * size + 64)
        report.add("app_first_erase_stall_ms@1m_ticks", median(edits.map(\.stall)), "ms", limit: 100)

        let selectAll = try (0..<3).map { _ in try selectAllEdits(of: ticksPath, app: app, environment: environment) }
        report.add("app_select_all_peak_rss_mb@1m_ticks", median(selectAll.map(\.peak)), "MB", limit: 2 * size + 64)
        report.add("app_select_all_stall_ms@1m_ticks", median(selectAll.map(\.stall)), "ms", limit: 100)
        let moves = try (0..<3).map { _ in try selectAllMove(of: ticksPath, app: app, environment: environment) }
        report.add("app_select_all_move_peak_rss_mb@1m_ticks", median(moves.map(\.peak)), "MB", limit: 2 * size + 64)
        report.add("app_select_all_move_stall_ms@1m_ticks", median(moves.map(\.stall)), "ms", limit: 100)
    }

    /// The app's `VmHWM`, and its longest main-loop stall, over Select All on the ticks at
    /// `path` and what edits them whole: Delete and its undo, then Escape and Delete (which
    /// clears the drawing, a new scribble) and its undo. Select All made an object of every
    /// tick (80 MB more), and each of these edits a copy or a list of them.
    static func selectAllEdits(of path: String, app: String, environment: [String: String]) throws -> (peak: Double, stall: Double) {
        try edits(of: path, app: app, environment: environment) { x, y in
            var keys = ["mousemove", String(x), String(y), "key", "ctrl+a", "sleep", "0.5", "key", "Delete", "sleep", "0.5"]
            keys += ["key", "ctrl+z", "sleep", "0.5", "key", "Escape", "sleep", "0.3", "key", "Delete", "sleep", "0.5"]
            return keys + ["key", "ctrl+z", "sleep", "0.5"]
        }
    }

    /// The same over Select All, a drag of the select tool moving every tick, and its undo.
    static func selectAllMove(of path: String, app: String, environment: [String: String]) throws -> (peak: Double, stall: Double) {
        try edits(of: path, app: app, environment: environment) { x, y in
            // From a tick's place inside the selection's box: the drag moves it.
            var keys = ["mousemove", String(x), String(y), "key", "ctrl+a", "sleep", "0.5", "mousedown", "1"]
            for step in 1...10 { keys += ["mousemove", String(x + step * 6), String(y + step * 3), "sleep", "0.03"] }
            return keys + ["mouseup", "1", "sleep", "0.5", "key", "ctrl+z", "sleep", "0.5"]
        }
    }

    /// The app's `VmHWM` and longest main-loop stall over the xdotool commands `keys(x, y)`
    /// gives (`x`, `y` a point on the drawing, in the window), sent once the ticks at `path`
    /// are up and the app idle.
    private static func edits(
        of path: String, app: String, environment: [String: String], keys: (Int, Int) -> [String]
    ) throws -> (peak: Double, stall: Double) {
        let child = try ChildProcess(app, arguments: [path], environment: environment)
        defer { child.stop() }
        _ = try child.firstValue { fields in
            fields.first == "full-frame" && fields.count == 3 && (Int(fields[2]) ?? 0) >= 2 * tapCount ? true : nil
        }
        try child.waitUntilIdle() // the stalls of opening are not the edits'
        let centre = try PointerDrag.windowCenter(ofProcess: child.pid)
        try PointerDrag.xdotool(keys(centre.x - 150, centre.y - 50), timeout: 60)
        var longest = 0.0
        // (Long enough for the app before packed edits, whose steps took seconds each.)
        try child.waitUntilIdle(within: 240) { line in
            let fields = line.split(separator: " ")
            if fields.first == "main-loop-stall-ms", fields.count == 2, let stall = Double(fields[1]) { longest = max(longest, stall) }
        }
        return (try GalleryBenchmarks.peakMegabytes(of: child.pid), longest)
    }

    /// The app's `VmHWM`, and the longest its main loop stood still, over the first edits of
    /// the ticks at `path` once they are up: a drag of the eraser (its default mode, which
    /// cuts), its undo, a click of the select tool on a tick, a drag moving it, Delete, and
    /// the undo of each. Each once turned every tick into an object (160 MB and a stall of
    /// 400–700 ms); now only the ticks they touch get objects.
    static func firstEdits(of path: String, app: String, environment: [String: String]) throws -> (peak: Double, stall: Double) {
        try edits(of: path, app: app, environment: environment) { x, y in
            var keys = ["mousemove", String(x), String(y), "key", "e", "sleep", "0.3", "mousedown", "1"]
            for step in 1...25 { keys += ["mousemove", String(x + step * 12), String(y + step * 4), "sleep", "0.03"] }
            keys += ["mouseup", "1", "sleep", "0.5", "key", "ctrl+z", "sleep", "0.5"]
            keys += ["key", "s", "sleep", "0.3", "mousemove", String(x), String(y + 120), "click", "1", "sleep", "0.5", "mousedown", "1"]
            for step in 1...10 { keys += ["mousemove", String(x + step * 6), String(y + 120 + step * 3), "sleep", "0.03"] }
            keys += ["mouseup", "1", "sleep", "0.5", "key", "Delete", "sleep", "0.5"]
            return keys + ["key", "ctrl+z", "sleep", "0.3", "key", "ctrl+z", "sleep", "0.5"]
        }
    }

    /// How many ticks `saveErased` leaves erased.
    static let erasedCount = 200

    /// Saves the ticks at `path` to `erasedPath` with a history of removals (format version
    /// 5), as the app would: opened as the app opens them (their ticks packed), then
    /// `erasedCount` ticks erased in one step, and 300 more in another that is undone (their
    /// entries name ticks still on the drawing), each step through the Delete command, and
    /// saved as Save saves.
    static func saveErased(_ path: String, to erasedPath: String) throws {
        let opened = try ScribbleManager.openVersion(path: path).opening
        let scribble = Scribble(adopting: opened.first)
        if let rest = try opened.rest?.read() { scribble.adoptRest(of: rest) }
        scribble.startKeepingTime()
        let picked = stride(from: 0, to: tapCount, by: tapCount / (erasedCount + 300)).prefix(erasedCount + 300)
        let marks = picked.compactMap { scribble.mark(at: $0) }
        let erased = RemoveMarksCommand(scribble: scribble, marks: Array(marks.prefix(erasedCount)))
        erased.execute()
        scribble.settleHistory()
        let undone = RemoveMarksCommand(scribble: scribble, marks: Array(marks.dropFirst(erasedCount)))
        undone.execute()
        scribble.settleHistory()
        undone.undo()
        scribble.settleHistory()
        try ScribbleManager.save(scribble, toPath: erasedPath)
    }

    /// A drawing of `tapCount` strokes of two vertices each, ticks a few pixels long over
    /// 1000×700 px (as `two_point_strokes` in the end-to-end tests).
    static func ticks() -> Scribble {
        var random = SystemRandomNumberGenerator()
        let scribble = Scribble()
        for _ in 0..<tapCount {
            let stroke = Stroke(color: Color(red: UInt8.random(in: 0...255, using: &random), green: 0, blue: 0, alpha: 255), size: 3)
            let x = Float.random(in: 0..<1000, using: &random), y = Float.random(in: 0..<700, using: &random)
            stroke.append(Point(x: x, y: y))
            stroke.append(Point(x: x + Float.random(in: -6...6, using: &random), y: y + Float.random(in: -6...6, using: &random)))
            scribble.root.add(stroke)
        }
        return scribble
    }

    /// A drawing of `tapCount` strokes of one vertex each, scattered over 1000×700 px.
    static func taps() -> Scribble {
        var random = SystemRandomNumberGenerator()
        let scribble = Scribble()
        for _ in 0..<tapCount {
            let stroke = Stroke(color: Color(red: UInt8.random(in: 0...255, using: &random), green: 0, blue: 0, alpha: 255), size: 3)
            stroke.append(Point(x: Float.random(in: 0..<1000, using: &random), y: Float.random(in: 0..<700, using: &random)))
            scribble.root.add(stroke)
        }
        return scribble
    }

    /// The app's `VmHWM` once it has shown the whole of `path` (its `full-frame` line with
    /// at least `vertices`).
    static func peakMegabytesOpening(
        _ path: String, app: String, environment: [String: String], vertices: Int = tapCount
    ) throws -> Double {
        let child = try ChildProcess(app, arguments: [path], environment: environment)
        defer { child.stop() }
        _ = try child.firstValue { fields in
            fields.first == "full-frame" && fields.count == 3 && (Int(fields[2]) ?? 0) >= vertices ? true : nil
        }
        return try GalleryBenchmarks.peakMegabytes(of: child.pid)
    }
}
