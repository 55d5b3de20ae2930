import Foundation
import Testing
@testable import ScribbleKit

/// The document owns the drawing's state: it publishes a state change only when a value
/// changes, saves in the background, and knows what is unsaved. No display needed.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DocumentTests {
    let folder = TemporaryDirectory()
    let hop = ManualHop()
    let document: Document
    /// Every state the document published, in order.
    let published = StateLog()

    final class StateLog {
        var states: [DocumentState] = []
    }

    init() {
        document = Document(manager: ScribbleManager(directory: folder.path), hop: hop.hop)
        document.onStateChange = { [published] in published.states.append($0) }
    }

    private func stroke(at y: Float) -> Stroke {
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 10, y: y))
        stroke.append(Point(x: 200, y: y))
        return stroke
    }

    private func draw(at y: Float) {
        let mark = stroke(at: y)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark))
        document.markFinished(mark) // the pointer released
    }

    /// Lets the save queue finish, then hands its results back.
    private func settle() {
        Document.saving.sync {}
        hop.drain()
    }

    private var savedFiles: [String] { folder.names().filter { $0.hasSuffix(".scribble") } }

    @Test func aFreshDocumentIsTheAppWithNothingToAskAbout() {
        #expect(document.state == DocumentState(title: "TouchPainter", hasUnsavedWork: false, canUndo: false, canRedo: false))
        #expect(published.states.isEmpty)
    }

    @Test func aLongStrokePublishesOneStateChangeNotOnePerPoint() {
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 0, y: 0))
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
        for i in 1...200 { document.scribble.append(Point(x: Float(i), y: Float(i % 7)), to: stroke) }
        #expect(document.changeCount == 201)
        // Drawing made it dirty and undoable, both in the first change: one state published.
        #expect(published.states == [DocumentState(title: "• Untitled", hasUnsavedWork: true, canUndo: true, canRedo: false)])
    }

    @Test func undoAndRedoPublishTheirAvailability() {
        draw(at: 50)
        document.undo()
        #expect(published.states.last?.canRedo == true)
        #expect(published.states.last?.canUndo == false)
        document.redo()
        #expect(published.states.last?.canUndo == true)
        #expect(published.states.last?.canRedo == false)
    }

    @Test func saveWritesInTheBackgroundThenMarksTheDrawingSaved() {
        draw(at: 50)
        #expect(document.hasUnsavedWork)
        document.save(canvasWidth: 320, canvasHeight: 240)
        #expect(document.isSaving)
        settle()
        #expect(!document.isSaving)
        #expect(!document.hasUnsavedWork)
        #expect(document.state.title == "Scribble 1")
        #expect(published.states.last?.title == "Scribble 1")
        guard case .gallery = document.origin else {
            Issue.record("a saved new scribble is not a gallery entry: \(document.origin)")
            return
        }
        #expect(savedFiles.count == 1)
    }

    @Test func pressingSaveTwiceQuicklyMakesOneEntryWithTheLatestDrawing() throws {
        draw(at: 50)
        document.save(canvasWidth: 320, canvasHeight: 240)
        draw(at: 100)
        document.save(canvasWidth: 320, canvasHeight: 240) // while the first is being written
        settle()
        settle()
        #expect(savedFiles.count == 1)
        let saved = try document.manager.loadScribble(at: 0)
        #expect(saved.root.count == 2)
        #expect(!document.hasUnsavedWork)
    }

    @Test func drawingDuringASaveKeepsTheDrawingUnsaved() {
        draw(at: 50)
        document.save(canvasWidth: 320, canvasHeight: 240)
        draw(at: 100) // not in the snapshot
        settle()
        #expect(document.hasUnsavedWork)
        #expect(document.state.title == "• Scribble 1")
    }

    @Test func finishingASaveInProgressNeedsNoMainLoop() {
        draw(at: 50)
        document.save(canvasWidth: 320, canvasHeight: 240)
        document.finishSaveInProgress() // what quitting does: the hop never runs
        #expect(!document.hasUnsavedWork)
        #expect(savedFiles.count == 1)
        hop.drain() // the late hand-back finds the save already taken in
        #expect(savedFiles.count == 1)
        #expect(!document.hasUnsavedWork)
    }

    @Test func saveAndWaitSavesAtOnce() {
        draw(at: 50)
        #expect(document.saveAndWait(canvasWidth: 320, canvasHeight: 240))
        #expect(!document.hasUnsavedWork)
        #expect(savedFiles.count == 1)
    }

    @Test func aFailedSaveIsReportedAndLeavesTheDrawingUnsaved() throws {
        let blocker = folder.file("not-a-folder")
        folder.write([1], to: "not-a-folder")
        let document = Document(manager: ScribbleManager(directory: blocker + "/gallery"), hop: hop.hop)
        var failures: [String] = []
        document.onSaveFailure = { name, _ in failures.append(name) }
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke(at: 20)))
        document.save(canvasWidth: 100, canvasHeight: 100)
        settle()
        #expect(failures == ["Untitled"])
        #expect(document.hasUnsavedWork)
        #expect(!document.isSaving)
    }

    @Test func clearStartsANewScribbleAndUndoBringsBackWhereItWasSaved() {
        draw(at: 50)
        #expect(document.saveAndWait(canvasWidth: 320, canvasHeight: 240))
        let saved = document.origin
        document.clear()
        #expect(document.scribble.isEmpty)
        #expect(document.origin == .new)
        #expect(document.scribble.title == nil)
        document.undo()
        #expect(document.origin == saved)
        #expect(document.scribble.title == "Scribble 1")
        #expect(document.scribble.root.count == 1)
    }

    @Test func clearingAnEmptyCanvasAddsNothingToTheHistory() {
        document.clear()
        #expect(!document.history.canUndo)
    }

    @Test func openingReplacesTheDrawingWithAFreshHistory() {
        draw(at: 50)
        var shown: [Scribble] = []
        document.onScribbleReplaced = { shown.append($0) }
        let other = Scribble()
        other.title = "Other"
        other.add(Dot(location: Point(x: 5, y: 5), color: .black, size: 3))
        document.open(other, from: .file(path: "/tmp/other.scribble"))
        #expect(shown.count == 1 && shown[0] === other)
        #expect(document.scribble === other)
        #expect(!document.history.canUndo)
        #expect(!document.hasUnsavedWork)
        #expect(document.state.title == "Other")
        other.add(Dot(location: Point(x: 9, y: 9), color: .black, size: 3))
        #expect(document.state.title == "• Other")
    }

    @Test func deletingTheOpenEntryMakesTheDrawingNewUnsavedWork() {
        draw(at: 50)
        #expect(document.saveAndWait(canvasWidth: 320, canvasHeight: 240))
        guard case .gallery(let id) = document.origin else {
            Issue.record("not saved to the gallery")
            return
        }
        #expect(!document.entryWasDeleted("some-other-id"))
        #expect(document.entryWasDeleted(id))
        #expect(document.origin == .new)
        #expect(document.state.title == "• Untitled")
    }

    @Test func aCanvasNeverDrawnOnHasNothingToLose() {
        #expect(!document.hasUnsavedWork)
        document.clear() // nothing to clear: no history, no question
        #expect(!document.hasUnsavedWork)
        #expect(document.state.title == "TouchPainter")
    }

    @Test func workThatOnlyUndoOrRedoCanBringBackIsStillUnsaved() {
        draw(at: 50)
        document.undo() // empty again, but Redo brings the stroke back
        #expect(document.scribble.isEmpty)
        #expect(document.hasUnsavedWork)
        document.redo()
        document.clear() // wiped, but Undo brings the stroke back
        #expect(document.scribble.isEmpty)
        #expect(document.hasUnsavedWork)
        #expect(document.state.title == "• Untitled")
        let erased = Document(manager: document.manager, hop: hop.hop)
        erased.execute(DrawScribbleCommand(scribble: erased.scribble, mark: stroke(at: 20)))
        erased.execute(RemoveMarksCommand(scribble: erased.scribble, marks: erased.scribble.marks)) // the eraser
        #expect(erased.scribble.isEmpty)
        #expect(erased.hasUnsavedWork)
    }

    @Test func startingANewScribbleLeavesNothingToAskAboutAndUndoBringsTheMarksBack() {
        draw(at: 50)
        document.startNewScribble() // the user was asked, and discarded
        #expect(document.scribble.isEmpty)
        #expect(!document.hasUnsavedWork)
        #expect(document.state.title == "TouchPainter")
        #expect(document.history.canUndo)
        document.undo()
        #expect(document.scribble.root.count == 1)
        #expect(document.hasUnsavedWork) // back, and unsaved again
        #expect(document.state.title == "• Untitled")
    }

    @Test func startingANewScribbleAfterASaveKeepsTheSavedEntryAndStartsAfresh() {
        draw(at: 50)
        #expect(document.saveAndWait(canvasWidth: 320, canvasHeight: 240))
        document.startNewScribble()
        #expect(document.origin == .new)
        #expect(!document.hasUnsavedWork)
        #expect(savedFiles.count == 1)
        draw(at: 80)
        #expect(document.saveAndWait(canvasWidth: 320, canvasHeight: 240))
        #expect(savedFiles.count == 2) // a new entry, not the first one overwritten
    }

    @Test func aJournalThatCannotBeWrittenIsShownAndStartsAgainWithTheDrawingOnceItCan() throws {
        folder.write([1], to: "blocked") // a file where the journal's folder should be
        let journal = Journal(path: folder.file("blocked") + "/session.journal", retryDelay: .milliseconds(20))
        document.startJournal(journal)
        draw(at: 50) // drawn while nothing protects it
        func settle(until done: () -> Bool) {
            let deadline = ContinuousClock.now + .seconds(10)
            while !done(), ContinuousClock.now < deadline {
                hop.drain()
                usleep(5_000)
            }
        }
        settle { document.state.unprotectedBecause != nil }
        #expect(document.state.unprotectedBecause == "part of the path is a file, not a folder")
        try FileManager.default.removeItem(atPath: folder.file("blocked")) // room again
        settle { document.state.unprotectedBecause == nil }
        #expect(document.state.unprotectedBecause == nil)
        draw(at: 80)
        journal.flush()
        // A crash now loses nothing: the fresh journal holds the stroke drawn during the outage.
        let orphan = try JournalRecovery.read(journal.path, manager: document.manager)
        let restored = Document(manager: document.manager, hop: hop.hop)
        restored.restore(orphan)
        #expect(restored.scribble.root.count == 2)
        journal.remove()
    }

    @Test func saveAsKeepsTheDrawingInThatFileNamedAfterIt() throws {
        draw(at: 50)
        let path = folder.file("Trip.scribble")
        document.saveAs(path: path, canvasWidth: 320, canvasHeight: 240)
        settle()
        #expect(document.origin == .file(path: path))
        #expect(document.state.title == "Trip")
        #expect(!document.hasUnsavedWork)
        #expect(savedFiles == ["Trip.scribble"]) // in that file, not as a gallery entry
        #expect(try ScribbleManager.loadScribble(path: path).root.count == 1)
    }
}
