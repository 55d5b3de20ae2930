import Foundation

/// What a user sees of a rectangle of the screen, frame by frame: `screen-watch`
/// (bench/screen/screen_watch.c, built next to the bench by scripts/bench.sh) reads the
/// rectangle every 2 ms and reports each change of its pixels, and sends the bench's wheel
/// notches and keys as real X input from the same process, on the same clock. The PDF
/// metrics time what shows on screen with it rather than a line the app prints, so they hold
/// whatever draws the pages (the renderer of today, a tile cache tomorrow).
final class ScreenWatch {
    /// A change of the rectangle's pixels: when it was read (CLOCK_MONOTONIC ns, at most 2 ms
    /// and a read after it went up) and a hash of its pixels.
    struct Change {
        let at: UInt64
        let hash: String
    }

    /// Every change read so far, the first read first.
    private(set) var changes: [Change] = []
    private let child: ChildProcess

    /// Starts watching the rectangle `width` × `height` at (`x`, `y`) of the screen.
    init(x: Int, y: Int, width: Int, height: Int) throws {
        child = try ChildProcess(Self.program, arguments: [x, y, width, height].map(String.init), takesInput: true)
        _ = try firstChange(after: 0, within: 10).orThrow("screen-watch read nothing from the screen")
    }

    deinit {
        child.send("quit")
    }

    /// The watcher, next to this benchmark (scripts/bench.sh builds it there).
    static var program: String { (ChildProcess.ownExecutable as NSString).deletingLastPathComponent + "/screen-watch" }

    /// Whether the watcher is built.
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: program) }

    /// The pixels on screen now (the last change read).
    var current: Change? { changes.last }

    /// Sends `command` (`button N`, `ctrl-button N`, `key NAME`: see screen_watch.c) as real
    /// input and returns when the X server had it (CLOCK_MONOTONIC ns).
    @discardableResult
    func send(_ command: String) throws -> UInt64 {
        child.send(command)
        let deadline = monotonicNanoseconds() + 10_000_000_000
        while let line = child.nextLine(before: deadline) {
            if let sent = take(line) { return sent }
        }
        throw ChildProcess.Failure(description: "screen-watch did not send \(command)")
    }

    /// The first change read after `time` (CLOCK_MONOTONIC ns) that `matches`, waiting up to
    /// `seconds` for it; `nil` if none came.
    func firstChange(after time: UInt64, within seconds: Double, where matches: (Change) -> Bool = { _ in true }) -> Change? {
        if let change = changes.first(where: { $0.at > time && matches($0) }) { return change }
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while let line = child.nextLine(before: deadline) {
            let before = changes.count
            _ = take(line)
            if changes.count > before, let change = changes.last, change.at > time, matches(change) { return change }
        }
        return nil
    }

    /// Reads until the pixels have not changed for `quiet` seconds (or `within` seconds have
    /// passed) and returns the last change: the frame that stays, and when it went up.
    func settle(quiet: Double, within seconds: Double) -> Change? {
        let start = monotonicNanoseconds()
        let end = start + UInt64(seconds * 1e9)
        while true {
            let quietEnd = min(end, max(start, changes.last?.at ?? 0) + UInt64(quiet * 1e9))
            let before = changes.count
            while changes.count == before, let line = child.nextLine(before: quietEnd) { _ = take(line) }
            if changes.count == before || monotonicNanoseconds() >= end { return changes.last }
        }
    }

    /// Records a `change` line; returns the time of a `sent` line.
    private func take(_ line: String) -> UInt64? {
        let fields = line.split(separator: " ")
        guard fields.count >= 2, let time = UInt64(fields[1]) else { return nil }
        if fields[0] == "sent" { return time }
        if fields[0] == "change", fields.count == 3 { changes.append(Change(at: time, hash: String(fields[2]))) }
        return nil
    }
}

extension Optional {
    /// The value, or a failure saying `message`.
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw ChildProcess.Failure(description: message) }
        return self
    }
}
