import Foundation

/// A headless Wayland desktop for the motion metrics, as the Wayland tests make one
/// (Tests/Wayland): Debian's sway on wlroots' headless backend, run as an unprivileged user
/// when the bench runs as root (sway refuses root), and `wayland-input` — the tests' client of
/// the virtual pointer and keyboard protocols, built next to the bench by scripts/bench.sh —
/// for real pointer input.
final class WaylandDesktop {
    /// The output's size in pixels.
    static let width = 1280, height = 1024
    /// The user sway runs as when the bench runs as root (the tests make it too).
    static let user = "touchpainter-wayland"

    /// The compositor's socket, by absolute path (any user's client connects by it).
    let socket: String
    private let folder: String
    private let sway: ChildProcess

    /// Starts sway; throws, saying why, when it cannot.
    init(swayPath: String) throws {
        var template = Array("/tmp/touchpainter-bench-sway-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ChildProcess.Failure(description: "mkdtemp failed: errno \(errno)") }
        folder = String(cString: made)
        socket = folder + "/wayland-1"
        let config = folder + "/config"
        try """
        xwayland disable
        output HEADLESS-1 resolution \(Self.width)x\(Self.height) position 0 0
        default_border none
        focus_follows_mouse no

        """.write(toFile: config, atomically: false, encoding: .utf8)
        let environment = [
            "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": folder, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
            "WLR_RENDERER": "pixman", "WLR_HEADLESS_OUTPUTS": "1",
        ]
        if getuid() == 0 {
            try Self.makeUser()
            guard let account = getpwnam(Self.user) else { throw ChildProcess.Failure(description: "no user \(Self.user)") }
            chown(folder, account.pointee.pw_uid, gid_t.max)
            chown(config, account.pointee.pw_uid, gid_t.max)
            let runuser = ChildProcess.executable(named: "runuser") ?? "/usr/sbin/runuser"
            sway = try ChildProcess(
                runuser, arguments: ["-u", Self.user, "--", "env", "-i"] + environment.map { "\($0.key)=\($0.value)" } + [swayPath, "-c", config],
                environment: environment)
        } else {
            sway = try ChildProcess(swayPath, arguments: ["-c", config], environment: environment)
        }
        chmod(folder, 0o700)
        let deadline = monotonicNanoseconds() + 15_000_000_000
        while !FileManager.default.fileExists(atPath: socket) {
            guard monotonicNanoseconds() < deadline, !sway.hasExited else {
                stop()
                throw ChildProcess.Failure(description: "sway did not start (no \(socket))")
            }
            usleep(20_000)
        }
    }

    /// Makes the unprivileged user sway runs as, once.
    private static func makeUser() throws {
        guard getpwnam(user) == nil else { return }
        let useradd = ChildProcess.executable(named: "useradd") ?? "/usr/sbin/useradd"
        _ = try ChildProcess.run(useradd, arguments: ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user], timeout: 30)
    }

    /// `environment` for a native Wayland client of this desktop: no X display, and a runtime
    /// folder of the client's own when it has none (GDK will not open a Wayland display without
    /// `XDG_RUNTIME_DIR`, even given the socket's absolute path).
    func clientEnvironment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["DISPLAY"] = nil
        if environment["XDG_RUNTIME_DIR"] == nil {
            let runtime = folder + "-client"
            mkdir(runtime, 0o700)
            environment["XDG_RUNTIME_DIR"] = runtime
        }
        environment["WAYLAND_DISPLAY"] = socket
        environment["GDK_BACKEND"] = "wayland"
        return environment
    }

    /// The compositor's process (sway itself, under `runuser` when the bench runs as root),
    /// whose CPU time the drag metrics count beside the program's.
    var compositor: DisplayServer? { DisplayServer.process(named: "sway", at: sway.pid) }

    /// Ends sway and removes its folders.
    func stop() {
        sway.stop()
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: folder + "-client")
    }
}

/// The tests' input client on a `WaylandDesktop`: one command a line, each answered once the
/// compositor has taken it (`drag` is the benchmark's whole drag).
final class WaylandInput: @unchecked Sendable { // used by one thread at a time
    private let process = Process()
    private let commands = Pipe()
    private let answers = Pipe()

    init(program: String, desktop: WaylandDesktop) throws {
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [String(WaylandDesktop.width), String(WaylandDesktop.height)]
        process.environment = desktop.clientEnvironment(ProcessInfo.processInfo.environment)
        process.standardInput = commands
        process.standardOutput = answers
        try process.run()
        try expect("ready")
    }

    /// Sends `command` and waits (up to `timeout` seconds) for its answer.
    func send(_ command: String, timeout: Double = 10) throws {
        commands.fileHandleForWriting.write(Data((command + "\n").utf8))
        try expect("ok", timeout: timeout)
    }

    private func expect(_ answer: String, timeout: Double = 10) throws {
        let fd = answers.fileHandleForReading.fileDescriptor
        var line: [UInt8] = []
        let deadline = monotonicNanoseconds() + UInt64(timeout * 1e9)
        while monotonicNanoseconds() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") {
                let text = String(decoding: line, as: UTF8.self)
                guard text == answer else { throw ChildProcess.Failure(description: "wayland-input answered \(text), not \(answer)") }
                return
            }
            line.append(byte)
        }
        throw ChildProcess.Failure(description: "wayland-input gave no \(answer) in \(timeout) s")
    }

    func stop() {
        try? commands.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
