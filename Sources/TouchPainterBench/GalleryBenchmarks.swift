import Foundation
import ScribbleKit

/// A gallery of big scribbles on the real app (issue 14): 100 entries of 100,000 vertices
/// each. Open is timed until every thumbnail on screen shows (the proxies load what is
/// drawn), and the app's peak memory is compared with an empty gallery's.
enum GalleryBenchmarks {
    /// Entries, and vertices in each.
    static let entries = 100, vertices = 100_000
    /// Timed launches of each kind.
    static let launches = 3

    /// Adds `gallery_all_tiles_ms@100x100k` and `gallery_peak_rss_extra_mb@100x100k` (and how
    /// many tiles were on screen: a 1280×1024 window's worth).
    static func run(into report: Report, folder: String, app: String) throws {
        let big = folder + "/big-gallery", empty = folder + "/empty-gallery"
        try makeGallery(in: big)
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        var times: [Double] = [], extras: [Double] = [], shown = 0
        for _ in 0..<launches {
            let (milliseconds, tiles, peak) = try open(big, app: app, folder: folder)
            guard tiles > 0 else { throw ChildProcess.Failure(description: "no thumbnail loaded") }
            times.append(milliseconds)
            shown = tiles
            extras.append(peak - (try open(empty, app: app, folder: folder).peakMegabytes))
        }
        report.add("gallery_tiles_on_screen@100x100k", Double(shown), "tiles")
        report.add("gallery_all_tiles_ms@100x100k", median(times), "ms", limit: 1500)
        report.add("gallery_peak_rss_extra_mb@100x100k", median(extras), "MB", limit: 100)
    }

    /// One launch that opens the gallery in `gallery`: milliseconds from Open until its tiles
    /// on screen show their thumbnails, how many, and the app's peak resident memory then.
    /// An empty gallery has no tiles: its figures are taken once the app is idle.
    static func open(_ gallery: String, app: String, folder: String) throws -> (milliseconds: Double, tiles: Int, peakMegabytes: Double) {
        let environment = AppBenchmarks.appEnvironment(gallery: gallery, folder: folder)
        let child = try ChildProcess(app, arguments: [], environment: environment)
        defer { child.stop() }
        _ = try AppBenchmarks.startupMilliseconds(of: child)
        var result = (milliseconds: Double.nan, tiles: 0)
        if (try? FileManager.default.contentsOfDirectory(atPath: gallery).isEmpty) == false {
            result = try child.firstValue { fields in
                guard fields.first == "gallery-tiles-ms", fields.count == 3, let ms = Double(fields[1]), let n = Int(fields[2])
                else { return nil }
                return (ms, n)
            }
        }
        try child.waitUntilIdle()
        return (result.milliseconds, result.tiles, try peakMegabytes(of: child.pid))
    }

    /// `VmHWM` of `/proc/PID/status`: the most memory the process has held resident.
    static func peakMegabytes(of pid: pid_t) throws -> Double {
        try statusMegabytes("VmHWM", of: pid)
    }

    /// A memory figure (`VmHWM`, `VmRSS`…) of `/proc/PID/status`, in MB.
    static func statusMegabytes(_ field: String, of pid: pid_t) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { throw ChildProcess.Failure(description: "no \(field) for pid \(pid)") }
        return kibibytes / 1024
    }

    /// Saves `entries` scribbles of `vertices` vertices (100 strokes of 1,000) through
    /// `ScribbleManager`, thumbnails and all, unless they are there already.
    static func makeGallery(in directory: String) throws {
        let manager = ScribbleManager(directory: directory)
        guard (try? manager.entries().count) != entries else { return }
        var walk = RandomWalk(seed: 21)
        for index in 0..<entries {
            let scribble = Scribble()
            for _ in 0..<(vertices / 1_000) {
                walk.lift()
                let pen = walk.pen()
                let stroke = Stroke(color: pen.color, size: pen.size)
                stroke.reserveCapacity(1_000)
                stroke.append(walk.current)
                for _ in 1..<1_000 { stroke.append(walk.next()) }
                scribble.add(stroke)
            }
            scribble.title = "Big \(index + 1)"
            try manager.save(scribble, canvasWidth: CanvasHarness.size.width, canvasHeight: CanvasHarness.size.height)
        }
    }
}
