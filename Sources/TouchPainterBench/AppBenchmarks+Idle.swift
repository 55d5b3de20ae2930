import Foundation
import ScribbleKit

extension AppBenchmarks {
    /// Adds `app_idle_cpu_pct` (issue 35): the app open on the big scribble and doing nothing,
    /// its CPU time over `SyncBenchmarks.idleSeconds` once its full frame is up and it went
    /// idle, as a percentage of one core. An app left open all day must cost nothing while
    /// nobody touches it: no timer that keeps waking, no render that repeats.
    static func addIdleCPU(into report: Report, folder: String, app: String) throws {
        var environment = appEnvironment(gallery: folder + "/idle-gallery", folder: folder)
        environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
        environment["TOUCHPAINTER_REPORT_STALLS"] = "0" // their watch would wake the idle app every 4 ms
        let child = try ChildProcess(app, arguments: [try bigScribble(in: folder)], environment: environment)
        defer { child.stop() }
        try child.firstValue { fields in
            fields.first == "full-frame" && fields.count == 3 && (Int(fields[2]) ?? 0) >= BigScribble.vertexCount ? () : nil
        }
        try child.waitUntilIdle()
        let startCPU = try child.cpuNanoseconds(), start = monotonicNanoseconds()
        child.readLines(for: SyncBenchmarks.idleSeconds) { _ in }
        let percent = Double(try child.cpuNanoseconds() - startCPU) / Double(monotonicNanoseconds() - start) * 100
        report.add("app_idle_cpu_pct", percent, "%", limit: 0.5)
    }
}
