import Glibc

/// One figure the benchmark reports, with the goal it is held to.
struct Measurement {
    /// The metric's name, e.g. `motion_event_us@1m`.
    let metric: String
    /// The figure.
    let value: Double
    /// Its unit, e.g. `us`, `ms`, `bytes`.
    let unit: String
    /// The most it may be; `nil` for a figure reported for information only.
    let limit: Double?
    /// For a median of several launches, the least and the most of them.
    var spread: (min: Double, max: Double)? = nil

    /// True when there is no goal or the figure is within it.
    var isMet: Bool { limit.map { value <= $0 } ?? true }

    /// The JSON line: `{"metric": NAME, "value": NUMBER, "unit": UNIT}`, and for a median
    /// of several launches `"min": NUMBER, "max": NUMBER` after the unit.
    var json: String {
        func number(_ value: Double) -> String { value.isFinite ? format(value) : "null" }
        let range = spread.map { ", \"min\": \(number($0.min)), \"max\": \(number($0.max))" } ?? ""
        return "{\"metric\": \"\(metric)\", \"value\": \(number(value)), \"unit\": \"\(unit)\"\(range)}"
    }

    /// The figure and its unit for the table, with the spread after it: `41.2 us (39.8–44.0)`.
    var text: String {
        format(value) + " " + unit + (spread.map { " (" + format($0.min) + "–" + format($0.max) + ")" } ?? "")
    }
}

/// Prints measurements as they come (one JSON object a line, flushed, so a slow suite shows
/// progress) and the summary table at the end.
final class Report {
    private(set) var measurements: [Measurement] = []

    /// Records and prints one measurement; `spread`, the least and the most of what it sums up.
    func add(_ metric: String, _ value: Double, _ unit: String, limit: Double? = nil, spread: (min: Double, max: Double)? = nil) {
        record(Measurement(metric: metric, value: value, unit: unit, limit: limit, spread: spread))
    }

    /// Records and prints the median of `samples` (one a launch), with their least and most.
    func add(_ metric: String, samples: [Double], _ unit: String, limit: Double? = nil) {
        let sorted = samples.sorted()
        let spread = sorted.first.map { ($0, sorted.last ?? $0) }
        record(Measurement(metric: metric, value: median(samples), unit: unit, limit: limit, spread: spread))
    }

    private func record(_ measurement: Measurement) {
        measurements.append(measurement)
        print(measurement.json)
        fflush(nil) // every stream: `stdout` itself is a C global Swift 6 will not touch
    }

    /// The human-readable table: metric, value, goal, met?
    func printTable() {
        let rows = measurements.map { m in
            [
                m.metric, m.text, m.limit.map { "≤ " + format($0) + " " + m.unit } ?? "—",
                m.limit == nil ? "" : (m.isMet ? "yes" : "NO"),
            ]
        }
        let header = ["metric", "value", "goal", "met?"]
        let widths = (0..<header.count).map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }
        print("")
        print(line(header))
        print(line(widths.map { String(repeating: "-", count: $0) }))
        rows.forEach { print(line($0)) }
        let missed = measurements.filter { !$0.isMet }.map(\.metric)
        print(missed.isEmpty ? "\nAll goals met." : "\nGoals missed: " + missed.joined(separator: ", "))
    }
}

/// A number with three decimals at most, and no trailing zeros.
func format(_ value: Double) -> String {
    var text = String(Double((value * 1000).rounded()) / 1000)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

extension String {
    /// The string without spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// The median of `values` (the mean of the middle two for an even count); NaN when empty.
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The `fraction` percentile of `values` by nearest rank (0.99: the smallest value at least
/// 99 % of them do not exceed); NaN when empty.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let rank = Int((fraction * Double(values.count)).rounded(.up))
    return values.sorted()[min(max(rank, 1), values.count) - 1]
}

/// CLOCK_MONOTONIC in nanoseconds: the clock the app's timing lines use too.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// How long `body` takes, in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = monotonicNanoseconds()
    try body()
    return Double(monotonicNanoseconds() - start) / 1e6
}
