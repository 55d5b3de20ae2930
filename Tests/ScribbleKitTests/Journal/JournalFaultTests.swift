import Foundation
import Synchronization
import Testing
@testable import ScribbleKit

/// The journal proven as SQLite proves its own: a 50-stroke session with undo, redo, erase,
/// move and save, replayed once for every fault the disk can throw at every write call the
/// journal makes — ENOSPC, EIO, and a short write at every byte offset of that call — and
/// once with a crash after each write call, before and after it is synced. Each time,
/// recovery must give back exactly the drawing as of the last change whose record completed:
/// no stroke lost, none twice. And a journal with any one bit flipped gives back every record
/// outside the damaged one, keeping the damaged bytes until the user discards them.
@MainActor
@Suite(.timeLimit(.minutes(6)))
struct JournalFaultTests {
    /// One thing the user does.
    enum Step {
        case draw(Int), undo, redo, erase(Int), move(Int), save
    }

    /// The session: 50 strokes, with undos, redos, erasures, moves and two saves among them.
    static let session: [Step] = {
        var steps: [Step] = []
        for stroke in 0..<50 {
            steps.append(.draw(stroke))
            if stroke % 7 == 3 { steps.append(.undo) }
            if stroke % 7 == 4 { steps += [.undo, .redo] }
            if stroke % 9 == 5 { steps.append(.erase(stroke * 5)) }
            if stroke % 6 == 2 { steps.append(.move(stroke * 3)) }
            if stroke == 19 || stroke == 38 { steps += [.save, .undo, .redo] } // an undo past the journal's start too
        }
        return steps
    }()

    private static func stroke(_ seed: Int) -> Stroke {
        let stroke = Stroke(color: Color(red: UInt8(seed * 37 % 256), green: 10, blue: 20), size: Float(1 + seed % 5))
        stroke.append(Point(x: Float(seed * 11 % 300), y: Float(seed * 7 % 200)))
        stroke.append(Point(x: Float(seed * 11 % 300 + 9), y: Float(seed * 7 % 200 + 4)))
        return stroke
    }

    /// The drawing's marks, encoded: what "the same drawing" means here. Their times are left
    /// out: each run of the session draws at other moments (`ReplayTests` checks that a
    /// restored drawing keeps its times).
    private static func marks(of scribble: Scribble) -> [UInt8] {
        var memento = scribble.makeMemento()
        Scribble.drawing(of: memento).elements.forEach { if case .mark(let mark) = $0 { mark.clearTimes() } }
        memento.title = nil
        return memento.data
    }

    /// What one run of the session gave.
    struct Run {
        /// The drawing after each step (the first: before any), if asked for: a failing or
        /// crashing disk changes the journal, never the drawing, so one clean run gives them.
        var drawings: [[UInt8]] = []
        /// For each write call, the step it was made in.
        var stepOfCall: [Int] = []
        /// The disk it ran on.
        var disk: FaultyJournalDisk
        /// The gallery as it was at the crash.
        var galleryAtCrash: [String: [UInt8]]?
        /// The journal's files at the end (all synced).
        var finalFiles: [String: [UInt8]] = [:]
        /// The gallery at the end.
        var finalGallery: [String: [UInt8]] = [:]
        /// The journal's files and the gallery just after the failure, before the retry: what
        /// a crash then would leave, and the step that failed.
        var afterFailure: (journals: [String: [UInt8]], gallery: [String: [UInt8]], step: Int)?
        /// The last step taken.
        var lastStep = 0
        /// Whether the failure was reported, and then healed by the retry.
        var failureReported = false
        var healed = false
    }

