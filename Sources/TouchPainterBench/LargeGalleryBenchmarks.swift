import Foundation
import ScribbleKit

/// A gallery of ten thousand small scribbles on the real app (issue 39): CPU, main-loop
/// stalls (with the accessibility bridge off and on), memory, how soon the app is idle after
/// its first frame, and how soon the thumbnails on screen show when the app is launched again
/// (from the cache the first launch filled) and when the gallery is closed and opened again.
enum LargeGalleryBenchmarks {
    /// Scribbles in the gallery.
    static let count = 10_000

    /// What one launch that opens the gallery measured.
    struct Launch {
        /// CPU seconds the app used from its start until it was idle.
        var cpuSeconds = 0.0
        /// The longest the main loop stood still after the first frame, in ms.
        var longestStall = 0.0
        /// Milliseconds from the first frame until the app was idle.
        var idleAfterFirstFrame = 0.0
        /// Milliseconds from Open until the thumbnails on screen showed, for each Open.
        var tiles: [Double] = []
        /// The app's peak resident memory, MB.
        var peakMegabytes = 0.0
    }

    /// Adds the `…@10k` metrics.
    static func run(into report: Report, folder: String, app: String) throws {
        let gallery = folder + "/gallery-10k", cache = folder + "/cache-10k"
        try makeGallery(in: gallery)
        try? FileManager.default.removeItem(atPath: cache)
        let first = try launch(app, gallery: gallery, cache: cache, folder: folder, accessibility: false)
        let reopen = try launch(app, gallery: gallery, cache: cache, folder: folder, accessibility: false, reopening: true)
        let accessible = try launch(app, gallery: gallery, cache: cache, folder: folder, accessibility: true)
        report.add("gallery_cpu_s@10k_first_open", first.cpuSeconds, "s")
        report.add("gallery_cpu_s@10k", reopen.cpuSeconds, "s")
        report.add("gallery_idle_after_first_frame_ms@10k", max(first.idleAfterFirstFrame, accessible.idleAfterFirstFrame), "ms", limit: 2000)
        report.add("gallery_longest_stall_ms@10k", max(first.longestStall, reopen.longestStall), "ms", limit: 50)
        report.add("gallery_longest_stall_ms@10k_a11y", accessible.longestStall, "ms", limit: 50)
        report.add("gallery_cpu_s@10k_a11y", accessible.cpuSeconds, "s")
        report.add("gallery_tiles_on_relaunch_ms@10k", reopen.tiles.first ?? .nan, "ms", limit: 500)
        report.add("gallery_tiles_on_reopen_ms@10k", reopen.tiles.dropFirst().first ?? .nan, "ms", limit: 500)
        report.add("gallery_peak_rss_mb@10k", [first, reopen, accessible].map(\.peakMegabytes).max() ?? 0, "MB", limit: 150)
    }

    /// One launch that opens the gallery by itself after its first frame (and, `reopening`,
    /// closes and opens it again once its thumbnails showed), followed until the app is idle
    /// (under 2 % of a core over 150 ms) or two minutes pass.
    static func launch(
        _ app: String, gallery: String, cache: String, folder: String, accessibility: Bool,
        reopening: Bool = false
    ) throws -> Launch {
        var environment = AppBenchmarks.appEnvironment(gallery: gallery, folder: folder)
        environment["XDG_CACHE_HOME"] = cache
        if reopening { environment["TOUCHPAINTER_BENCH_REOPEN_GALLERY"] = "1" }
        if accessibility {
            environment["NO_AT_BRIDGE"] = nil
            environment["GTK_A11Y"] = "atk"
        }
        let child = try ChildProcess(app, arguments: [], environment: environment)
        defer { child.stop() }
        var result = Launch()
        let firstFrame = try child.firstValue { fields -> UInt64? in
            fields.first == "first-frame-ms" && fields.count >= 4 ? UInt64(fields[3]) : nil
        }
        func take(_ line: String) {
            let fields = line.split(separator: " ")
            if fields.first == "main-loop-stall-ms", fields.count == 2, let stall = Double(fields[1]) {
                result.longestStall = max(result.longestStall, stall)
            } else if fields.first == "gallery-tiles-ms", fields.count == 3, let ms = Double(fields[1]) {
                result.tiles.append(ms)
            }
        }
        let deadline = monotonicNanoseconds() + 120_000_000_000
        var before = try child.cpuNanoseconds()
        while monotonicNanoseconds() < deadline {
            child.readLines(for: 0.15, take)
            let after = try child.cpuNanoseconds()
            defer { before = after }
            // Idle once the tiles on show have loaded and the app stopped working.
            if result.tiles.count >= (reopening ? 2 : 1), after - before < 3_000_000 { break }
        }
        result.idleAfterFirstFrame = Double(monotonicNanoseconds() - firstFrame) / 1e6 - 150
        result.cpuSeconds = Double(try child.cpuNanoseconds()) / 1e9
        result.peakMegabytes = try GalleryBenchmarks.peakMegabytes(of: child.pid)
        child.readLines(for: 0.3, take) // a stall is reported when it ends
        return result
    }

    /// Writes `count` small scribbles (three strokes of 100 vertices) straight to files, with
    /// no thumbnails, unless they are there already: what a synced folder or an older version
    /// leaves, and quick to make.
    static func makeGallery(in directory: String) throws {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory),
            names.filter({ $0.hasSuffix(".scribble") }).count == count
        {
            return
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var walk = RandomWalk(seed: 39)
        for index in 0..<count {
            let scribble = AppBenchmarks.smallScribble(titled: "Gallery \(index + 1)", walk: &walk)
            let name = String(format: "%08x-0000-4000-8000-%012x", index, index)
            FileManager.default.createFile(atPath: directory + "/" + name + ".scribble", contents: Data(scribble.makeMemento().data))
        }
    }
}
