import Foundation
import PropertyBased
import Testing
@testable import ScribbleKit

/// The journal: records framed and checksummed, a torn tail dropped, replay equal to the live
/// document, and only dead owners' journals offered for recovery. No display needed.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct JournalTests {
    let folder = TemporaryDirectory()

    private func stroke(_ seed: Int, points: Int = 5) -> Stroke {
        let stroke = Stroke(color: Color(red: UInt8(seed % 256), green: 10, blue: 20), size: Float(1 + seed % 9))
        for i in 0..<points { stroke.append(Point(x: Float(seed * 3 + i * 7), y: Float(i * i + seed))) }
        return stroke
    }

    private func sampleJournal() -> [UInt8] {
        var bytes = JournalFormat.header(pid: 4242) + JournalFormat.frame(.base(.gallery(id: "abc")))
        bytes += JournalFormat.frame(.draw(ScribbleMemento.incremental(of: stroke(1))))
        bytes += JournalFormat.frame(.undo) + JournalFormat.frame(.redo) + JournalFormat.frame(.clear)
        bytes += JournalFormat.frame(.draw(ScribbleMemento.incremental(of: Dot(location: Point(x: 3, y: 4), color: .black, size: 5))))
        return bytes
    }

    @Test func recordsReadBackInOrder() throws {
        let contents = try JournalFormat.read(sampleJournal())
        #expect(contents.pid == 4242)
        #expect(contents.records.count == 6)
        #expect(!contents.isDamaged)
        #expect(contents.validLength == sampleJournal().count)
        guard case .base(.gallery(let id)) = contents.records[0], case .draw(let memento) = contents.records[1],
              case .undo = contents.records[2], case .redo = contents.records[3], case .clear = contents.records[4],
              case .draw(let dot) = contents.records[5] else {
            Issue.record("records came back as \(contents.records)")
            return
        }
        #expect(id == "abc")
        #expect(marksEqual(Scribble(memento: memento).marks[0], stroke(1)))
        #expect(Scribble(memento: dot).marks[0] is Dot)
    }

    @Test func aTornLastRecordIsDroppedQuietly() throws {
        let whole = sampleJournal()
        let frames = try JournalFormat.read(whole).records.count
        var previous = -1
        for length in JournalFormat.headerLength..<whole.count {
            let contents = try JournalFormat.read(Array(whole.prefix(length)))
            #expect(!contents.isDamaged, "a cut at \(length) is a torn write, not damage")
            #expect(contents.records.count >= previous && contents.records.count < frames)
            #expect(contents.validLength <= length)
            previous = contents.records.count
        }
    }

    @Test func aDamagedRecordEndsReadingAndSaysSo() throws {
        var bytes = sampleJournal()
        let firstDraw = JournalFormat.headerLength + JournalFormat.frame(.base(.gallery(id: "abc"))).count
        bytes[firstDraw + 20] ^= 0x40 // inside the first draw's payload: its checksum fails
        let contents = try JournalFormat.read(bytes)
        #expect(contents.records.count == 1) // the base only
        #expect(contents.isDamaged)
        #expect(contents.validLength == firstDraw)
    }

    @Test func foreignAndNewerFilesAreRefused() {
        #expect(throws: JournalError.notAJournal) { try JournalFormat.read(Array("hello, not a journal".utf8)) }
        var newer = sampleJournal()
        newer[8] = 9
        #expect(throws: JournalError.newerVersion(9)) { try JournalFormat.read(newer) }
    }

    @Test func theStrokeInProgressIsRecordedOnlyWhenFinished() throws {
        let path = folder.file("pending.journal")
        let document = Document(manager: ScribbleManager(directory: folder.file("g")), hop: { _ in })
        let journal = Journal(path: path)
        document.startJournal(journal)
        let mark = stroke(3, points: 2)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark))
        document.scribble.append(Point(x: 99, y: 99), to: mark)
        journal.flush()
        #expect(try JournalFormat.read(FileSystem.readFile(path)).records.count == 1) // base only
        document.markFinished(mark)
        journal.flush()
        let records = try JournalFormat.read(FileSystem.readFile(path)).records
        guard records.count == 2, case .draw(let memento) = records[1] else {
            Issue.record("expected the finished stroke: \(records)")
            return
        }
        #expect(marksEqual(Scribble(memento: memento).marks[0], mark)) // with every point
    }

    @Test func pressureSurvivesTheJournal() throws {
        let path = folder.file("pressure.journal")
        let manager = ScribbleManager(directory: folder.file("g"))
        let document = Document(manager: manager, hop: { _ in })
        let journal = Journal(path: path)
        document.startJournal(journal)
        let mark = Stroke(color: .black, size: 6)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark))
        let drawn: [Float] = [0.1, 0.35, 0.8, 1]
        for (i, pressure) in drawn.enumerated() {
            document.scribble.append(Point(x: Float(i) * 3.3, y: 1), pressure: pressure, to: mark)
        }
        document.markFinished(mark)
        document.execute(ReplaceMarksCommand(scribble: document.scribble, marks: [mark], edit: .move(dx: 0.7, dy: 2)))
        journal.flush()
        let restored = Document(manager: manager, hop: { _ in })
        restored.restore(try JournalRecovery.read(path, manager: manager))
        let replayed = try #require(restored.scribble.marks.first as? Stroke)
        #expect(replayed.pressures == drawn.map(Stroke.level))
        let live = try #require(document.scribble.marks.first as? Stroke)
        #expect(replayed.elements.count == live.elements.count)
        #expect(zip(replayed.elements, live.elements).allSatisfy { pair in
            if case let (.vertex(p), .vertex(q)) = pair { sameBits(p, q) } else { false }
        })
        restored.undo() // the move undone: the stroke as drawn
        #expect((restored.scribble.marks.first as? Stroke)?.pressures == replayed.pressures)
        journal.remove()
    }

    @Test func onlyJournalsOfSessionsThatAreGoneAreOffered() throws {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        func journal(_ name: String, strokeAt index: Int) {
            folder.write(JournalFormat.header(pid: 2) + JournalFormat.frame(.base(.new))
                         + JournalFormat.frame(.draw(ScribbleMemento.incremental(of: stroke(index)))), to: name)
        }
        // A live session: this process' own journal, locked while it lives.
        let live = Journal(directory: folder.path)
        live.restart(from: .new)
        live.flush()
        // Sessions that are gone: one whose lock file is left unlocked, one without a lock file.
        journal("crashed.journal", strokeAt: 1)
        folder.write([], to: "crashed.lock")
        journal("lockless.journal", strokeAt: 2)
        // Journals named by process id, from before journals had locks: a dead process', and
        // one with this very process' id — a crashed run whose id came round again (in a pid
        // namespace every launch has the same one) — are both gone, not running.
        let dead = try deadProcessID()
        journal("\(dead).journal", strokeAt: 3)
        journal("\(getpid()).journal", strokeAt: 4)
        folder.write(Array("garbage".utf8), to: "\(dead + 1_000_000).journal")
        let findings = JournalRecovery.find(in: folder.path, manager: manager)
        #expect(Set(findings.orphans.map(\.path)) == Set(["crashed.journal", "lockless.journal", "\(dead).journal",
                                                           "\(getpid()).journal"].map(folder.file)))
        #expect(!findings.orphans.map(\.path).contains(live.path)) // a live session's is left alone
        #expect(findings.orphans.allSatisfy { $0.changeCount == 1 })
        #expect(findings.unusable.map(\.path) == [folder.file("\(dead + 1_000_000).journal")])
        #expect(findings.unusable.first?.error == .notAJournal)
        live.remove()
        #expect(!FileManager.default.fileExists(atPath: Journal.lockPath(forJournal: live.path)))
    }

    @Test func aSessionsLockHoldsAcrossRestartsAndGoesWithADiscard() throws {
        let live = Journal(directory: folder.path)
        live.restart(from: .new)
        live.restart(from: .new) // a save: the journal file is replaced, the lock file is not
        live.flush()
        #expect(JournalRecovery.isLive(live.path))
        let other = folder.file("other.journal")
        folder.write(JournalFormat.header(pid: 2) + JournalFormat.frame(.base(.new)), to: "other.journal")
        folder.write([], to: "other.lock")
        #expect(!JournalRecovery.isLive(other))
        JournalRecovery.discard(other)
        #expect(folder.names().filter { $0.hasPrefix("other") }.isEmpty)
        live.remove()
        #expect(!JournalRecovery.isLive(live.path))
    }

    @Test func aJournalWhoseSavedVersionIsGoneSaysWhy() {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let path = folder.file("lost.journal")
        folder.write(JournalFormat.header(pid: 1) + JournalFormat.frame(.base(.gallery(id: "gone"))), to: "lost.journal")
        #expect(throws: JournalError.self) { try JournalRecovery.read(path, manager: manager) }
    }

    /// The id of a process that has ended (a child that ran `true` and was reaped).
    private func deadProcessID() throws -> Int32 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }
}

