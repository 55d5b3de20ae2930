import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The replay page: Ctrl+R's view change shows it playing the drawing as it is, its keys
/// pause and jump, and going back leaves the document untouched.
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
}
