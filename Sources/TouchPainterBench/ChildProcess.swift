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
    /// When it was spawned, CLOCK_MONOTONIC ns (just before `posix_spawn`).
    let spawnedAt: UInt64
    private let output: Int32
    private var pending: [UInt8] = []
    private var isFinished = false

    /// This benchmark's own executable, for the children it runs as itself.
    static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Starts `path` with `arguments`; `environment` replaces this process' environment if given.
    init(_ path: String, arguments: [String], environment: [String: String]? = nil) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        posix_spawn_file_actions_addclose(&actions, fds[1])

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + env).forEach { free($0) } }
        var child: pid_t = 0
        spawnedAt = monotonicNanoseconds()
        let status = posix_spawn(&child, path, &actions, nil, argv, env)
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            throw Failure(description: "cannot start \(path): errno \(status)")
        }
        pid = child
        output = fds[0]
    }

    deinit {
        stop()
        close(output)
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

    /// Runs `path` to the end (or `timeout` seconds) and returns its output lines.
    static func run(_ path: String, arguments: [String], timeout: Double) throws -> [String] {
        let child = try ChildProcess(path, arguments: arguments)
        let deadline = monotonicNanoseconds() + UInt64(timeout * 1e9)
        var lines: [String] = []
        while let line = child.nextLine(before: deadline) { lines.append(line) }
        return lines
    }
}
