import Testing
@testable import ScribbleKit

/// Pages are the paper: a reorder never moves one, and ink sent to the back stays above the
/// pages at the bottom.
struct PageOrderTests {
    @Test func inkSentToTheBackStaysAboveThePagesAndPagesNeverMove() throws {
        let scribble = try Scribble.importingPdf(PdfFixture.pdf([.init(width: 72, height: 72), .init(width: 72, height: 72)]))
        let pages = scribble.marks
        let (a, b) = (Dot(location: Point(x: 5, y: 5), color: .black, size: 4), Dot(location: Point(x: 9, y: 9), color: .black, size: 4))
        scribble.add(a)
        scribble.add(b)
        let back = ReorderMarksCommand(scribble: scribble, marks: [b], order: .back)
        back.execute()
        #expect(scribble.marks.map(ObjectIdentifier.init) == (pages + [b, a]).map(ObjectIdentifier.init))
        ReorderMarksCommand(scribble: scribble, indices: [2], order: .lower).execute() // b is as low as ink goes
        ReorderMarksCommand(scribble: scribble, indices: [0, 1], order: .front).execute() // pages: not moved
        #expect(scribble.marks.map(ObjectIdentifier.init) == (pages + [b, a]).map(ObjectIdentifier.init))
        back.undo()
        #expect(scribble.marks.map(ObjectIdentifier.init) == (pages + [a, b]).map(ObjectIdentifier.init))
    }
}
