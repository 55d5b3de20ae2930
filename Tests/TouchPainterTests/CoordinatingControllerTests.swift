import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct CoordinatingControllerTests {
    let fixture = CoordinatorFixture()
    var presenter: RecordingPresenter { fixture.presenter }
    var coordinator: CoordinatingController { fixture.coordinator }

    @Test func everyDestinationLeadsToItsView() {
        coordinator.requestViewChange(to: .palette)
        #expect(coordinator.isPaletteOpen)
        #expect(presenter.sidePane is PaletteViewController)
        #expect(coordinator.activeViewController === coordinator.canvasViewController) // beside the drawing
        coordinator.requestViewChange(to: .canvas)
        #expect(!coordinator.isPaletteOpen)
        #expect(presenter.sidePane == nil)
        #expect(coordinator.activeViewController === coordinator.canvasViewController)
        #expect(presenter.shown == ["canvas"]) // the palette is no page of its own
    }

    @Test func thePaletteTogglesThePaneAndTheGalleryClosesIt() {
        coordinator.requestViewChange(to: .palette)
        coordinator.requestViewChange(to: .palette) // the button again, or Ctrl+K
        #expect(!coordinator.isPaletteOpen)
        #expect(presenter.sidePane == nil)
        coordinator.requestViewChange(to: .palette)
        coordinator.requestViewChange(to: .gallery)
        #expect(!coordinator.isPaletteOpen)
        #expect(presenter.sidePane == nil)
        #expect(presenter.shown.last == "gallery")
        coordinator.requestViewChange(to: .palette) // back beside the canvas
        #expect(presenter.shown.last == "canvas")
        #expect(presenter.sidePane is PaletteViewController)
    }

    @Test func thePaletteIsMadeOnceAndReused() {
        coordinator.requestViewChange(to: .palette)
        let first = presenter.sidePane
        coordinator.requestViewChange(to: .canvas)
        coordinator.requestViewChange(to: .palette)
        #expect(presenter.sidePane === first)
    }

    @Test func showingTheSameViewTwiceDoesNotPresentAgain() {
        let before = presenter.shown.count
        coordinator.requestViewChange(to: .canvas)
        #expect(presenter.shown.count == before)
    }

    @Test func theGalleryTagShowsTheGallery() {
        coordinator.requestViewChange(to: .gallery)
        #expect(coordinator.activeViewController is ThumbnailViewController)
        #expect(presenter.shown.last == "gallery")
        coordinator.requestViewChange(to: .canvas)
        #expect(presenter.shown.last == "canvas")
    }

    @Test func theCanvasTitleFollowsUnsavedChanges() {
        #expect(coordinator.canvasViewController.title == "TouchPainter")
        coordinator.document.scribble.add(Dot(location: .zero, color: .black, size: 4))
        #expect(coordinator.canvasViewController.title == "• Untitled")
        #expect(presenter.titles.last == "• Untitled")
    }

    @Test func aDragSetsTheTitleOnceNotPerMotionEvent() {
        let canvas = coordinator.canvasViewController
        let before = presenter.titles.count
        func event(_ kind: PointerEvent.Kind, _ x: Double, _ y: Double) -> PointerEvent {
            PointerEvent(
                kind: kind, x: x, y: y, button: kind == .motion ? 0 : 1, pressure: nil,
                isPrimaryDown: kind != .press, isDoubleClick: false, modifiers: [], time: 0)
        }
        canvas.handle(event(.press, 10, 10))
        for i in 1...200 { canvas.handle(event(.motion, 10 + Double(i), 10 + Double(i % 9))) }
        canvas.handle(event(.release, 211, 10))
        #expect(coordinator.document.scribble.root.count == 1)
        // One state change (unsaved, undoable), so one title; not one per event.
        #expect(presenter.titles.count - before == 1)
        #expect(presenter.titles.last == "• Untitled")
    }

    /// Lets the naming of a first save (a listing on the loading queue) come back.
    private func settleNaming() {
        WorkLanes.wait(for: .files)
        MainLoop.iterate()
    }

    @Test func theFirstSaveAsksForANameProposingTheNextScribbleNumber() {
        coordinator.document.scribble.add(Dot(location: Point(x: 50, y: 50), color: .black, size: 4))
        presenter.nameAnswer = "Holiday sketch"
        coordinator.canvasViewController.save()
        settleNaming()
        #expect(presenter.nameQuestions.map(\.initial) == ["Scribble 1"])
        #expect(coordinator.canvasViewController.confirmDiscardingChanges()) // waits for the save
        #expect(coordinator.document.state.title == "Holiday sketch")
        coordinator.document.scribble.add(Dot(location: Point(x: 60, y: 60), color: .black, size: 4))
        coordinator.canvasViewController.save() // saved before: no question
        settleNaming()
        #expect(presenter.nameQuestions.count == 1)
    }

    @Test func quittingRightAfterSaveWaitsForItInsteadOfAsking() {
        coordinator.document.scribble.add(Dot(location: Point(x: 50, y: 50), color: .black, size: 4))
        coordinator.canvasViewController.save()
        settleNaming()
        // No question may come up: the save in flight covers the drawing.
        #expect(coordinator.canvasViewController.confirmDiscardingChanges())
        #expect(presenter.questions.isEmpty)
        #expect(fixture.savedFiles.count == 1)
    }

    @Test func unsavedWorkAsksAndCancelKeepsIt() {
        coordinator.document.scribble.add(Dot(location: Point(x: 50, y: 50), color: .black, size: 4))
        presenter.answers = [0] // Cancel
        #expect(!coordinator.canvasViewController.confirmDiscardingChanges())
        #expect(presenter.questions == ["Save changes to “Untitled”?"])
        presenter.answers = [2] // Save
        presenter.nameAnswer = "Quick note"
        #expect(coordinator.canvasViewController.confirmDiscardingChanges())
        #expect(fixture.savedFiles.count == 1)
        #expect(!coordinator.document.hasUnsavedWork)
        // The question's Save names a new scribble as any first save does.
        #expect(presenter.nameQuestions.count == 1)
        #expect(coordinator.document.state.title == "Quick note")
    }

    @Test func cancellingTheNameCancelsTheQuestionsSave() {
        coordinator.document.scribble.add(Dot(location: Point(x: 50, y: 50), color: .black, size: 4))
        presenter.answers = [2] // Save…
        presenter.refusesNames = true // …then Cancel in the name dialog
        #expect(!coordinator.canvasViewController.confirmDiscardingChanges())
        #expect(fixture.savedFiles.isEmpty)
        #expect(coordinator.document.hasUnsavedWork)
    }

    @Test func newScribbleAsksFirstAndEachAnswerDoesWhatItSays() {
        let canvas = coordinator.canvasViewController
        coordinator.document.scribble.add(Dot(location: Point(x: 50, y: 50), color: .black, size: 4))
        presenter.answers = [0] // Cancel: the drawing stays
        canvas.startNewScribble()
        #expect(presenter.questions == ["Save changes to “Untitled”?"])
        #expect(coordinator.document.scribble.root.count == 1)
        #expect(coordinator.document.hasUnsavedWork)
        presenter.answers = [1] // Discard: a new scribble, nothing more to ask on quitting
        canvas.startNewScribble()
        #expect(coordinator.document.scribble.isEmpty)
        #expect(canvas.confirmDiscardingChanges())
        #expect(presenter.questions.count == 2)
        canvas.undo() // the discarded drawing comes back, unsaved again
        #expect(coordinator.document.scribble.root.count == 1)
        presenter.answers = [2] // Save: named, saved, then a new scribble
        canvas.startNewScribble()
        #expect(fixture.savedFiles.count == 1)
        #expect(coordinator.document.scribble.isEmpty)
        #expect(!coordinator.document.hasUnsavedWork)
    }

    @Test func aSaveSaysItWorked() {
        coordinator.document.scribble.add(Dot(location: Point(x: 50, y: 50), color: .black, size: 4))
        presenter.nameAnswer = "Lunch"
        coordinator.canvasViewController.save()
        settleNaming()
        #expect(coordinator.canvasViewController.confirmDiscardingChanges()) // waits for the save
        #expect(presenter.notifications == ["Saved “Lunch”"])
    }

    @Test func progressShowsOnlyForWorkThatTakesAWhileAndGoesWhenItEnds() {
        let quick = ProgressNotice("Quick", dialogs: presenter, delay: 20)
        quick.end()
        let slow = ProgressNotice("Slow", dialogs: presenter, delay: 20)
        let deadline = ContinuousClock.now + .seconds(5)
        while presenter.progress.isEmpty, ContinuousClock.now < deadline { MainLoop.iterate() }
        #expect(presenter.progress == ["Slow"]) // not "Quick": it ended before its delay
        #expect(presenter.progressEnded == 0)
        slow.end()
        slow.end()
        #expect(presenter.progressEnded == 1)
    }

    @Test func deleteWithNothingSelectedIsNewScribbleAndAsksToo() {
        coordinator.document.scribble.add(Dot(location: Point(x: 50, y: 50), color: .black, size: 4))
        coordinator.deleteRequested() // nothing answered: the dialog was closed, as Cancel
        #expect(presenter.questions.count == 1)
        #expect(coordinator.document.scribble.root.count == 1)
    }
}
