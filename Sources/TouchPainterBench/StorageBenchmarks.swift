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

    /// The median time from a file's path to the first full frame of what it holds: read,
    /// decode, build the model, render it whole at the canvas' size.
    static func openMilliseconds(_ path: String, rounds: Int = 5) throws -> Double {
        let samples = try (0..<rounds).map { _ in
            try milliseconds {
                let scribble = try ScribbleManager.loadScribble(path: path)
                _ = CanvasBackdrop(
                    rendering: scribble.root, width: CanvasHarness.size.width,
                    height: CanvasHarness.size.height, scale: 1, background: .plain)
            }
        }
        return median(samples)
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
