import Foundation
import Glibc
import ScribbleKit

/// The headless exporter as a user runs it: the whole `touchpainter export` process on the
/// big scribble, timed from exec to exit, with its peak memory.
enum ExportBenchmarks {
    /// Runs the export metrics with the `app` binary; `folder` is a scratch folder.
    static func run(into report: Report, folder: String, app: String) throws {
        let input = folder + "/export-big.scribble"
        try ScribbleManager.save(BigScribble.scribble(), toPath: input)
        let png = (0..<3).map { _ in exportRun(app, [input, folder + "/out.png", "--width", "1024"]) }
        report.add("export_png_ms@1m", median(png.map(\.milliseconds)), "ms", limit: 1100)
        report.add("export_png_peak_rss_mb@1m", median(png.map(\.peakMegabytes)), "MB", limit: 60)
        try addXournalExport(into: report, ours: median(png.map(\.milliseconds)), input: input, folder: folder)
        for format in ["svg", "pdf"] {
            let runs = (0..<3).map { _ in exportRun(app, [input, folder + "/out." + format]) }
            report.add("export_\(format)_ms@1m", median(runs.map(\.milliseconds)), "ms", limit: 3000)
        }
    }

    /// Xournal++'s export of the same drawing to the same PNG, in the same run (issue 35:
    /// ours at most 0.15 × its time): the big scribble as our `.xopp`, exported by
    /// `xournalpp --create-img`, three times. Skipped, with a note, without Xournal++ or a display.
    private static func addXournalExport(into report: Report, ours: Double, input: String, folder: String) throws {
        guard let xournalpp = ChildProcess.executable(named: "xournalpp"), ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            return FileHandle.standardError.write(Data("export_png_ratio_to_xournalpp@1m skipped: it needs xournalpp and DISPLAY\n".utf8))
        }
        let xopp = folder + "/export-big.xopp"
        let memento = try ScribbleManager.loadMemento(path: input)
        FileManager.default.createFile(atPath: xopp, contents: Data(try Exporter(memento: memento).export(.xopp)))
        defer { unlink(xopp) }
        let theirs = median(try (0..<3).map { _ in try XournalScaleBenchmarks.exportMilliseconds(xournalpp, xopp, folder: folder) })
        report.add("xournalpp_export_png_ms@1m", theirs, "ms")
        report.add("export_png_ratio_to_xournalpp@1m", ours / theirs, "x", limit: 0.15)
    }

    /// One `touchpainter export` process: wall time and peak resident memory, as GNU time
    /// reports it. Not `wait4`'s own figure for a child spawned from here: the kernel counts
    /// in it the memory of the spawning process up to the child's `exec` — this benchmark's,
    /// which holds million-vertex scribbles by then. GNU time forks from a small process.
    static func exportRun(_ app: String, _ arguments: [String]) -> (milliseconds: Double, peakMegabytes: Double) {
        let report = NSTemporaryDirectory() + "touchpainter-export-rss-\(getpid())"
        defer { unlink(report) }
        let argv = (["/usr/bin/time", "-f", "%M", "-o", report, app, "export"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = monotonicNanoseconds()
        guard posix_spawn(&pid, "/usr/bin/time", nil, nil, argv, environ) == 0 else { return (.nan, .nan) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let elapsed = Double(monotonicNanoseconds() - start) / 1e6
        guard status == 0, let text = try? String(contentsOfFile: report, encoding: .utf8),
            let kibibytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            FileHandle.standardError.write(Data("export failed (status \(status)): \(arguments)\n".utf8))
            return (.nan, .nan)
        }
        return (elapsed, kibibytes / 1024)
    }
}
