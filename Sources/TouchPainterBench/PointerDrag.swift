import Foundation

/// A drag with button 1 that the X server sees as real input: `xdotool` sends each step
/// through XTest, all in one xdotool process (press, every move, release), so the program
/// under test gets genuine X motion events and nothing else costs a process per event.
struct PointerDrag {
    /// Where the pointer goes after the press, in screen pixels.
    let points: [(x: Int, y: Int)]

    /// `count` moves around a circle of `radius` pixels about `center`, about 4 px apart
    /// (so each step is a new position, and so an X motion event).
    init(around center: (x: Int, y: Int), radius: Double = 150, count: Int) {
        let step = 4 / radius
        points = (1...count).map { index in
            let angle = Double(index) * step
            return (center.x + Int((radius * cos(angle)).rounded()), center.y + Int((radius * sin(angle)).rounded()))
        }
    }

    /// Where the pointer must be before the press.
    var start: (x: Int, y: Int) {
        let first = points.first ?? (0, 0)
        return (first.x - 4, first.y)
    }

    /// Moves the pointer to `start` (no button held).
    func moveToStart() throws {
        try Self.xdotool(["mousemove", String(start.x), String(start.y)])
    }

    /// Starts the drag and returns the xdotool process sending it. Unpaced, xdotool sends
    /// as fast as it can (thousands a second, a flood that shows what each event costs); paced,
    /// it sleeps 1 ms after each move (about 1 kHz, a fast mouse or pen).
    func begin(paced: Bool) throws -> ChildProcess {
        var arguments = ["mousedown", "1"]
        for point in points {
            arguments += ["mousemove", String(point.x), String(point.y)]
            if paced { arguments += ["sleep", "0.001"] }
        }
        arguments += ["mouseup", "1"]
        return try ChildProcess(try Self.executable(), arguments: arguments)
    }

    /// The centre of the (first visible) window of process `pid`, in screen pixels; waits up
    /// to 20 s for it to appear.
    static func windowCenter(ofProcess pid: pid_t) throws -> (x: Int, y: Int) {
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
        return (x + width / 2, y + height / 2)
    }

    /// Whether `xdotool` is on the `PATH`.
    static var isAvailable: Bool { (try? executable()) != nil }

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
