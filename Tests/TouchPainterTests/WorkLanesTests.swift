import Dispatch
import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The main thread never touches a file: the gallery's delete and recovery's move-aside run
/// on the files lane (`WorkLanes`). Each test holds the lane with a gate, asks for the file
/// operation, and checks the file is untouched until the gate opens — a file operation done
/// on the main thread would have happened before the check — and done after, with the main
/// loop never run meanwhile.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct WorkLanesTests {
    let fixture = CoordinatorFixture()

    /// Holds the files lane until the returned semaphore is signalled.
    private func closeFilesLane() -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        WorkLanes.run(on: .files) { gate.wait() }
        return gate
    }

    /// Runs the main loop until `done` holds or ten seconds pass.
    private func iterate(until done: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(10)
        while !done(), ContinuousClock.now < deadline { MainLoop.iterate() }
    }

    @Test func theGallerysDeleteRunsOffTheMainThread() throws {
        let document = fixture.coordinator.document
        document.scribble.title = "Kept"
        document.scribble.add(Dot(location: Point(x: 20, y: 20), color: .black, size: 4))
        #expect(document.saveAndWait(canvasWidth: 100, canvasHeight: 100))
        let gallery = fixture.coordinator.gallery()
        fixture.coordinator.requestViewChange(to: .gallery)
        iterate { !gallery.thumbnailViews.isEmpty }
        let entry = try #require(gallery.thumbnailViews.first?.entry)
        #expect(FileManager.default.fileExists(atPath: entry.scribblePath))

        let gate = closeFilesLane()
        fixture.presenter.answers = [1] // Delete
        gallery.confirmAndDelete(entry)
        let keptUntilTheLaneRuns = FileManager.default.fileExists(atPath: entry.scribblePath)
        gate.signal()
        #expect(keptUntilTheLaneRuns, "the delete ran on the main thread")
        WorkLanes.wait(for: .files)
        #expect(!FileManager.default.fileExists(atPath: entry.scribblePath), "the delete did not run on the files lane")
    }

    @Test func recoverysMoveAsideRunsOffTheMainThread() throws {
        let folder = fixture.folder + "/journals"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let damaged = folder + "/\(UUID().uuidString).journal"
        #expect(FileManager.default.createFile(atPath: damaged, contents: Data("not a journal at all".utf8)))
        fixture.coordinator.recoverThenStartJournal(in: folder)
        WorkLanes.wait(for: .files) // found; the question waits for the main loop

        let gate = closeFilesLane()
        iterate { !fixture.presenter.errors.isEmpty }
        let keptUntilTheLaneRuns = FileManager.default.fileExists(atPath: damaged)
        gate.signal()
        #expect(fixture.presenter.errors == ["Unsaved work from an earlier session could not be recovered"])
        #expect(keptUntilTheLaneRuns, "the move aside ran on the main thread")
        WorkLanes.wait(for: .files)
        #expect(!FileManager.default.fileExists(atPath: damaged))
        #expect(
            FileManager.default.fileExists(atPath: JournalRecovery.damagedCopyPath(of: damaged)),
            "the move aside did not run on the files lane")
        fixture.coordinator.document.closeJournal()
    }
}
