import Foundation
import Testing
@testable import ScribbleKit

/// The Memento's narrow interface on the real path (book chapter 23): the journal's
/// incremental mementos are the originator's own (`makeMemento(complete: false)`), and the
/// caretaker and the exporter draw what the originator opens. (Nothing but the originator can
/// read a memento's insides: `root` is private to `ScribbleMemento.swift`, so the compiler
/// refuses a caretaker that tries.)
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct MementoOriginatorTests {
    let folder = TemporaryDirectory()

    private func stroke(points: Int) -> Stroke {
        let stroke = Stroke(color: Color(red: 200, green: 10, blue: 20), size: 4)
        for i in 0..<points { stroke.append(Point(x: Float(10 + i * 7), y: Float(20 + i * i))) }
        return stroke
    }

    /// Only the scribble's own incremental memento carries the scribble's title: a memento of
    /// the mark made anywhere else would not.
    @Test func theJournalRecordsTheOriginatorsIncrementalMemento() throws {
        let path = folder.file("originator.journal")
        let document = Document(manager: ScribbleManager(directory: folder.file("g")), hop: { _ in })
        document.scribble.title = "Kept by the originator"
        let journal = Journal(path: path)
        document.startJournal(journal)
        let mark = stroke(points: 6)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark))
        document.markFinished(mark)
        let expected = document.scribble.makeMemento(complete: false).data
        journal.flush()
        let records = try JournalRecovery.readContents(path).records
        guard records.count == 2, case .draw(let memento) = records[1] else {
            Issue.record("expected the finished stroke: \(records)")
            return
        }
        #expect(memento.data == expected)
        #expect(memento.title == "Kept by the originator" && !memento.isComplete)
    }

    /// A save's thumbnail and an export show the drawing the memento holds, as the originator
    /// opens it — the same tree `Scribble(adopting:)` restores.
    @Test func thumbnailsAndExportsDrawWhatTheOriginatorOpens() throws {
        let scribble = Scribble()
        scribble.add(stroke(points: 40))
        let memento = scribble.makeMemento()
        let opened = Scribble(adopting: memento)
        #expect(Scribble.drawing(of: memento) === opened.root)
        let exporter = Exporter(memento: memento)
        let page = opened.root.bounds.outset(by: Exporter.margin).integral
        #expect(exporter.pageX == Double(page.minX) && exporter.pageWidth == Double(page.width))
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let entry = try manager.save(memento, canvasWidth: 400, canvasHeight: 300)
        let drawn = try #require(ScribbleManager.thumbnailPNG(of: memento, canvasWidth: 400, canvasHeight: 300))
        let thumbnail = manager.thumbnail(ofScribbleAt: entry.scribblePath)
        guard case .image(let image) = thumbnail else {
            Issue.record("no thumbnail: \(thumbnail)")
            return
        }
        let expected = try #require(CairoImage(png: drawn))
        #expect(image.width == expected.width && image.height == expected.height)
    }
}
