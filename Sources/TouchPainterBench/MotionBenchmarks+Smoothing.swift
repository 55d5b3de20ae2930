import Foundation
import ScribbleKit

/// What each smoothing level costs a motion event, measured finely enough to judge a 10 %
/// goal on a machine whose load moves the per-event figure by a third from one run to the
/// next (issue 32). Two things take the noise out:
/// - a long drag (`smoothingEvents` events at `PointerDrag.cpuRate`, a fixed rate, so every
///   launch draws the same frames), so each figure is a fair fraction of a second of CPU time;
/// - interleaved rounds: each round launches the app once at every level, smoothing off
///   included, in an order rotated from round to round, and each level is compared with the
///   off run of its own round. A busy spell of the machine then weighs on both sides of a
///   ratio; the median of the rounds' ratios is the figure held to the goal.
extension MotionBenchmarks {
    /// The levels, off first: the path every stroke took before there were levels.
    static let smoothingLevels = ["off", "light", "medium", "strong"]
    /// Rounds of launches, one launch a level in each.
    static let smoothingRounds = 5
    /// Motion events in each drag.
    static let smoothingEvents = 8000

    /// Adds `app_motion_cpu_us@0_long` (smoothing off), `app_motion_cpu_us@0_long_smoothing_<level>`
    /// and `app_motion_cpu_ratio_smoothing_<level>` (≤ 1.1: the median of the rounds' level ÷ off).
    static func runSmoothing(into report: Report, folder: String, app: String, environment: [String: String]) throws {
        var cpu: [String: [Double]] = [:]
        var ratios: [String: [Double]] = [:]
        for round in 0..<smoothingRounds {
            let order = smoothingLevels.indices.map { smoothingLevels[($0 + round) % smoothingLevels.count] }
            var figures: [String: Double] = [:]
            for level in order {
                let settings = settingsEnvironment(environment, folder: folder, name: level, ini: "[Input]\nsmoothing=\(level)\n")
                figures[level] = try cpuPerEvent(app, environment: settings, events: smoothingEvents)
            }
            for level in smoothingLevels {
                let figure = figures[level] ?? .nan
                cpu[level, default: []].append(figure)
                if level != "off" { ratios[level, default: []].append(figure / (figures["off"] ?? .nan)) }
            }
        }
        report.add("app_motion_cpu_us@0_long", median(cpu["off"] ?? []), "us")
        for level in smoothingLevels.dropFirst() {
            report.add("app_motion_cpu_us@0_long_smoothing_" + level, median(cpu[level] ?? []), "us")
            let spread = (ratios[level] ?? []).sorted()
            report.add("app_motion_cpu_ratio_smoothing_" + level, median(spread), "x", limit: 1.1)
            note("smoothing \(level) ÷ off, round by round: " + spread.map { format($0) }.joined(separator: ", "))
        }
    }

    /// One launch of `program`: the CPU time of the whole process per event over a drag of
    /// `events` motion events at 8 kHz round the middle of its window, in µs.
    private static func cpuPerEvent(_ program: String, environment: [String: String], events: Int) throws -> Double {
        let child = try ChildProcess(program, arguments: [], environment: environment)
        defer { child.stop() }
        _ = try AppBenchmarks.startupMilliseconds(of: child)
        let drag = PointerDrag(around: try PointerDrag.windowCenter(ofProcess: child.pid), count: events)
        try drag.moveToStart()
        try child.waitUntilIdle()
        let before = try child.cpuNanoseconds()
        _ = try latencies(of: drag, rate: PointerDrag.cpuRate, in: child)
        return Double(try child.cpuNanoseconds() - before) / 1e3 / Double(events)
    }
}
