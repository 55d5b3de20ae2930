import Testing
@testable import ScribbleKit

/// A scribble opened from a PDF and then inked comes back after a crash with its pages and
/// its ink, and its journal holds the PDF once — in the snapshot it starts from — not once a
/// record.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PageJournalTests {
    let folder = TemporaryDirectory()

    @Test func aPdfOpenedAndInkedIsRestoredWithItsPagesAndInk() throws {
        let pdf = PdfFixture.pdf([.init(width: 96, height: 72, box: (10, 10, 20, 20)), .init(width: 72, height: 96)])
        let clock = TestClock()
        let live = Document.timed(in: folder, clock)
        live.open(try Scribble.importingPdf(pdf), from: .new)
        let journal = Journal(path: folder.file("session.journal"))
        live.startJournal(journal)
        clock.advance(500)
        _ = MarkKindSample.stroke.draw(live, clock)
        clock.advance(500)
        _ = MarkKindSample.dot.draw(live, clock)
        live.undo()
        live.redo()
        journal.flush()
        #expect(try #require(folder.read("session.journal")).occurrences(of: pdf) == 1, "the PDF journaled once")

        let restored = Document(manager: live.manager, hop: { _ in })
        restored.restore(try JournalRecovery.read(journal.path, manager: live.manager))
        let marks = restored.scribble.marks
        try #require(marks.count == 4)
        #expect(zip(marks, live.scribble.marks).allSatisfy { marksEqual($0, $1) })
        #expect(marks.prefix(2).allSatisfy { $0 is Page } && restored.scribble.contents.entries.map(\.bytes) == [pdf])
        journal.remove()
    }
}