    /// Runs the session over a journal on `disk`. After the planned failure the retry the app
    /// would make 2 s later is made at once, after the step, so the run does not depend on time.
    ///
    /// With `stepsAfterRetry`, the session ends that many steps after the retry: enough to
    /// show the healed journal records what follows, and half the time of a whole session.
    private func runSession(on plan: FaultyJournalDisk.Plan, keepingDrawings: Bool = false, stepsAfterRetry: Int? = nil) -> Run {
        let gallery = TemporaryDirectory.inMemory()
        let galleryAtCrash = Mutex<[String: [UInt8]]?>(nil)
        let galleryPath = gallery.path
        let disk = FaultyJournalDisk(plan: plan, onCrash: { galleryAtCrash.withLock { $0 = Self.files(in: galleryPath) } })
        var run = Run(disk: disk)
        let thumbnails = TemporaryDirectory.inMemory()
        let manager = ScribbleManager(directory: gallery.path, thumbnails: ThumbnailCache(root: thumbnails.path))
        let document = Document(manager: manager, hop: { _ in })
        // The drawing's times on a clock of the test's, a step apart: a record holds its time
        // as a varint, and on the wall clock a slow run (a busy machine) made some records a
        // byte longer than the clean run's, so a planned short write of the clean run's
        // length wrote them whole and failed nothing.
        let clock = TestClock()
        document.scribble.clock = clock.clock
        let journal = Journal(path: "/journal/session.journal", retryDelay: .seconds(3600), storage: disk)
        document.startJournal(journal)
        journal.flush()
        if keepingDrawings { run.drawings.append(Self.marks(of: document.scribble)) }
        run.stepOfCall = Array(repeating: 0, count: disk.callCount)
        var retriedAt: Int?
        for (index, step) in Self.session.enumerated() {
            if let retriedAt, let stepsAfterRetry, index - retriedAt > stepsAfterRetry { break }
            clock.advance(40)
            perform(step, on: document)
            run.lastStep = index + 1
            journal.flush()
            if disk.hasFailed, retriedAt == nil {
                retriedAt = index
                run.failureReported = journal.failure != nil
                run.afterFailure = (disk.syncedFiles, Self.files(in: gallery.path), index + 1)
                document.restartJournal()
                journal.flush()
                run.healed = journal.failure == nil
            }
            if keepingDrawings { run.drawings.append(Self.marks(of: document.scribble)) }
            run.stepOfCall += Array(repeating: index + 1, count: disk.callCount - run.stepOfCall.count)
        }
        run.galleryAtCrash = galleryAtCrash.withLock { $0 }
        run.finalFiles = disk.syncedFiles
        run.finalGallery = Self.files(in: gallery.path)
        journal.flush()
        return run
    }

