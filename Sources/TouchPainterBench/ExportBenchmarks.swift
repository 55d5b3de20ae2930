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
        for format in ["svg", "pdf"] {
            let runs = (0..<3).map { _ in exportRun(app, [input, folder + "/out." + format]) }
            report.add("export_\(format)_ms@1m", median(runs.map(\.milliseconds)), "ms", limit: 3000)
        }
    }

    /// One `touchpainter export` process: wall time and peak resident memory (from `wait4`'s
    /// resource usage, this child's alone).
    private static func exportRun(_ app: String, _ arguments: [String]) -> (milliseconds: Double, peakMegabytes: Double) {
        let argv = ([app, "export"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = monotonicNanoseconds()
        guard posix_spawn(&pid, app, nil, nil, argv, environ) == 0 else { return (.nan, .nan) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let elapsed = Double(monotonicNanoseconds() - start) / 1e6
        guard status == 0 else {
            FileHandle.standardError.write(Data("export failed (status \(status)): \(arguments)\n".utf8))
            return (.nan, .nan)
        }
        return (elapsed, Double(usage.ru_maxrss) / 1024) // ru_maxrss is in KiB on Linux
    }
}
