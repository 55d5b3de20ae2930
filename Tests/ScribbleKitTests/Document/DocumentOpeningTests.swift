import Foundation
import Testing
@testable import ScribbleKit

/// A big drawing opened in two steps (`Document.openFirstPart`): while its rest is read the
/// document shows the first part and nothing changes it, saves it or journals it; once the
/// rest is on, it is the file's drawing, unchanged and saved; a drawing opened or started
/// meanwhile wins over a rest that comes late.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DocumentOpeningTests {
    let folder = TemporaryDirectory()
    let hop = ManualHop()
    let document: Document

    init() {
        document = Document(manager: ScribbleManager(directory: folder.path), hop: hop.hop)
    }

    /// A file of `count` strokes, saved at `name` in the folder; its path.
    private func savedFile(strokes count: Int, name: String = "big.scribble") throws -> String {
        let scribble = Scribble()
        for index in 0..<count {
            let stroke = Stroke(color: .black, size: 2)
            for step in 0..<20 { stroke.append(Point(x: Float(step * 3), y: Float(index))) }
            scribble.add(stroke)
        }
        let path = folder.file(name)
        try ScribbleManager.save(scribble, toPath: path)
        return path
    }

    /// The drawing at `path` opened in two steps with small parts: its first part, and the rest.
    private func open(_ path: String) throws -> (first: Scribble, rest: ScribbleRest) {
        let opening = try ScribbleFormat.open(try ScribbleFile.read(path), firstPartBytes: 200, partBytes: 200, threshold: 0, minimumBytesPerMark: 0)
        return (Scribble(adopting: opening.first), try #require(opening.rest))
    }

    private func stroke(at y: Float) -> Stroke {
        let stroke = Stroke(color: .black, size: 3)
        stroke.append(Point(x: 1, y: y))
        stroke.append(Point(x: 90, y: y))
        return stroke
    }

    @Test func nothingChangesOrSavesTheDrawingUntilItIsWhole() throws {
        let path = try savedFile(strokes: 100)
        let (first, rest) = try open(path)
        let ticket = document.openFirstPart(first, from: .file(path: path), basis: nil)
        let shown = first.root.count
        #expect(document.isOpening && document.state.isOpening)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke(at: 5)))
        document.clear()
        document.undo()
        document.save(canvasWidth: 100, canvasHeight: 100)
        #expect(!document.saveAndWait(canvasWidth: 100, canvasHeight: 100))
        #expect(document.scribble.root.count == shown, "no edit reached the first part")
        #expect(!document.history.canUndo && !document.hasUnsavedWork)
        Document.saving.sync {}
        #expect(try ScribbleManager.loadScribble(path: path).root.count == 100, "the file was not written")

        #expect(document.finishOpening(ticket, adding: try rest.read()))
        #expect(!document.isOpening && !document.state.isOpening)
        #expect(document.scribble.root.count == 100 && !document.hasUnsavedWork, "the whole drawing, as saved")
        #expect(document.scribble.keepsTime, "it keeps time once whole")
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke(at: 200)))
        #expect(document.scribble.root.count == 101 && document.hasUnsavedWork)
    }

    @Test func aDrawingOpenedMeanwhileWinsOverALateRest() throws {
        let path = try savedFile(strokes: 60)
        let (first, rest) = try open(path)
        let ticket = document.openFirstPart(first, from: .file(path: path), basis: nil)
        let other = Scribble()
        other.add(stroke(at: 7))
        document.open(other, from: .new)
        #expect(!document.isOpening)
        #expect(!document.finishOpening(ticket, adding: try rest.read()))
        #expect(!document.abandonOpening(ticket))
        #expect(document.scribble === other && other.root.count == 1)
    }

    @Test func aNewScribbleGivesUpADrawingStillOpening() throws {
        let path = try savedFile(strokes: 60)
        let (first, rest) = try open(path)
        let ticket = document.openFirstPart(first, from: .file(path: path), basis: nil)
        document.startNewScribble()
        #expect(!document.isOpening && document.scribble.isEmpty && document.origin == .new)
        #expect(!document.finishOpening(ticket, adding: try rest.read()))
        #expect(document.scribble.isEmpty)
    }

    @Test func aRestThatCannotBeReadLeavesAnEmptyNewScribble() throws {
        let path = try savedFile(strokes: 60)
        let (first, _) = try open(path)
        let ticket = document.openFirstPart(first, from: .file(path: path), basis: nil)
        #expect(document.abandonOpening(ticket))
        #expect(!document.isOpening && document.scribble.isEmpty && document.origin == .new && !document.hasUnsavedWork)
    }

    @Test func theJournalHoldsNothingUntilTheDrawingIsWholeThenStartsFromTheFile() throws {
        let path = try savedFile(strokes: 80)
        let journal = Journal(path: folder.file("session.journal"))
        document.startJournal(journal)
        let (first, rest) = try open(path)
        let ticket = document.openFirstPart(first, from: .file(path: path), basis: nil)
        journal.flush()
        let opening = try JournalRecovery.read(journal.path, manager: document.manager)
        #expect(!opening.holdsWork && opening.origin == .new, "a crash now offers nothing back")
        document.finishOpening(ticket, adding: try rest.read())
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke(at: 300)))
        document.markFinished(document.scribble.marks.last!)
        journal.flush()
        let orphan = try JournalRecovery.read(journal.path, manager: document.manager)
        let restored = Document(manager: document.manager, hop: hop.hop)
        restored.restore(orphan)
        #expect(orphan.baseProblem == nil && restored.scribble.root.count == 81, "the file's 80 strokes and the new one")
        journal.remove()
    }
}