/// Replay against the live document for a thousand random sessions, each saving and
/// journaling for real: a suite of its own, with a longer time limit than the quick ones.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct JournalReplayPropertyTests {
    private func stroke(_ seed: Int, points: Int = 5) -> Stroke {
        let stroke = Stroke(color: Color(red: UInt8(seed % 256), green: 10, blue: 20), size: Float(1 + seed % 9))
        for i in 0..<points { stroke.append(Point(x: Float(seed * 3 + i * 7), y: Float(i * i + seed))) }
        return stroke
    }

    /// One user action on a document.
    enum Action: CaseIterable, Sendable {
        case drawStroke, drawPressureStroke, drawDot, clear, undo, redo, save, erase, cut, move, restyle
    }

    @Test func replayRebuildsTheDrawingAndItsHistory() async {
        let folder = TemporaryDirectory.inMemory()
        let manager = ScribbleManager(directory: folder.file("gallery"))
        var run = 0
        await propertyCheck(count: 1000, input: Gen<Action>.case.array(of: 0...30)) { actions in
            await Task.yield() // let the other main-actor tests run between sessions
            run += 1
            let path = folder.file("run-\(run).journal")
            let live = Document(manager: manager, hop: { _ in })
            let journal = Journal(path: path)
            live.startJournal(journal)
            for (step, action) in actions.enumerated() {
                switch action {
                case .drawStroke:
                    let mark = stroke(step, points: 2)
                    live.execute(DrawScribbleCommand(scribble: live.scribble, mark: mark))
                    for i in 0..<3 { live.scribble.append(Point(x: Float(i), y: Float(step)), to: mark) }
                    live.markFinished(mark)
                case .drawPressureStroke:
                    // Pressures in whole 255ths, which the file stores exactly.
                    let mark = Stroke(color: .black, size: Float(step % 7 + 1))
                    live.execute(DrawScribbleCommand(scribble: live.scribble, mark: mark))
                    for i in 0..<4 {
                        live.scribble.append(Point(x: Float(i) + 0.25, y: Float(step)), pressure: Float((step * 37 + i * 50) % 256) / 255, to: mark)
                    }
                    live.markFinished(mark)
                case .drawDot:
                    let dot = Dot(location: Point(x: Float(step), y: 1), color: .black, size: 3)
                    live.execute(DrawScribbleCommand(scribble: live.scribble, mark: dot))
                    live.markFinished(dot)
                case .clear: live.clear()
                case .undo: live.undo()
                case .redo: live.redo()
                case .save: _ = live.saveAndWait(canvasWidth: 64, canvasHeight: 48)
                case .erase:
                    let marks = live.scribble.marks.enumerated().filter { $0.offset % 2 == step % 2 }.map(\.element)
                    let command = RemoveMarksCommand(scribble: live.scribble)
                    marks.reversed().forEach(command.remove)
                    if !command.removed.isEmpty { live.commit(command) }
                case .cut:
                    // A two-step eraser drag across where the strokes are drawn.
                    let command = CutMarksCommand(scribble: live.scribble)
                    command.erase(EraserStep(from: Point(x: Float(step % 5), y: -2), to: Point(x: Float(step % 7) + 0.5, y: Float(step) + 3), radius: 1.5))
                    command.erase(EraserStep(from: Point(x: Float(step % 7) + 0.5, y: Float(step) + 3), to: Point(x: 30, y: Float(step % 4)), radius: 1.5))
                    if !command.isEmpty { live.commit(command) }
                case .move, .restyle:
                    let marks = live.scribble.marks.enumerated().filter { $0.offset % 3 != step % 3 }.map(\.element)
                    guard !marks.isEmpty else { continue }
                    let edit: ReplaceMarksCommand.Edit = action == .move
                        ? .move(dx: Float(step), dy: -1.5)
                        : .restyle(color: Color(red: UInt8(step), green: 9, blue: 9, alpha: 200), size: Float(step % 5 + 1))
                    live.execute(ReplaceMarksCommand(scribble: live.scribble, marks: marks, edit: edit))
                }
            }
            journal.flush()
            let orphan: JournalRecovery.Orphan
            do { orphan = try JournalRecovery.read(path, manager: manager) } catch {
                Issue.record("the journal of \(actions) does not read back: \(error)")
                return
            }
            let restored = Document(manager: manager, hop: { _ in })
            restored.restore(orphan)
            #expect(restored.scribble.marks.count == live.scribble.marks.count)
            #expect(zip(restored.scribble.marks, live.scribble.marks).allSatisfy { marksEqual($0, $1) }, "\(actions)")
            #expect(restored.origin == live.origin)
            // The undo history goes back as far as the journal does (since the last save).
            while live.history.canUndo && restored.history.canUndo {
                live.undo()
                restored.undo()
                #expect(zip(restored.scribble.marks, live.scribble.marks).allSatisfy { marksEqual($0, $1) }
                        && restored.scribble.marks.count == live.scribble.marks.count, "undo after \(actions)")
            }
            journal.remove()
        }
    }
}
