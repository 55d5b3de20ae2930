import Foundation
import Glibc
@testable import GtkKit
import Testing

/// Watching a folder and a file: what other programs do there — a file appearing, renamed
/// into place as sync tools do, removed — reaches the main loop with the path concerned,
/// from a watch started on another thread, as the app starts them.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FileMonitorTests {
    let folder = NSTemporaryDirectory() + "monitor-\(UUID().uuidString)"

    /// Runs the main loop until `done` or two seconds pass.
    private func run(until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(2)
        while !done(), Date() < deadline {
            MainLoop.iterate()
            usleep(5_000)
        }
    }

    /// A watch started on a thread of its own, as the app starts them off the main thread.
    private func startedElsewhere(_ start: @escaping @Sendable () -> FileMonitor.Started?) async -> FileMonitor.Started? {
        await Task.detached { start() }.value
    }

    @Test func aFolderReportsFilesThatArriveAndGo() async throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var seen: [(FileMonitor.Change, String)] = []
        let folder = folder
        let started = try #require(await startedElsewhere { FileMonitor.start(folder: folder) })
        let monitor = FileMonitor(started: started) { change, path, other in seen.append((change, other ?? path)) }
        _ = FileManager.default.createFile(atPath: folder + "/.tmp", contents: Data("x".utf8))
        rename(folder + "/.tmp", folder + "/a.scribble")
        run { seen.contains { $0.1 == folder + "/a.scribble" } }
        #expect(seen.contains { $0.1 == folder + "/a.scribble" })
        unlink(folder + "/a.scribble")
        run { seen.contains { $0.0 == .deleted && $0.1 == folder + "/a.scribble" } }
        #expect(seen.contains { $0.0 == .deleted && $0.1 == folder + "/a.scribble" })
        monitor.cancel()
        seen.removeAll()
        _ = FileManager.default.createFile(atPath: folder + "/b.scribble", contents: Data("y".utf8))
        run { !seen.isEmpty }
        #expect(seen.isEmpty) // cancelled: nothing more
    }

    @Test func aFileReportsBeingReplacedByARename() async throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/drawing.scribble"
        _ = FileManager.default.createFile(atPath: path, contents: Data("1".utf8))
        var changes = 0
        let started = try #require(await startedElsewhere { FileMonitor.start(file: path) })
        let monitor = FileMonitor(started: started) { _, _, _ in changes += 1 }
        _ = FileManager.default.createFile(atPath: folder + "/.new", contents: Data("2".utf8))
        rename(folder + "/.new", path)
        run { changes > 0 }
        #expect(changes > 0)
        withExtendedLifetime(monitor) {}
    }
}
