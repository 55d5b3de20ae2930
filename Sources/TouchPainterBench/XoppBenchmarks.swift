import Foundation
import ScribbleKit

/// Xournal++ notebooks (issue 30): the big scribble with pressure (1,000 strokes of 1,000
/// points) exported to `.xopp` and imported again, in process; and the real Xournal++ loading
/// the same file, timed as a whole process (its command-line export at 10 dpi: load, then a
/// page of a few hundred pixels), the only way to time its load from outside.
enum XoppBenchmarks {
    static func run(into report: Report, folder: String) throws {
        let exporter = Exporter(memento: BigScribble.scribble(withPressure: true).makeMemento())
        var bytes: [UInt8] = []
        let exports = try (0..<3).map { _ in try milliseconds { bytes = try exporter.export(.xopp) } }
        report.add("export_xopp_ms@1m", median(exports), "ms", limit: 1000)
        let path = folder + "/big.xopp"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let imports = try (0..<3).map { _ in try milliseconds { _ = try XoppImporter.read(path) } }
        report.add("import_xopp_ms@1m", median(imports), "ms")
        guard let xournalpp = ChildProcess.executable(named: "xournalpp"), ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            return FileHandle.standardError.write(Data("xournalpp_load_ms@1m skipped: it needs xournalpp and DISPLAY\n".utf8))
        }
        let loads = try (0..<3).map { _ in
            try milliseconds {
                _ = try ChildProcess.run(
                    xournalpp, arguments: ["--create-img=" + folder + "/xournalpp.png", "--export-png-dpi=10", path],
                    timeout: 120)
            }
        }
        report.add("xournalpp_load_ms@1m", median(loads), "ms")
        report.add("import_xopp_vs_xournalpp@1m", median(imports) / median(loads), "×", limit: 0.5)
    }
}
