import Foundation
import ScribbleKit

/// The app's memory while the big scribble is zoomed from 5 % to 6400 % and panned across
///: bounded by the window, not by the drawing's area at the zoom. Xournal++'s
/// page buffers grow with area × zoom² and take gigabytes above 400 %.
enum ZoomMemoryBenchmarks {
    /// Runs the metric: the peak resident memory beyond what opening the drawing took.
    static func run(into report: Report, big: String, app: String, environment: [String: String]) throws {
        var environment = environment
        environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
        let runs = try (0..<2).map { _ in try peaks(zooming: big, app: app, environment: environment) }
        let extra = median(runs.map { $0.zoomed - $0.opened })
        report.add(
            "app_peak_rss_mb@1m_zoom", median(runs.map(\.zoomed)), "MB",
            limit: median(runs.map(\.opened)) + 100)
        report.add("app_peak_rss_extra_mb@1m_zoom", extra, "MB", limit: 100)
    }

    /// The app's `VmHWM` once the drawing is up, and after Ctrl+minus to 5 %, Ctrl+plus to
    /// 6400 % a √2 step at a time, and wheel pans across at several zooms.
    static func peaks(zooming path: String, app: String, environment: [String: String]) throws -> (opened: Double, zoomed: Double) {
        let child = try ChildProcess(app, arguments: [path], environment: environment)
        defer { child.stop() }
        _ = try child.firstValue { fields in
            fields.first == "full-frame" && fields.count == 3 && (Int(fields[2]) ?? 0) >= BigScribble.vertexCount ? true : nil
        }
        let opened = try GalleryBenchmarks.peakMegabytes(of: child.pid)
        let centre = try PointerDrag.windowCenter(ofProcess: child.pid)
        var keys = ["mousemove", String(centre.x), String(centre.y)]
        func notch(_ key: String, times: Int, pause: String) {
            for _ in 0..<times { keys += ["key", key, "sleep", pause] }
        }
        func pan() {
            for button in ["5", "7", "4", "6"] { for _ in 0..<15 { keys += ["click", button, "sleep", "0.02"] } }
        }
        notch("ctrl+minus", times: 14, pause: "0.1") // 100 % → 5 %
        pan()
        for _ in 0..<6 { // 5 % → 6400 %, four steps at a time, panning at each stop
            notch("ctrl+plus", times: 4, pause: "0.1")
            keys += ["sleep", "0.5"]
            pan()
        }
        try PointerDrag.xdotool(keys, timeout: 120)
        try child.waitUntilIdle()
        return (opened, try GalleryBenchmarks.peakMegabytes(of: child.pid))
    }
}
