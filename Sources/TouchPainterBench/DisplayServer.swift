import Foundation

/// The display server a drag's events go through, whose CPU time the drag metrics count beside
/// the program's (issue 52): a program that makes the server work harder per frame — a bigger
/// damaged area, an extra copy, more frames — costs the machine that, though not itself.
struct DisplayServer {
    /// The server's process.
    let pid: pid_t

    /// The X server of `display` (":99"): the process whose command line names that display
    /// (Xvfb, Xorg or Xwayland, as `xvfb-run` starts them), or nil when none can be found.
    static func x11(display: String) -> DisplayServer? {
        let servers: Set = ["Xvfb", "Xorg", "Xwayland"]
        for pid in processes() {
            let arguments = commandLine(of: pid)
            guard let program = arguments.first?.split(separator: "/").last, servers.contains(String(program)),
                arguments.dropFirst().contains(display)
            else { continue }
            return DisplayServer(pid: pid)
        }
        return nil
    }

    /// The compositor started as `launcher` or by it (sway under `runuser … env … sway`,
    /// which `exec`s into it): the first process named `name` at or under `launcher`.
    static func process(named name: String, at launcher: pid_t) -> DisplayServer? {
        var queue = [launcher]
        while let pid = queue.popLast() {
            if commandLine(of: pid).first?.split(separator: "/").last.map(String.init) == name { return DisplayServer(pid: pid) }
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            queue += children.split(separator: " ").compactMap { pid_t($0) }
        }
        return nil
    }

    /// The CPU time the server's threads have used, in nanoseconds (its process CPU clock, as
    /// `ChildProcess.cpuNanoseconds` reads the program's).
    func cpuNanoseconds() throws -> UInt64 {
        var clock = clockid_t()
        var time = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 else {
            throw ChildProcess.Failure(description: "cannot read the CPU time of the display server (pid \(pid))")
        }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func processes() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
    }

    private static func commandLine(of pid: pid_t) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
