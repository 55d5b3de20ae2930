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
        var bytes = JournalFormat.header() + JournalFormat.frame(.base(.gallery(id: "abc", stamp: nil)))
        bytes += JournalFormat.frame(.draw(Scribble.incrementalMemento(of: stroke(1))))
        bytes += JournalFormat.frame(.undo) + JournalFormat.frame(.redo) + JournalFormat.frame(.clear)
        bytes += JournalFormat.frame(.draw(Scribble.incrementalMemento(of: Dot(location: Point(x: 3, y: 4), color: .black, size: 5))))
        return bytes
    }

    @Test func recordsReadBackInOrder() throws {
        let contents = try JournalReader(bytes: sampleJournal()).read()
        #expect(contents.records.count == 6)
        #expect(!contents.isDamaged)
        #expect(contents.validLength == sampleJournal().count)
        guard case .base(.gallery(let id, nil)) = contents.records[0], case .draw(let memento) = contents.records[1],
            case .undo = contents.records[2], case .redo = contents.records[3], case .clear = contents.records[4],
            case .draw(let dot) = contents.records[5]
        else {
            Issue.record("records came back as \(contents.records)")
            return
        }
        #expect(id == "abc")
        #expect(marksEqual(Scribble(memento: memento).marks[0], stroke(1)))
        #expect(Scribble(memento: dot).marks[0] is Dot)
    }

    @Test func aTornLastRecordIsDroppedQuietly() throws {
        let whole = sampleJournal()
        let frames = try JournalReader(bytes: whole).read().records.count
        var previous = -1
        for length in JournalFormat.headerLength..<whole.count {
            let contents = try JournalReader(bytes: Array(whole.prefix(length))).read()
            #expect(!contents.isDamaged, "a cut at \(length) is a torn write, not damage")
            #expect(contents.records.count >= previous && contents.records.count < frames)
            #expect(contents.validLength <= length)
            previous = contents.records.count
        }
    }

    @Test func aDamagedRecordIsSkippedAndReadingGoesOnAfterIt() throws {
        var bytes = sampleJournal()
        let firstDraw = JournalFormat.headerLength + JournalFormat.frame(.base(.gallery(id: "abc", stamp: nil))).count
        let drawLength = JournalFormat.frame(.draw(Scribble.incrementalMemento(of: stroke(1)))).count
        bytes[firstDraw + 20] ^= 0x40 // inside the first draw's payload: its checksum fails
        let contents = try JournalReader(bytes: bytes).read()
        #expect(contents.records.count == 5) // all but the damaged draw
        #expect(contents.damagedBytes == drawLength)
        bytes[firstDraw + 5] ^= 0x10 // its length now runs past the end, but whole frames follow: damage
        #expect(try JournalReader(bytes: bytes).read().records.count == 5)
        #expect(try JournalReader(bytes: bytes).read().isDamaged)
    }

    @Test func foreignAndNewerFilesAreRefusedAndAFlippedVersionIsDamage() throws {
        #expect(throws: JournalError.notAJournal) { try JournalReader(bytes: Array("hello, not a journal".utf8)).read() }
        var newer = sampleJournal()
        newer[8] = UInt8(JournalFormat.version + 1)
        newer.replaceSubrange(12..<16, with: withUnsafeBytes(of: newer[0..<12].withUnsafeBytes { CRC32.checksum($0) }.littleEndian, Array.init))
        #expect(throws: JournalError.newerVersion(Int(JournalFormat.version) + 1)) { try JournalReader(bytes: newer).read() }
        for impossible: UInt16 in [0, 60_000] { // even with a checksum that holds: damage, every record read
            var damaged = sampleJournal()
            damaged.replaceSubrange(8..<10, with: withUnsafeBytes(of: impossible.littleEndian, Array.init))
            damaged.replaceSubrange(
                12..<16, with: withUnsafeBytes(of: damaged[0..<12].withUnsafeBytes { CRC32.checksum($0) }.littleEndian, Array.init))
            let contents = try JournalReader(bytes: damaged).read()
            #expect(contents.records.count == 6 && contents.isDamaged, "version \(impossible)")
        }
        for bit in 0..<16 { // any bit of the version: the header's checksum fails, the records are all there
            var flipped = sampleJournal()
            flipped[8 + bit / 8] ^= UInt8(1 << (bit % 8))
            let contents = try JournalReader(bytes: flipped).read()
            #expect(contents.records.count == 6 && contents.isDamaged, "version bit \(bit)")
        }
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
        #expect(try JournalRecovery.readContents(path).records.count == 1) // base only
        document.markFinished(mark)
        journal.flush()
        let records = try JournalRecovery.readContents(path).records
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
        #expect(
            zip(replayed.elements, live.elements).allSatisfy { pair in
                if case let (.vertex(p), .vertex(q)) = pair { sameBits(p, q) } else { false }
            })
        restored.undo() // the move undone: the stroke as drawn
        #expect((restored.scribble.marks.first as? Stroke)?.pressures == replayed.pressures)
        journal.remove()
    }

    @Test func onlyJournalsOfSessionsThatAreGoneAreOffered() throws {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        func journal(_ name: String, strokeAt index: Int) {
            folder.write(
                JournalFormat.header() + JournalFormat.frame(.base(.new))
                    + JournalFormat.frame(.draw(Scribble.incrementalMemento(of: stroke(index)))), to: name)
        }
        // A live session: this process' own journal, locked while it lives.
        let live = Journal(directory: folder.path)
        live.restart(from: .new, supersedingOld: false)
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
        #expect(
            Set(findings.orphans.map(\.path))
                == Set(
                    [
                        "crashed.journal", "lockless.journal", "\(dead).journal",
                        "\(getpid()).journal",
                    ].map(folder.file)))
        #expect(!findings.orphans.map(\.path).contains(live.path)) // a live session's is left alone
        #expect(findings.orphans.allSatisfy { $0.records.count == 1 })
        #expect(findings.unusable.map(\.path) == [folder.file("\(dead + 1_000_000).journal")])
        #expect(findings.unusable.first?.error == .notAJournal)
        live.remove()
        #expect(!FileManager.default.fileExists(atPath: Journal.lockPath(forJournal: live.path)))
    }

    @Test func aSessionsLockHoldsAcrossRestartsAndGoesWithADiscard() throws {
        let live = Journal(directory: folder.path)
        live.restart(from: .new, supersedingOld: false)
        live.restart(from: .new, supersedingOld: false) // a save: the journal file is replaced, the lock file is not
        live.flush()
        #expect(JournalRecovery.isLive(live.path))
        let other = folder.file("other.journal")
        folder.write(JournalFormat.header() + JournalFormat.frame(.base(.new)), to: "other.journal")
        folder.write([], to: "other.lock")
        #expect(!JournalRecovery.isLive(other))
        JournalRecovery.discard(other)
        #expect(folder.names().filter { $0.hasPrefix("other") }.isEmpty)
        live.remove()
        #expect(!JournalRecovery.isLive(live.path))
    }

    @Test func aJournalWhoseSavedVersionIsGoneSaysWhyAndKeepsItsStrokes() throws {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let path = folder.file("lost.journal")
        folder.write(
            JournalFormat.header() + JournalFormat.frame(.base(.gallery(id: "gone", stamp: nil)))
                + JournalFormat.frame(.draw(Scribble.incrementalMemento(of: stroke(5)))), to: "lost.journal")
        let orphan = try JournalRecovery.read(path, manager: manager)
        guard case .unreadable(let why) = orphan.baseProblem else {
            Issue.record("expected the base to be reported unreadable, got \(String(describing: orphan.baseProblem))")
            return
        }
        #expect(why == "no such file or folder")
        let document = Document(manager: manager, hop: { _ in })
        document.restore(orphan)
        #expect(document.scribble.marks.count == 1 && marksEqual(document.scribble.marks[0], stroke(5)))
        #expect(document.origin == .new && document.isDirty)
    }

    @Test func changesToAVersionSavedAgainSinceAreOfferedAsANewScribble() throws {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let document = Document(manager: manager, hop: { _ in })
        let journal = Journal(path: folder.file("session.journal"))
        document.startJournal(journal)
        let base = [stroke(1), stroke(2), stroke(3)]
        for mark in base { document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark)) }
        #expect(document.saveAndWait(canvasWidth: 64, canvasHeight: 48))
        // Since the save: a stroke drawn, a saved one erased, one moved.
        let drawn = stroke(4)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: drawn))
        document.markFinished(drawn)
        document.execute(RemoveMarksCommand(scribble: document.scribble, marks: [document.scribble.marks[0]]))
        document.execute(ReplaceMarksCommand(scribble: document.scribble, marks: [document.scribble.marks[0]], edit: .move(dx: 5, dy: 5)))
        journal.flush()
        guard case .gallery(let id) = document.origin else { throw CancellationError() }
        // Replayed over the version it continues, everything comes back as it was.
        let orphan = try JournalRecovery.read(journal.path, manager: manager)
        #expect(orphan.baseProblem == nil && orphan.origin == .gallery(id: id))
        // Another computer saves that scribble again (one stroke, where three were).
        let other = Document(manager: manager, hop: { _ in })
        other.open(try manager.loadScribble(id: id), from: .gallery(id: id))
        other.execute(RemoveMarksCommand(scribble: other.scribble, marks: Array(other.scribble.marks.dropFirst())))
        #expect(other.saveAndWait(canvasWidth: 64, canvasHeight: 48))
        // The changes' indices would now hit other marks: what was drawn comes back on its own.
        let moved = try JournalRecovery.read(journal.path, manager: manager)
        #expect(moved.baseProblem == .savedAgain && moved.origin == .new)
        let restored = Document(manager: manager, hop: { _ in })
        restored.restore(moved)
        #expect(restored.scribble.marks.count == 1 && marksEqual(restored.scribble.marks[0], drawn))
        #expect(restored.origin == .new && restored.isDirty)
        journal.remove()
    }

    @Test func aJournalWithNothingToRestoreIsNotOfferedAndGoes() throws {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        // Left by sessions that had saved or drawn nothing: nothing to restore.
        folder.write(JournalFormat.header() + JournalFormat.frame(.base(.new)), to: "empty.journal")
        let document = Document(manager: manager, hop: { _ in })
        let journal = Journal(path: folder.file("saved.journal"))
        document.startJournal(journal)
        let mark = stroke(7)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark))
        #expect(document.saveAndWait(canvasWidth: 64, canvasHeight: 48))
        journal.flush()
        let saved = try FileSystem.readFile(journal.path)
        journal.remove()
        folder.write(saved, to: "saved.journal")
        // A stroke drawn and undone is work (Redo brings it back): it is offered.
        folder.write(
            JournalFormat.header() + JournalFormat.frame(.base(.new))
                + JournalFormat.frame(.draw(Scribble.incrementalMemento(of: stroke(8)))) + JournalFormat.frame(.undo),
            to: "undone.journal")
        let findings = JournalRecovery.find(in: folder.path, manager: manager)
        #expect(findings.orphans.map(\.path) == [folder.file("undone.journal")])
        #expect(findings.unusable.isEmpty)
        #expect(folder.names().filter { $0.hasSuffix(".journal") } == ["undone.journal"])
    }

    @Test func aJournalThatIsAFolderOrAPipeSaysWhatItIs() throws {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        try FileManager.default.createDirectory(atPath: folder.file("folder.journal"), withIntermediateDirectories: false)
        #expect(mkfifo(folder.file("pipe.journal"), 0o600) == 0)
        let findings = JournalRecovery.find(in: folder.path, manager: manager)
        let messages = Dictionary(uniqueKeysWithValues: findings.unusable.map { ($0.path, $0.error.description) })
        #expect(messages[folder.file("folder.journal")]?.contains("it is a folder, not a file") == true)
        #expect(messages[folder.file("pipe.journal")]?.contains("named pipe") == true)
        #expect(messages.values.allSatisfy { $0.hasPrefix("The journal itself cannot be read") })
    }

    @Test func aHugeBadRecordCostsReadingItNotItsSizeInMemory() throws {
        // A record claiming 300 MB of zeros (a sparse file: no disk used), then two good ones.
        let good = JournalFormat.frame(.draw(Scribble.incrementalMemento(of: stroke(9))))
        let hugeLength = 300 << 20
        var bad = JournalFormat.frameMagic
        bad += withUnsafeBytes(of: UInt32(hugeLength).littleEndian, Array.init) + [1, 2, 3, 4]
        let path = folder.file("huge.journal")
        folder.write(JournalFormat.header() + JournalFormat.frame(.base(.new)) + bad, to: "huge.journal")
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.truncate(atOffset: UInt64(JournalFormat.headerLength + JournalFormat.frame(.base(.new)).count + bad.count + hugeLength))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(good + good))
        try handle.close()
        let before = peakResidentMegabytes()
        let contents = try JournalRecovery.readContents(path)
        #expect(contents.records.count == 3) // the base and both strokes after the damage
        #expect(contents.damagedBytes == bad.count + hugeLength)
        #expect(peakResidentMegabytes() - before < 64, "reading it raised the peak memory by \(peakResidentMegabytes() - before) MB")
    }

    /// This process' peak resident memory so far, in MB.
    private func peakResidentMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
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
        case transform, raise, back, paste
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
                    command.erase(
                        EraserStep(from: Point(x: Float(step % 5), y: -2), to: Point(x: Float(step % 7) + 0.5, y: Float(step) + 3), radius: 1.5))
                    command.erase(
                        EraserStep(from: Point(x: Float(step % 7) + 0.5, y: Float(step) + 3), to: Point(x: 30, y: Float(step % 4)), radius: 1.5))
                    if !command.isEmpty { live.commit(command) }
                case .move, .restyle:
                    let marks = live.scribble.marks.enumerated().filter { $0.offset % 3 != step % 3 }.map(\.element)
                    guard !marks.isEmpty else { continue }
                    let edit: ReplaceMarksCommand.Edit =
                        action == .move
                        ? .move(dx: Float(step), dy: -1.5)
                        : .restyle(color: Color(red: UInt8(step), green: 9, blue: 9, alpha: 200), size: Float(step % 5 + 1))
                    live.execute(ReplaceMarksCommand(scribble: live.scribble, marks: marks, edit: edit))
                case .transform:
                    let marks = live.scribble.marks.enumerated().filter { $0.offset % 2 != step % 2 }.map(\.element)
                    guard !marks.isEmpty else { continue }
                    let turn = AffineTransform.rotation(Double(step) * 0.3, about: Point(x: 10, y: 5))
                        .then(.scale(sx: 1.5, sy: 0.75, about: Point(x: 3, y: 4)))
                    live.execute(ReplaceMarksCommand(scribble: live.scribble, marks: marks, edit: .transform(turn)))
                case .raise, .back:
                    let marks = live.scribble.marks.enumerated().filter { $0.offset % 3 == step % 3 }.map(\.element)
                    let command = ReorderMarksCommand(scribble: live.scribble, marks: marks, order: action == .raise ? .raise : .back)
                    if !command.isEmpty { live.execute(command) }
                case .paste:
                    let marks = live.scribble.marks.prefix(2).map { $0.translated(dx: 16, dy: 16) }
                    guard !marks.isEmpty else { continue }
                    live.execute(AddMarksCommand(scribble: live.scribble, marks: Array(marks)))
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
                #expect(
                    zip(restored.scribble.marks, live.scribble.marks).allSatisfy { marksEqual($0, $1) }
                        && restored.scribble.marks.count == live.scribble.marks.count, "undo after \(actions)")
            }
            journal.remove()
        }
    }
}
