import Foundation
import Glibc
import ScribbleKit

/// Issue 53's goals on the real release app (`--only pdf`), on PdfStampBenchmarks' 2,400-page,
/// ~6.6 MB PDF of text, vector figures and links: opening it (`touchpainter FILE.pdf`) to its
/// first page sharp and to ink that shows, the peak memory going through every 100th page and
/// back at 100 % and 800 %, pan frames over 1M vertices of ink while pages render, sharp again
/// after a zoom stops, saving after annotating 10 pages, and exporting that to PDF.
///
/// What a user sees is what is timed: `ScreenWatch` reads a rectangle of the first page's text
/// off the screen every 2 ms and sends the input, so "sharp" is the moment the pixels reach
/// the frame that stays (the page at its final resolution, whatever drew it), and a pan frame
/// is the time from a wheel notch to the first changed pixels. The app's own lines are used
/// only for when the window shows (`first-frame-ms`) and for ink reaching the screen
/// (`motion-to-frame-ms`). The app runs in the bench's Xvfb (1280 × 1024), its window at the
/// top left at its default size with the canvas at 100 % and the first page at the canvas'
/// origin (checked: a window manager placing it elsewhere, with `TOUCHPAINTER_BENCH_DISPLAY=1`,
/// stops the group with a message).
enum PdfBenchmarks {
    /// The watched rectangle (screen pixels): inside the canvas, over the first page's lines
    /// of text at 100 %, clear of the toolbars and of `inkPoint`.
    static let region = (x: 150, y: 120, width: 400, height: 300)
    /// Where the bench draws (screen pixels): on the page in view, below `region`.
    static let inkPoint = (x: 650, y: 600)
    /// Launches a timed figure takes the median of.
    static let launches = 3

    /// The parts `--only` may name alone; `pdf` runs them all.
    static let parts: Set<String> = ["pdf-open", "pdf-memory", "pdf-view", "pdf-save"]

    /// Runs the PDF metrics `suites` asks for (`pdf`: all), or says why it cannot.
    static func run(into report: Report, folder: String, app: String, suites: Set<String>) throws {
        func runs(_ part: String) -> Bool { suites.contains("pdf") || suites.contains(part) }
        guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false else {
            return note("pdf metrics skipped: no DISPLAY (scripts/bench.sh starts Xvfb)")
        }
        guard FileManager.default.isExecutableFile(atPath: app) else {
            return note("pdf metrics skipped: no app binary at \(app) (build it: swift build -c release)")
        }
        guard ScreenWatch.isAvailable, PointerDrag.isAvailable else {
            return note("pdf metrics skipped: no screen-watch or pointer-drag next to the bench, or no xdotool (scripts/bench.sh)")
        }
        signal(SIGPIPE, SIG_IGN) // a watcher that died must not take the bench with it
        let pdf = try PdfStampBenchmarks.bigPdfFile(in: folder)
        var environment = AppBenchmarks.appEnvironment(gallery: folder + "/pdf-gallery", folder: folder)
        environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil

        if runs("pdf-open") {
            let blank = try blankCanvas(app: app, environment: environment)
            var sharp: [Double] = [], ready: [Double] = []
            for _ in 0..<launches {
                sharp.append(try firstPageSharp(pdf, app: app, environment: environment, blank: blank))
                ready.append(try readyForInk(pdf, app: app, environment: environment, blank: blank))
            }
            report.add("pdf_open_sharp_ms@2400p", samples: sharp, "ms", limit: 300)
            report.add("pdf_open_ready_for_ink_ms@2400p", samples: ready, "ms", limit: 1000)
        }
        if runs("pdf-memory") {
            let atFull = try peakGoingThroughPages(pdf, zoomSteps: 0, app: app, environment: environment)
            report.add("pdf_peak_rss_mb@2400p_100", atFull, "MB", limit: 400)
            let atEightfold = try peakGoingThroughPages(pdf, zoomSteps: 6, app: app, environment: environment)
            report.add("pdf_peak_rss_mb@2400p_800", atEightfold, "MB", limit: 800)
        }
        if runs("pdf-view") {
            let inked = try scribbleWithInk(on: pdf, in: folder)
            report.add("pdf_pan_frame_ms_p99@2400p_1m", try panFrames(inked, app: app, environment: environment), "ms", limit: 16)
            report.add("pdf_zoom_sharp_ms@2400p", samples: try sharpAfterZooms(pdf, app: app, environment: environment), "ms", limit: 150)
        }
        if runs("pdf-save") { try addSavingAndExport(pdf, into: report, folder: folder, app: app, environment: environment) }
    }

