import Foundation
import ScribbleKit

/// A gallery shared through a synced folder (issue 33), on the real app: how soon a scribble
/// that another computer's sync tool completes shows as a tile; what watching a folder of a
/// thousand scribbles costs while nothing happens; and what the check that a save replaces
/// only the version it saw adds to a save of the million-vertex scribble.
enum SyncBenchmarks {
    /// Scribbles that arrive while the gallery is open.
    static let arrivals = 50
    /// How long the watched gallery is left idle, in seconds (`TOUCHPAINTER_BENCH_IDLE_SECONDS`).
    static var idleSeconds: Double {
        Double(ProcessInfo.processInfo.environment["TOUCHPAINTER_BENCH_IDLE_SECONDS"] ?? "") ?? 30
    }

    /// Adds `gallery_live_update_ms`, the idle figures and `save_conflict_check_ms`.
    static func run(into report: Report, folder: String, app: String) throws {
        let gallery = folder + "/gallery-sync"
        try AppBenchmarks.makeGallery(in: gallery)
        var environment = AppBenchmarks.appEnvironment(gallery: gallery, folder: folder)
        environment["TOUCHPAINTER_REPORT_STALLS"] = "0" // their watch would wake the idle app every 4 ms
        let child = try ChildProcess(app, arguments: [], environment: environment)
        defer { child.stop() }
        // The gallery was made a moment ago: its newest files are listed once they settled.
        let total = AppBenchmarks.galleryCount
        _ = try child.firstValue { fields in fields.first == "gallery-shown" && fields.count == 3 && Int(fields[1]) == total ? true : nil }
        try child.waitUntilIdle()
        // As a sync tool does: the file is written under a temporary name, then renamed into place.
        let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: gallery + "/" + (try firstScribble(in: gallery)))))
        var latencies: [Double] = []
        for index in 0..<arrivals {
            let temporary = gallery + "/.syncthing.arrival-\(index).scribble.tmp"
            try Data(source).write(to: URL(fileURLWithPath: temporary))
            rename(temporary, gallery + "/arrival-\(index).scribble")
            let completed = realtimeMilliseconds()
            let shownAt = try child.firstValue(within: 10) { fields -> Double? in
                fields.first == "gallery-shown" && fields.count == 3 && Int(fields[1]) == total + index + 1 ? Double(fields[2]) : nil
            }
            latencies.append(shownAt - completed)
            try child.waitUntilIdle()
        }
        report.add("gallery_live_update_ms", percentile(latencies, 0.99), "ms", limit: 1000)

        // Idle, watching the folder: CPU and memory over `idleSeconds`.
        let startCPU = try child.cpuNanoseconds(), startRSS = try GalleryBenchmarks.statusMegabytes("VmRSS", of: child.pid)
        let start = monotonicNanoseconds()
        child.readLines(for: idleSeconds) { _ in }
        let cpu = Double(try child.cpuNanoseconds() - startCPU) / Double(monotonicNanoseconds() - start) * 100
        report.add("gallery_watch_idle_cpu_pct@1k", cpu, "%", limit: 1)
        report.add("gallery_watch_idle_rss_growth_mb@1k", try GalleryBenchmarks.statusMegabytes("VmRSS", of: child.pid) - startRSS, "MB", limit: 1)

        report.add("save_conflict_check_ms", try conflictCheckMilliseconds(folder: folder), "ms", limit: 5)
    }

    /// What `commit(expecting:)` (check, swap, check) costs over a plain `commit()` (rename)
    /// when replacing the million-vertex scribble: medians of 15 each.
    static func conflictCheckMilliseconds(folder: String) throws -> Double {
        let path = folder + "/big-sync.scribble"
        let data = BigScribble.scribble().makeMemento().data
        try AtomicFile(path: path).write(data)
        var plain: [Double] = [], checked: [Double] = []
        for _ in 0..<15 {
            let prepared = try AtomicFile(path: path).prepare(data)
            var start = monotonicNanoseconds()
            try prepared.commit()
            plain.append(Double(monotonicNanoseconds() - start) / 1e6)
            guard let seen = FileIdentity.of(path) else { throw ChildProcess.Failure(description: "\(path) went") }
            let next = try AtomicFile(path: path).prepare(data)
            start = monotonicNanoseconds()
            guard try next.commit(expecting: seen) else { throw ChildProcess.Failure(description: "a save was refused") }
            checked.append(Double(monotonicNanoseconds() - start) / 1e6)
        }
        try? FileManager.default.removeItem(atPath: path)
        return max(0, median(checked) - median(plain))
    }

    private static func firstScribble(in gallery: String) throws -> String {
        guard let name = try FileManager.default.contentsOfDirectory(atPath: gallery).first(where: { $0.hasSuffix(".scribble") })
        else { throw ChildProcess.Failure(description: "no scribble in \(gallery)") }
        return name
    }

    /// CLOCK_REALTIME now, in ms (the clock the app's `gallery-shown` lines use).
    static func realtimeMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }
}
