import Foundation

/// A drag with button 1 that the X server sees as real input: `pointer-drag`
/// (bench/drag/pointer_drag.c, built next to the bench by scripts/bench.sh) sends the press,
/// every move and the release through XTest from one process, at a rate it holds to the
/// microsecond, so the program under test gets genuine X motion events and nothing else
/// costs a process per event.
struct PointerDrag {
    /// Moves a second of the drags the CPU figures time: 8,000, the report rate of the fastest
    /// USB mice. A flood (as fast as the sender goes) makes the CPU time per event follow the
    /// scheduler: a program that falls behind draws hardly a frame (GDK's events outrank its
    /// frame clock), one that keeps up draws sixty a second, and frames are most of the cost;
    /// on the shared machine a 20,000-event flood gave the app 15.6 to 51 µs an event from one
    /// launch to the next. At a rate it keeps up with, every launch draws the same frames:
    /// 32.6 to 36.3 µs at the same time.
    static let cpuRate = 8000
    /// Moves a second of the drags the latency figures time: a fast mouse or pen.
    static let latencyRate = 1000

    /// The middle of the circle, in screen pixels.
    let center: (x: Int, y: Int)
    /// The circle's radius, in pixels.
    let radius: Int
    /// Moves round the circle, about 4 px apart (so each step is a new position, and so an X
    /// motion event).
    let count: Int

    init(around center: (x: Int, y: Int), radius: Int = 150, count: Int) {
        self.center = center
        self.radius = radius
        self.count = count
    }

    /// Where the pointer must be before the press: a step before the circle's start.
    var start: (x: Int, y: Int) { (center.x + radius - 4, center.y) }

    /// Moves the pointer to `start` (no button held).
    func moveToStart() throws {
        try Self.xdotool(["mousemove", String(start.x), String(start.y)])
    }

    /// Starts the drag, `rate` moves a second (0: as fast as the X server takes them), and
    /// returns the process sending it.
    func begin(rate: Int) throws -> ChildProcess {
        let arguments = [center.x, center.y, radius, count, rate].map(String.init)
        return try ChildProcess(Self.sender, arguments: arguments)
    }

    /// The centre of the (first visible) window of process `pid`, in screen pixels; waits up
    /// to 20 s for it to appear.
    static func windowCenter(ofProcess pid: pid_t) throws -> (x: Int, y: Int) {
        let frame = try windowFrame(ofProcess: pid)
        return (frame.x + frame.width / 2, frame.y + frame.height / 2)
    }

    /// Where the (first visible) window of process `pid` is on the screen, in pixels; waits
    /// up to 20 s for it to appear.
    static func windowFrame(ofProcess pid: pid_t) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let search = try xdotool(["search", "--sync", "--onlyvisible", "--pid", String(pid)], timeout: 20)
        guard let window = search.first else {
            throw ChildProcess.Failure(description: "no window of process \(pid) appeared")
        }
        // `--shell` prints X=…, Y=…, WIDTH=…, HEIGHT=… lines.
        var geometry: [String: Int] = [:]
        for line in try xdotool(["getwindowgeometry", "--shell", window]) {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { geometry[String(parts[0])] = value }
        }
        guard let x = geometry["X"], let y = geometry["Y"], let width = geometry["WIDTH"], let height = geometry["HEIGHT"] else {
            throw ChildProcess.Failure(description: "xdotool gave no geometry for window \(window)")
        }
        return (x, y, width, height)
    }

    /// The drag sender, next to this benchmark (scripts/bench.sh builds it there).
    static var sender: String { (ChildProcess.ownExecutable as NSString).deletingLastPathComponent + "/pointer-drag" }

    /// Whether `xdotool` is on the `PATH` and the drag sender is built.
    static var isAvailable: Bool { (try? executable()) != nil && FileManager.default.isExecutableFile(atPath: sender) }

    /// Runs xdotool to the end and returns its output lines.
    @discardableResult
    static func xdotool(_ arguments: [String], timeout: Double = 10) throws -> [String] {
        try ChildProcess.run(try executable(), arguments: arguments, timeout: timeout)
    }

    private static func executable() throws -> String {
        guard let path = ChildProcess.executable(named: "xdotool") else {
            throw ChildProcess.Failure(description: "xdotool is not on the PATH (make setup-test installs it)")
        }
        return path
    }
}