    /// The watched rectangle's pixels on the app's empty canvas, before any PDF: what the
    /// opening metrics wait to see replaced by the page.
    static func blankCanvas(app: String, environment: [String: String]) throws -> String {
        let watch = try ScreenWatch(x: region.x, y: region.y, width: region.width, height: region.height)
        let child = try ChildProcess(app, arguments: [], environment: environment)
        defer { child.stop() }
        _ = try windowShown(child)
        let frame = try PointerDrag.windowFrame(ofProcess: child.pid)
        guard frame.x <= 40, frame.y <= 40, frame.x + frame.width >= region.x + region.width + 100,
            frame.y + frame.height >= inkPoint.y + 100
        else {
            throw ChildProcess.Failure(
                description: "the app's window is at \(frame), not at the top left where the PDF metrics read the screen (a window manager?)")
        }
        try child.waitUntilIdle()
        return try watch.settle(quiet: 0.5, within: 10).orThrow("screen-watch saw nothing").hash
    }

    /// When `child`'s window first drew (CLOCK_MONOTONIC ns), from its `first-frame-ms` line.
    static func windowShown(_ child: ChildProcess) throws -> UInt64 {
        try child.firstValue { fields in
            fields.first == "first-frame-ms" && fields.count >= 4 ? UInt64(fields[3]) : nil
        }
    }

    /// One launch on `pdf`: milliseconds from the window showing to the first page as it stays
    /// (sharp), the pixels read off the screen; 0 when the window's first frame had it.
    static func firstPageSharp(_ pdf: String, app: String, environment: [String: String], blank: String) throws -> Double {
        let watch = try ScreenWatch(x: region.x, y: region.y, width: region.width, height: region.height)
        let child = try ChildProcess(app, arguments: [pdf], environment: environment)
        defer { child.stop() }
        let shown = try windowShown(child)
        try child.waitUntilIdle(within: 60)
        let final = try watch.settle(quiet: 1, within: 30).orThrow("screen-watch saw nothing")
        guard final.hash != blank else { throw ChildProcess.Failure(description: "the app never showed \(pdf)'s first page") }
        return Double(final.at > shown ? final.at - shown : 0) / 1e6
    }

    /// One launch on `pdf`: milliseconds from the window showing to the first ink on the
    /// first page on screen, the pen put down as soon as the page (any rendering of it) shows.
    static func readyForInk(_ pdf: String, app: String, environment: [String: String], blank: String) throws -> Double {
        let watch = try ScreenWatch(x: region.x, y: region.y, width: region.width, height: region.height)
        let child = try ChildProcess(app, arguments: [pdf], environment: environment)
        defer { child.stop() }
        let shown = try windowShown(child)
        _ = try watch.firstChange(after: 0, within: 30) { $0.hash != blank && $0.at >= shown }
            .orThrow("the app never showed \(pdf)'s first page")
        let drag = try PointerDrag(around: inkPoint, radius: 40, count: 60).begin(rate: PointerDrag.latencyRate)
        defer { drag.stop() }
        let inked = try child.firstValue(within: 30) { fields in
            fields.first == "motion-to-frame-ms" ? monotonicNanoseconds() : nil
        }
        return Double(inked - shown) / 1e6
    }

    /// The app's peak resident memory (VmHWM, MB) after opening `pdf`, zooming in
    /// `zoomSteps` √2 steps (6: 800 %) and going to every 100th page with Go to Page (Ctrl+G)
    /// and back, a pause at each for its render.
    static func peakGoingThroughPages(_ pdf: String, zoomSteps: Int, app: String, environment: [String: String]) throws -> Double {
        let child = try ChildProcess(app, arguments: [pdf], environment: environment)
        defer { child.stop() }
        _ = try windowShown(child)
        try child.waitUntilIdle(within: 60)
        var keys = ["mousemove", String(inkPoint.x), String(inkPoint.y)]
        for _ in 0..<zoomSteps { keys += ["key", "ctrl+plus", "sleep", "0.1"] }
        let pages = Array(stride(from: 1, through: PdfStampBenchmarks.pageCount, by: 100))
        for page in pages + pages.reversed().dropFirst() { keys += goToPage(page, pause: 0.4) }
        try PointerDrag.xdotool(keys, timeout: 180)
        try child.waitUntilIdle(within: 60)
        return try GalleryBenchmarks.peakMegabytes(of: child.pid)
    }

    /// xdotool's words for Go to Page `page`, then `pause` seconds: Ctrl+G, the number typed
    /// a key at a time (xdotool's `type` would take every word after it as text), Return.
    static func goToPage(_ page: Int, pause: Double) -> [String] {
        ["key", "ctrl+g", "sleep", "0.3", "key", "ctrl+a"] + String(page).flatMap { ["key", String($0)] }
            + ["key", "Return", "sleep", String(pause)]
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
