import Foundation
import ScribbleKit

/// Stamping a template of a million two-point ticks (a 23 MB file), and one of a million
/// one-point taps, in the app: its peak resident memory above what it held just before the
/// template was read, against issue 39's rule for any file (at most twice its size and
/// 64 MB), and the longest main-loop stall from then until the stamp's full frame is up
/// and a second more, against the 100 ms. The app chooses the template and clicks
/// by itself (`TOUCHPAINTER_BENCH_STAMP_TEMPLATE`), as a click in the Templates list and on
/// the canvas would.
enum TemplateStampBenchmarks {
    /// Launches of each case; the figures are their medians.
    static let runs = 3

    /// Runs the metrics with the `app` binary (see `AppBenchmarks.appEnvironment`).
    static func run(into report: Report, folder: String, app: String) throws {
        for (name, strokes) in [("ticks", TapsBenchmarks.ticks()), ("taps", TapsBenchmarks.taps())] {
            let gallery = folder + "/stamp-\(name)"
            let templates = gallery + "/templates"
            try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
            let path = templates + "/template-1.scribble"
            try ScribbleManager.save(template(of: strokes), toPath: path)
            let size = Double(FileManager.default.contents(atPath: path)?.count ?? 0) / 1_048_576
            var environment = AppBenchmarks.appEnvironment(gallery: gallery, folder: folder)
            environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
            environment["TOUCHPAINTER_BENCH_STAMP_TEMPLATE"] = "1"
            let figures = try (0..<runs).map { _ in try measure(app, environment: environment) }
            let limit = 2 * size + 64
            report.add("template_stamp_peak_rss_mb@1m_\(name)", samples: figures.map(\.peakAbove), "MB", limit: limit)
            report.add("template_stamp_app_peak_rss_mb@1m_\(name)", samples: figures.map(\.peak), "MB")
            report.add("template_stamp_longest_stall_ms@1m_\(name)", samples: figures.map(\.stall), "ms", limit: 100)
            report.add("template_stamp_to_full_frame_ms@1m_\(name)", samples: figures.map(\.shown), "ms")
        }
    }

    /// A template of `drawing`'s marks, grouped as Keep as Template groups a selection.
    static func template(of drawing: Scribble) -> Scribble {
        let group = Stroke()
        for mark in drawing.marks { group.add(mark) }
        let template = Scribble()
        template.root.add(group)
        return template
    }

    /// One launch: the peak RSS (MB) above the RSS just before the template was read, the
    /// peak itself, the longest main-loop stall (ms) from then on, and the milliseconds from
    /// the click to the stamp's full frame.
    static func measure(_ app: String, environment: [String: String]) throws -> (peakAbove: Double, peak: Double, stall: Double, shown: Double) {
        let child = try ChildProcess(app, arguments: [], environment: environment)
        defer { child.stop() }
        var stall = 0.0
        func stalls(_ fields: [Substring]) {
            if fields.first == "main-loop-stall-ms", fields.count == 2 { stall = max(stall, Double(fields[1]) ?? 0) }
        }
        try child.firstValue(within: 60) { fields in fields.first == "template-open-soon" ? true : nil }
        let before = try GalleryBenchmarks.statusMegabytes("VmRSS", of: child.pid)
        stall = 0
        try child.firstValue(within: 60) { fields in
            stalls(fields)
            return fields.first == "template-stamp" ? true : nil
        }
        let clicked = DispatchTime.now().uptimeNanoseconds
        try child.firstValue(within: 120) { fields in
            stalls(fields)
            return fields.first == "full-frame" && fields.count == 3 && (Int(fields[2]) ?? 0) >= TapsBenchmarks.tapCount ? true : nil
        }
        let shown = Double(DispatchTime.now().uptimeNanoseconds - clicked) / 1e6
        child.readLines(for: 1) { stalls($0.split(separator: " ")) }
        let peak = try GalleryBenchmarks.peakMegabytes(of: child.pid)
        return (peak - before, peak, stall, shown)
    }
}