    private func perform(_ step: Step, on document: Document) {
        let marks = document.scribble.marks
        switch step {
        case .draw(let seed):
            let mark = Self.stroke(seed)
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark))
            document.markFinished(mark)
        case .undo: document.undo()
        case .redo: document.redo()
        case .erase(let pick) where !marks.isEmpty:
            document.execute(RemoveMarksCommand(scribble: document.scribble, marks: [marks[pick % marks.count]]))
        case .move(let pick) where !marks.isEmpty:
            document.execute(
                ReplaceMarksCommand(
                    scribble: document.scribble, marks: [marks[pick % marks.count]],
                    edit: .move(dx: 3, dy: -2)))
        case .save: _ = document.saveAndWait(canvasWidth: 64, canvasHeight: 48)
        case .erase, .move: break
        }
    }

    /// The files in `folder`, by name.
    private nonisolated static func files(in folder: String) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            files[name] = try? FileSystem.readFile(folder + "/" + name)
        }
        return files
    }

    /// What a launch after the crash gives the user: the journal's drawing restored if one is
    /// offered, else the scribble as saved in the gallery (or an empty canvas).
    private func recover(journals: [String: [UInt8]], gallery: [String: [UInt8]]) throws -> [UInt8] {
        let journalFolder = TemporaryDirectory.inMemory()
        let galleryFolder = TemporaryDirectory.inMemory()
        for (path, bytes) in journals { journalFolder.write(bytes, to: String(path.split(separator: "/").last!)) }
        // Written a while before the launch that recovers (a file written a moment ago would
        // still be arriving for the gallery's listing).
        let earlier = timespec(tv_sec: time(nil) - 60, tv_nsec: 0)
        for (name, bytes) in gallery {
            galleryFolder.write(bytes, to: name)
            FileSystem.setModificationTime(galleryFolder.file(name), to: earlier)
        }
        let manager = ScribbleManager(directory: galleryFolder.path, thumbnails: ThumbnailCache(root: galleryFolder.file(".thumbnails")))
        let findings = JournalRecovery.find(in: journalFolder.path, manager: manager)
        #expect(findings.unusable.isEmpty)
        #expect(findings.orphans.count <= 1)
        guard let orphan = findings.orphans.first else {
            let saved = try manager.entries().first.map { try manager.loadScribble(id: $0.id) }
            return Self.marks(of: saved ?? Scribble())
        }
        #expect(orphan.baseProblem == nil && !orphan.isDamaged)
        let document = Document(manager: manager, hop: { _ in })
        document.restore(orphan)
        return Self.marks(of: document.scribble)
    }

    @Test func aCrashAfterAnyWriteLosesNothingThatCompleted() async throws {
        let clean = runSession(on: .none, keepingDrawings: true)
        let calls = clean.disk.callCount
        #expect(calls > Self.session.count) // every step wrote (or the test proves little)
        for call in 1...calls {
            for synced in [false, true] {
                await Task.yield() // the main actor is shared: other suites' tests go on between runs
                let run = runSession(on: .crash(afterCall: call, synced: synced))
                let image = try #require(run.disk.crashImage)
                let step = clean.stepOfCall[call - 1]
                // An unsynced append is lost with the crash; a synced one, or an atomic
                // replace (synced as it completes), holds its step.
                let holdsStep = synced || clean.disk.replaceCalls.contains(call)
                let expected = clean.drawings[holdsStep ? step : step - 1]
                #expect(
                    try recover(journals: image, gallery: run.galleryAtCrash ?? [:]) == expected,
                    "crash after write \(call) (step \(step), \(synced ? "synced" : "unsynced"))")
            }
        }
        print("journal fault points: \(2 * calls) crashes")
    }

    /// In two halves (the write calls of odd and of even number).
    @Test(arguments: [0, 1])
    func aFailedWriteOfAnyKindAtAnyByteIsReportedHealedAndLosesNothing(half: Int) async throws {
        let clean = runSession(on: .none, keepingDrawings: true)
        let lengths = clean.disk.callLengths
        #expect(try recover(journals: clean.finalFiles, gallery: clean.finalGallery) == clean.drawings.last)
        var points = 0
        for (index, length) in lengths.enumerated() where index % 2 == half {
            let failures: [FaultyJournalDisk.Failure] = [.noSpace, .ioError] + (0..<length).map { .short($0) }
            for failure in failures {
                await Task.yield()
                points += 1
                let run = runSession(on: .fail(call: index + 1, failure), stepsAfterRetry: 3)
                #expect(run.failureReported && run.healed, "write \(index + 1) failing with \(failure)")
                // A crash before the retry: the change whose record failed is lost — unless it
                // was a save, which holds it (and the old journal must not be replayed over it).
                let (journals, gallery, step) = try #require(run.afterFailure)
                let isSave = if step > 0, case .save = Self.session[step - 1] { true } else { false }
                #expect(
                    try recover(journals: journals, gallery: gallery) == clean.drawings[isSave ? step : step - 1],
                    "a crash after write \(index + 1) failed with \(failure)")
                #expect(
                    try recover(journals: run.finalFiles, gallery: run.finalGallery) == clean.drawings[run.lastStep],
                    "write \(index + 1) failing with \(failure)")
            }
        }
        print("journal fault points: \(points) failed writes over half of \(lengths.count) write calls")
    }

    @Test func aFlippedBitAnywhereLosesAtMostItsRecordAndTheDamagedBytesAreKept() async throws {
        let folder = TemporaryDirectory.inMemory()
        let manager = ScribbleManager(directory: folder.file("gallery"))
        // A journal of 10 strokes, as the journal writes it.
        let document = Document(manager: manager, hop: { _ in })
        let journal = Journal(path: folder.file("ten.journal"))
        document.startJournal(journal)
        let strokes = (0..<10).map(Self.stroke)
        for stroke in strokes {
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
            document.markFinished(stroke)
        }
        journal.flush()
        let bytes = try FileSystem.readFile(journal.path)
        journal.remove()
        // Where each record's frame lies: the base, then one per stroke.
        var frames: [Range<Int>] = []
        var offset = JournalFormat.headerLength
        while offset < bytes.count {
            let end = offset + JournalFormat.frameHeaderLength + Int(JournalFormat.word(bytes, at: offset + 4))
            frames.append(offset..<end)
            offset = end
        }
        #expect(frames.count == 11 && offset == bytes.count)
        for bit in 0..<(bytes.count * 8) {
            await Task.yield()
            var damaged = bytes
            damaged[bit / 8] ^= UInt8(1 << (bit % 8))
            let crashed = TemporaryDirectory.inMemory()
            crashed.write(damaged, to: "crashed.journal")
            let findings = JournalRecovery.find(in: crashed.path, manager: manager)
            let orphan = try #require(findings.orphans.first, "bit \(bit): nothing offered")
            #expect(orphan.isDamaged, "bit \(bit)")
            // Restored by a session of its own, whose journal takes the crashed one over.
            let restored = Document(manager: manager, hop: { _ in })
            let successor = Journal(path: crashed.file("successor.journal"))
            restored.startJournal(successor)
            restored.restore(orphan)
            successor.flush()
            // Every stroke outside the damaged record is back, and nothing else — the damaged
            // one too only if it could be read whole (a last record whose length was hit).
            let hit = frames.firstIndex { $0.contains(bit / 8) }.map { $0 - 1 } // the stroke whose record it is
            let intact = strokes.enumerated().filter { $0.offset != hit }.map(\.element)
            let marks = restored.scribble.marks
            #expect(
                [intact, strokes].contains { $0.count == marks.count && zip(marks, $0).allSatisfy { marksEqual($0, $1) } },
                "bit \(bit): \(marks.count) strokes back")
            // The damaged journal's bytes stay on disk until the user discards them.
            #expect((try? FileSystem.readFile(JournalRecovery.damagedCopyPath(of: orphan.path))) == damaged, "bit \(bit)")
            successor.remove()
        }
    }
}
