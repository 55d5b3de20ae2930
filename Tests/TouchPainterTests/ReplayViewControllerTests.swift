import FoundationEssentials
import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The replay page: Ctrl+R's view change shows it playing the drawing as it is, its keys
/// pause and jump, going back leaves the document untouched, and Export Video… makes a
/// WebM of the replay at the speed and pace on show.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ReplayViewControllerTests {
    let fixture = CoordinatorFixture()

    @Test func theReplayPlaysTheDrawingAndLeavesTheDocumentAsItWas() throws {
        let coordinator = fixture.coordinator
        let document = coordinator.document
        for index in 0..<4 {
            let stroke = Stroke(color: .black, size: 2)
            stroke.append(Point(x: Float(index * 10), y: 0))
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
            document.scribble.append(Point(x: Float(index * 10), y: 30), to: stroke)
            document.markFinished(stroke)
        }
        let changes = document.changeCount
        let marks = document.scribble.marks.map(ObjectIdentifier.init)
        coordinator.requestViewChange(to: .replay)
        #expect(fixture.presenter.shown.last == "replay")
        let replay = coordinator.replayViewController
        #expect(replay.playing)
        #expect(replay.handleKey(.space) && !replay.playing) // paused
        #expect(replay.handleKey(.character("9")))
        #expect(!replay.handleKey(.character("x")))
        coordinator.requestViewChange(to: .canvas) // Escape
        #expect(fixture.presenter.shown.last == "canvas")
        #expect(!replay.playing)
        #expect(document.changeCount == changes)
        #expect(document.scribble.marks.map(ObjectIdentifier.init) == marks)
        #expect(ReplayViewController.clockText(61_500) == "1:01" && ReplayViewController.clockText(3_723_000) == "1:02:03")
    }

    @Test func exportVideoWritesAWebMOfTheReplayAtItsSpeed() throws {
        let coordinator = fixture.coordinator
        let document = coordinator.document
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 0, y: 0))
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
        document.scribble.append(Point(x: 40, y: 30), to: stroke)
        document.markFinished(stroke)
        coordinator.requestViewChange(to: .replay)
        let job = coordinator.replayViewController.timelapseJob
        #expect(job.speed == ReplayViewController.defaultSpeed && job.skippingIdle)
        #expect(job.timeline.items.count == 1)
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        let path = fixture.folder + "/replay.webm"
        let exporter = coordinator.videoExportController
        exporter.start(job, format: .webm, to: path, input: nil)
        #expect(exporter.isExporting)
        let deadline = ContinuousClock.now + .seconds(20)
        while exporter.isExporting, ContinuousClock.now < deadline { MainLoop.iterate() }
        #expect(!exporter.isExporting)
        #expect(fixture.presenter.errors.isEmpty)
        #expect(fixture.presenter.notifications.last?.hasPrefix("Exported to") == true)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(bytes.prefix(4)) == [0x1A, 0x45, 0xDF, 0xA3]) // EBML: a Matroska (WebM) file
        #expect(bytes.count > 200)
        coordinator.requestViewChange(to: .canvas)
    }
}
