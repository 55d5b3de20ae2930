import Foundation
import ScribbleKit

/// The saved format and opening a file: encode, decode (format version 2, the one saved), open
/// to the first frame, file size with and without pen pressure, and the memory the loaded
/// model takes.
enum StorageBenchmarks {
    /// Runs every storage metric; `folder` is a scratch folder for the files it writes.
    static func run(into report: Report, folder: String) throws {
        let scribble = BigScribble.scribble()
        let memento = scribble.makeMemento()
        let data = memento.data
        let path = folder + "/big.scribble"
        try ScribbleManager.save(scribble, toPath: path)

        report.add("encode_ms@1m", median((0..<10).map { _ in milliseconds { _ = memento.data } }), "ms", limit: 50)
        let decode = try (0..<10).map { _ in try milliseconds { _ = try ScribbleMemento(data: data) } }
        report.add("decode_ms@1m", median(decode), "ms", limit: 50)
        report.add("open_ms@1m", try openMilliseconds(path), "ms", limit: 1200)
        report.add("file_bytes_per_vertex", Double(data.count) / Double(BigScribble.vertexCount), "bytes", limit: 10)
        let pressureMemento = BigScribble.scribble(withPressure: true).makeMemento()
        let pressure = pressureMemento.data
        report.add("file_bytes_per_vertex_pressure", Double(pressure.count) / Double(BigScribble.vertexCount), "bytes", limit: 5)
        report.add("encode_ms@1m_pressure", median((0..<10).map { _ in milliseconds { _ = pressureMemento.data } }), "ms", limit: 50)
        let decodePressure = try (0..<10).map { _ in try milliseconds { _ = try ScribbleMemento(data: pressure) } }
        report.add("decode_ms@1m_pressure", median(decodePressure), "ms", limit: 50)
        if let bytes = try memoryProbe(path, folder: folder) {
            report.add("memory_bytes_per_vertex", bytes / Double(BigScribble.vertexCount), "bytes", limit: 10)
        }
    }

    /// The median time from a file's path to the first screen: the file read and checked,
    /// its first part built (`ScribbleManager.openVersion`) and rendered whole at the canvas'
    /// size, while the rest is read on other threads, as the app opens a scribble.
    static func openMilliseconds(_ path: String, rounds: Int = 5) throws -> Double {
        median(try (0..<rounds).map { _ in try openTimes(path, fullFrame: false).firstScreen })
    }

    /// The times of one open of `path`, as the app opens it (`CoordinatingController`): the
    /// first part's frame (`firstScreen`), then the rest read and put on (`whole`, the model
    /// whole), and — when `fullFrame` — a full frame of all of it (`fullFrame`), each from
    /// the start, in milliseconds.
    static func openTimes(_ path: String, fullFrame: Bool) throws -> (firstScreen: Double, whole: Double, fullFrame: Double) {
        let start = monotonicNanoseconds()
        let since = { Double(monotonicNanoseconds() - start) / 1e6 }
        let (opening, _) = try ScribbleManager.openVersion(path: path)
        let scribble = Scribble(adopting: opening.first)
        _ = render(scribble)
        let firstScreen = since()
        if let memento = try opening.rest?.read() { scribble.adoptRest(of: memento) }
        let whole = since()
        guard fullFrame else { return (firstScreen, whole, .nan) }
        _ = render(scribble)
        return (firstScreen, whole, since())
    }

    /// A full frame of `scribble` at the canvas' size.
    private static func render(_ scribble: Scribble) -> CanvasBackdrop {
        CanvasBackdrop(
            rendering: scribble.root, width: CanvasHarness.size.width, height: CanvasHarness.size.height, scale: 1, background: .plain)
    }

    /// Resident bytes the model loaded from `path` adds, measured in a fresh process (this
    /// one's heap is full of earlier rounds' leftovers): see `measureMemory`.
    static func memoryProbe(_ path: String, folder: String) throws -> Double? {
        let warmUp = folder + "/small.scribble"
        try ScribbleManager.save(BigScribble.scribble(strokes: 1), toPath: warmUp)
        let output = try ChildProcess.run(
            ChildProcess.ownExecutable,
            arguments: ["--memory-probe", warmUp, path], timeout: 60)
        guard let line = output.last(where: { $0.hasPrefix("resident-bytes ") }),
            let bytes = Double(line.dropFirst("resident-bytes ".count))
        else {
            FileHandle.standardError.write(Data("memory probe failed: \(output)\n".utf8))
            return nil
        }
        return bytes
    }

    /// The child side of `memoryProbe`: opens `warmUp` (so code and runtime pages are in
    /// already), then reads resident memory from `/proc/self/statm` before and after opening
    /// `path`, and prints the difference.
    static func measureMemory(warmUp: String, path: String) throws {
        _ = try ScribbleManager.loadScribble(path: warmUp)
        let before = residentBytes()
        let scribble = try ScribbleManager.loadScribble(path: path)
        let after = residentBytes()
        withExtendedLifetime(scribble) {
            print("resident-bytes \(after - before)")
        }
    }

    /// Resident set size: the second field of `/proc/self/statm`, in pages.
    private static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
