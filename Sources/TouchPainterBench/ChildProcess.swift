import Foundation
import Glibc

/// A process the benchmark starts, with its stdout and stderr on one pipe that is read line
/// by line with a deadline, so a hung app cannot hang the benchmark.
final class ChildProcess {
    /// Why a child could not be started or read.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The process id.
    let pid: pid_t
    /// The program, for error messages.
    let path: String
    /// When it was spawned, CLOCK_MONOTONIC ns (just before `posix_spawn`).
    let spawnedAt: UInt64
    private let output: Int32
    /// The write end of the child's stdin, when it was asked for (`takesInput`), else -1.
    private let input: Int32
    private var pending: [UInt8] = []
    private var isFinished = false

    /// This benchmark's own executable, for the children it runs as itself.
    static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Starts `path` with `arguments`; `environment` replaces this process' environment if
    /// given; with `takesInput`, its stdin is a pipe `send` writes to.
    init(_ path: String, arguments: [String], environment: [String: String]? = nil, takesInput: Bool = false) throws {
        // The app journals into $XDG_STATE_HOME, and the previous child ended on SIGTERM, which
        // keeps its journal for recovery: each launch starts as a fresh session, with none.
        if let state = environment?["XDG_STATE_HOME"] { try? FileManager.default.removeItem(atPath: state) }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var inputFds: [Int32] = [-1, -1]
        if takesInput {
            guard pipe(&inputFds) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
            posix_spawn_file_actions_addclose(&actions, inputFds[1])
            posix_spawn_file_actions_adddup2(&actions, inputFds[0], 0)
            posix_spawn_file_actions_addclose(&actions, inputFds[0])
        }

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + env).forEach { free($0) } }
        var child: pid_t = 0
        spawnedAt = monotonicNanoseconds()
        let status = posix_spawn(&child, path, &actions, nil, argv, env)
        close(fds[1])
        if takesInput { close(inputFds[0]) }
        guard status == 0 else {
            close(fds[0])
            if takesInput { close(inputFds[1]) }
            throw Failure(description: "cannot start \(path): errno \(status)")
        }
        pid = child
        self.path = path
        output = fds[0]
        input = inputFds[1]
    }

    deinit {
        stop()
        close(output)
        if input >= 0 { close(input) }
    }

    /// Writes `line` and a newline to the child's stdin (started with `takesInput`).
    func send(_ line: String) {
        guard input >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
    }

    /// The next line of output, or `nil` if the child closed its output or `deadline`
    /// (CLOCK_MONOTONIC ns) passed first.
    func nextLine(before deadline: UInt64) -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let now = monotonicNanoseconds()
            guard !isFinished, now < deadline else { return nil }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let waitMs = Int32(min((deadline - now) / 1_000_000 + 1, 60_000))
            guard poll(&poller, 1, waitMs) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &buffer, buffer.count)
            if count <= 0 { isFinished = true } else { pending += buffer[0..<count] }
        }
    }

    /// Reads lines until `match` gives a value for the fields of one (split at spaces) and
    /// returns it; throws, with the output read, if the child ends or `seconds` pass first.
    func firstValue<Value>(within seconds: Double = 60, _ match: ([Substring]) -> Value?) throws -> Value {
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        var output: [String] = []
        while let line = nextLine(before: deadline) {
            if let value = match(line.split(separator: " ")) { return value }
            output.append(line)
        }
        throw Failure(description: "\(path) did not print the line awaited; its output:\n" + output.joined(separator: "\n"))
    }

    /// Hands every line the child prints in the next `seconds` to `body`.
    func readLines(for seconds: Double, _ body: (String) -> Void) {
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while let line = nextLine(before: deadline) { body(line) }
    }

    /// The CPU time all the child's threads, living and ended, have used, in nanoseconds:
    /// its process CPU clock (`clock_getcpuclockid`), which the kernel keeps as the scheduler's
    /// own run time of the whole thread group (each thread's `sum_exec_runtime`, the running
    /// ones' up to now, plus the ended ones'). That is the finest whole-process figure Linux
    /// has: `/proc/PID/stat`'s utime + stime is the same time in 10 ms clock ticks, and
    /// `/proc/PID/schedstat` is nanoseconds but for the one thread PID (the main thread), not
    /// the app's render and file threads.
    func cpuNanoseconds() throws -> UInt64 {
        var clock = clockid_t()
        var time = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 else {
            throw Failure(description: "cannot read the CPU time of \(path) (pid \(pid))")
        }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Waits, reading its output into `body`, until the child uses under 2 % of a core over
    /// 150 ms (its idle timers may tick; its queued work is done); throws after `seconds`.
    func waitUntilIdle(within seconds: Double = 30, _ body: (String) -> Void = { _ in }) throws {
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        var before = try cpuNanoseconds()
        while monotonicNanoseconds() < deadline {
            readLines(for: 0.15, body)
            let after = try cpuNanoseconds()
            if after - before < 3_000_000 { return }
            before = after
        }
        throw Failure(description: "\(path) did not go idle in \(Int(seconds)) s")
    }

    /// Whether the child has ended (it is then reaped).
    var hasExited: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) != 0
    }

    /// Ends the child (SIGTERM, then SIGKILL after a second) and reaps it; safe to repeat.
    func stop() {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == 0 else { return }
        kill(pid, SIGTERM)
        let deadline = monotonicNanoseconds() + 1_000_000_000
        while monotonicNanoseconds() < deadline {
            if waitpid(pid, &status, WNOHANG) != 0 { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    /// Where the program `name` is on the `PATH`, if it is (`posix_spawn` does not search it).
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `path` to the end (or `timeout` seconds) and returns its output lines.
    static func run(_ path: String, arguments: [String], timeout: Double) throws -> [String] {
        let child = try ChildProcess(path, arguments: arguments)
        let deadline = monotonicNanoseconds() + UInt64(timeout * 1e9)
        var lines: [String] = []
        while let line = child.nextLine(before: deadline) { lines.append(line) }
        return lines
    }
}
