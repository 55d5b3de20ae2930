import Testing
@testable import ScribbleKit

/// Format version 5 keeps the marks taken off the drawing and when (book chapter 23), so a
/// drawing saved and opened again replays its true history: a mark erased, cut, undone or
/// taken off and put back appears and goes at its time, as it did in the session. Older
/// versions still open; hostile removals are refused; the history is bounded.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RemovalHistoryFormatTests {
    let folder = TemporaryDirectory()

    /// A document that keeps time on `clock`.
    private func document(_ clock: TestClock) -> Document { .timed(in: folder, clock) }

    /// Draws a stroke of 6 vertices 10 ms apart from `origin`, through the history.
    @discardableResult
    private func draw(on document: Document, _ clock: TestClock, at origin: Point) -> Stroke {
        document.drawTimed(clock, at: origin, color: Color(red: UInt8(Int(origin.x) % 256), green: 40, blue: 90), size: 3) { index in
            Point(x: Float(index) * 4, y: 0)
        }
    }

    /// What a replay of `timeline` shows at `time`: each mark's look, sorted.
    private func shown(_ timeline: ReplayTimeline, at time: Int64) -> [String] {
        let player = ReplayPlayer(timeline)
        player.seek(to: time)
        return player.scribble.marks.map(look).sorted()
    }

    private func look(_ mark: Mark) -> String {
        var text = "\(type(of: mark)) \(String(describing: mark.color)) \(mark.size) \(mark.count)"
        if let stroke = mark as? Stroke {
            for case .vertex(let point) in stroke.elements { text += " \(point.x),\(point.y)" }
        }
        return text
    }

    /// The file a save writes, opened again as a document opens it.
    private func reopened(_ scribble: Scribble) throws -> (bytes: [UInt8], scribble: Scribble) {
        let bytes = scribble.makeMemento(withHistory: true).data
        let memento = try ScribbleMemento(data: bytes)
        #expect(memento.data == bytes) // one spelling
        return (bytes, Scribble(adopting: memento))
    }

    @Test func anErasedCutAndUndoneHistorySurvivesTheFileAndReplaysAsItHappened() throws {
        let clock = TestClock()
        let live = document(clock)
        let first = draw(on: live, clock, at: Point(x: 0, y: 0)) // 0–50 ms
        clock.advance(1000)
        let second = draw(on: live, clock, at: Point(x: 100, y: 0)) // 1050–1100 ms
        clock.advance(1000)
        live.execute(RemoveMarksCommand(scribble: live.scribble, marks: [first])) // erased whole at 2100
        clock.advance(500)
        live.undo() // back at 2600
        clock.advance(500)
        let cut = CutMarksCommand(scribble: live.scribble)
        cut.erase(EraserStep(from: Point(x: 110, y: -5), to: Point(x: 110, y: 5), radius: 2))
        live.commit(cut) // the second cut in two at 3100
        clock.advance(1000)
        draw(on: live, clock, at: Point(x: 200, y: 0)) // 4100–4150
        clock.advance(500)
        live.undo() // undone at 4650
        #expect(live.scribble.marks.count == 3) // the first and the second's two pieces

        let (bytes, reopened) = try reopened(live.scribble)
        #expect(bytes[8] == 5)
        #expect(reopened.marks.count == 3)
        let before = ReplayTimeline(live.scribble), after = ReplayTimeline(reopened)
        #expect(after.duration == 4650 && after.items.count == before.items.count)
        for time in stride(from: Int64(0), through: 4700, by: 25) + [2099, 2100, 2599, 2600, 3099, 3100, 4649, 4650] {
            #expect(shown(after, at: time) == shown(before, at: time), "at \(time) ms")
        }
        // The erased mark is there until its erasure and back at its undo; the cut stroke whole until its cut.
        #expect(shown(after, at: 2099).contains(look(first)) && !shown(after, at: 2100).contains(look(first)))
        #expect(shown(after, at: 2600).contains(look(first)))
        #expect(shown(after, at: 3099).contains(look(second)) && !shown(after, at: 3100).contains(look(second)))
        #expect(shown(after, at: 3100).count == 3 && shown(after, at: 4120).count == 4 && shown(after, at: 4650).count == 3)

        // Opened in a document, its clock goes on after the last removal, so new marks come after it.
        let opened = document(TestClock())
        opened.open(reopened, from: .new)
        #expect(opened.scribble.clock.now >= 4650)
    }

    @Test func aSessionOfEveryKindOfStepReplaysTheSameFromItsFile() throws {
        var random = SplitMix64(seed: 5)
        for session in 0..<25 {
            let clock = TestClock()
            let live = document(clock)
            for step in 0..<20 {
                clock.advance(Int64(1 + random.next() % 2000))
                let marks = live.scribble.marks
                switch random.next() % 7 {
                case 0, 1: draw(on: live, clock, at: Point(x: Float(step * 9), y: Float(session)))
                case 2: live.undo()
                case 3: live.redo()
                case 4:
                    let chosen = marks.enumerated().filter { $0.offset % 2 == step % 2 }.map(\.element)
                    if !chosen.isEmpty { live.execute(RemoveMarksCommand(scribble: live.scribble, marks: chosen)) }
                case 5:
                    let cut = CutMarksCommand(scribble: live.scribble)
                    cut.erase(EraserStep(from: Point(x: Float(step * 7 % 90), y: -5), to: Point(x: Float(step * 3 % 90), y: 60), radius: 2))
                    if !cut.isEmpty { live.commit(cut) }
                default:
                    if !marks.isEmpty { live.execute(ReplaceMarksCommand(scribble: live.scribble, marks: marks, edit: .move(dx: 3, dy: 1))) }
                }
            }
            let (_, reopened) = try reopened(live.scribble)
            let before = ReplayTimeline(live.scribble), after = ReplayTimeline(reopened)
            #expect(after.duration == before.duration, "session \(session)")
            for moment in 0...61 {
                let time = before.duration * Int64(moment) / 60
                #expect(shown(after, at: time) == shown(before, at: time), "session \(session), at \(time) ms")
            }
        }
    }

    @Test func aFileThatKeepsRemovalsOpensInPartsAndKeepsThem() throws {
        let clock = TestClock()
        let live = document(clock)
        for index in 0..<40 { draw(on: live, clock, at: Point(x: 0, y: Float(index * 10))) }
        clock.advance(100)
        live.undo() // the last stroke taken off: the file keeps it
        let bytes = live.scribble.makeMemento(withHistory: true).data
        let opened = try ScribbleFormat.open(bytes, firstPartBytes: 64, partBytes: 64, threshold: 0, minimumBytesPerMark: 0)
        let rest = try #require(opened.rest, "read in parts, as a version 4 file is")
        let scribble = Scribble(adopting: opened.first)
        scribble.adoptRest(of: try rest.read())
        #expect(scribble.marks.count == 39)
        #expect(scribble.makeMemento(withHistory: true).data == bytes) // the removal came along
    }

    @Test func aNewScribbleStartsAFreshHistoryAndItsFileKeepsNothingOfTheLast() throws {
        let clock = TestClock()
        let live = document(clock)
        let first = draw(on: live, clock, at: Point(x: 0, y: 0))
        clock.advance(500)
        draw(on: live, clock, at: Point(x: 50, y: 0))
        live.execute(RemoveMarksCommand(scribble: live.scribble, marks: [first]))
        clock.advance(500)
        live.startNewScribble()
        #expect(live.scribble.log.events.isEmpty)
        clock.advance(500)
        draw(on: live, clock, at: Point(x: 90, y: 0))
        let memento = try ScribbleMemento(data: live.scribble.makeMemento(withHistory: true).data)
        #expect(!memento.keepsRemovals && memento.data[8] == 4) // nothing taken off since: a version 4 file
        // Undo of the New puts the last drawing back as it was, with no removal of its own.
        live.undo()
        live.undo()
        #expect(live.scribble.marks.count == 1 && live.scribble.log.events.count == 1) // only the third's undo
    }

    @Test func exportsThumbnailsAndOlderVersionsSeeOnlyTheDrawing() throws {
        let clock = TestClock()
        let live = document(clock)
        let first = draw(on: live, clock, at: Point(x: 0, y: 0))
        draw(on: live, clock, at: Point(x: 50, y: 0))
        live.execute(RemoveMarksCommand(scribble: live.scribble, marks: [first]))
        let saved = try ScribbleMemento(data: live.scribble.makeMemento(withHistory: true).data)
        #expect(saved.keepsRemovals && Scribble.drawing(of: saved).count == 1) // what is drawn: the drawing alone
        let exported = live.scribble.makeMemento() // an export's, a thumbnail's
        #expect(!exported.keepsRemovals && exported.data[8] == 4)
        // A TouchPainter that knows version 4 at most refuses the file as a newer one's, never misreads it.
        #expect(ScribbleFormat.versionWithRemovals == 5 && ScribbleFormatError.newerVersion(5).description.contains("version 5"))
    }

    @Test func aJournalSnapshotKeepsTheRemovals() throws {
        let clock = TestClock()
        let live = document(clock)
        let first = draw(on: live, clock, at: Point(x: 0, y: 0))
        clock.advance(300)
        draw(on: live, clock, at: Point(x: 50, y: 0))
        clock.advance(300)
        live.execute(RemoveMarksCommand(scribble: live.scribble, marks: [first]))
        live.startJournal(Journal(path: folder.file("snapshot.journal"))) // a new scribble with marks: a snapshot base
        live.flushJournal()
        let restored = Document(manager: live.manager, hop: { _ in })
        restored.restore(try JournalRecovery.read(folder.file("snapshot.journal"), manager: live.manager))
        #expect(restored.scribble.log.events.map(\.time) == live.scribble.log.events.map(\.time))
        #expect(restored.scribble.log.events.first.map { look($0.mark) } == look(first))
    }

    @Test func theHistoryIsCappedByForgettingTheMarksGoneLongestAgo() throws {
        let scribble = Scribble()
        scribble.startKeepingTime()
        let strokes = (0..<4).map { index in
            let stroke = Stroke(color: .black, size: 2)
            stroke.append(contentsOf: (0..<300_000).map { Point(x: Float($0 % 1000), y: Float(index)) })
            scribble.add(stroke)
            return stroke
        }
        scribble.settleHistory() // drawn in an earlier step than their removals
        for stroke in strokes {
            scribble.remove(stroke)
            scribble.settleHistory()
        }
        // 1.2 million vertices gone: the first two are forgotten, down to 600,000.
        #expect(scribble.log.events.map { ObjectIdentifier($0.mark) } == strokes.suffix(2).map(ObjectIdentifier.init))
        #expect(scribble.log.removedWeight == 600_000)
        let memento = try ScribbleMemento(data: scribble.makeMemento(withHistory: true).data)
        #expect(Scribble(adopting: memento).log.events.count == 2)
    }

    @Test func aReorderLeavesNoTrace() {
        let clock = TestClock()
        let live = document(clock)
        draw(on: live, clock, at: Point(x: 0, y: 0))
        draw(on: live, clock, at: Point(x: 50, y: 0))
        live.execute(ReorderMarksCommand(scribble: live.scribble, indices: [0], order: .front))
        #expect(live.scribble.log.events.isEmpty)
        #expect(live.scribble.makeMemento(withHistory: true).data[8] == 4)
    }

    // MARK: Hostile files

    /// A timed dot node at grid x `x`, made at `time`.
    private func timedDot(x: Int64, time: UInt64) -> [UInt8] {
        var dot = CraftedFile.dotV2(at: (x, 0))
        dot[0] = ScribbleFormat.Tag.timedDot.rawValue
        return dot + CraftedFile.varint(time)
    }

    /// A file whose drawing is one timed dot (item 0), then a removals record of `group`
    /// (by default one timed dot gone: item 1) and `entries` (item code, time).
    private func file(
        version: UInt16 = 5, complete: Bool = true, group: [UInt8]? = nil, entries: [(UInt64, UInt64)], after: [UInt8] = []
    ) -> [UInt8] {
        var payload = CraftedFile.strokeHeadV2(children: 1) + timedDot(x: 0, time: 10)
        payload += [ScribbleFormat.Tag.removals.rawValue] + (group ?? CraftedFile.strokeHeadV2(children: 1) + timedDot(x: 256, time: 20))
        payload += CraftedFile.varint(UInt64(entries.count)) + entries.flatMap { CraftedFile.varint($0.0) + CraftedFile.varint($0.1) }
        return CraftedFile.make(version: version, flags: complete ? 1 : 0, payload: payload + after)
    }

    @Test func hostileRemovalsAreRefused() throws {
        let memento = try ScribbleMemento(data: file(entries: [(0, 15), (1, 18), (2, 30)]))
        let scribble = Scribble(adopting: memento)
        #expect(scribble.marks.count == 1 && scribble.log.events.map(\.isReturn) == [false, true, false])
        #expect(scribble.log.events.last?.mark.startTime == 20)
        let twoGone = CraftedFile.strokeHeadV2(children: 2) + timedDot(x: 256, time: 20) + timedDot(x: 512, time: 21)
        let cases: [([UInt8], String)] = [
            (file(entries: []), "no mark was taken off"),
            (file(entries: [(4, 30)]), "a removal names no mark"),
            (file(entries: [(0, 15), (1, 18)]), "a mark taken off is never named"),
            (file(entries: [(3, 30)]), "a mark is taken off twice or put back unremoved"),
            (file(entries: [(2, 30), (2, 31)]), "a mark is taken off twice or put back unremoved"),
            (file(entries: [(0, 15), (2, 30)]), "a mark on the drawing was last taken off"),
            (file(entries: [(2, 30), (3, 40), (2, 50), (3, 60)]), "a mark gone was last put back"),
            (file(entries: [(2, 1 << 32)]), "a time is out of range"),
            (file(group: twoGone, entries: [(4, 30), (2, 31)]), "the marks taken off are out of order"),
            (
                file(group: CraftedFile.strokeHeadV2(color: .black, children: 1) + timedDot(x: 0, time: 1), entries: [(2, 30)]),
                "the group of marks taken off is not plain"
            ),
            (
                file(group: CraftedFile.strokeHeadV2(children: 2) + CraftedFile.runV2([(0, 0), (256, 0)]), entries: [(2, 30)]),
                "the group of marks taken off is not plain"
            ),
            (file(group: timedDot(x: 0, time: 1), entries: [(2, 30)]), "the marks taken off are not a group"),
            (file(complete: false, entries: [(2, 30)]), "an incremental file keeps marks taken off"),
            (file(entries: [(2, 30)], after: [0]), "there are extra bytes after the drawing"),
            (file(version: 4, entries: [(2, 30)]), "the view is missing"), // version 4 knows no removals
            (
                CraftedFile.make(version: 5, payload: CraftedFile.strokeHeadV2(children: 1) + timedDot(x: 0, time: 10)),
                "the marks taken off are missing"
            ),
            (
                CraftedFile.make(version: 5, payload: CraftedFile.strokeHeadV2(children: 1) + [ScribbleFormat.Tag.removals.rawValue, 0, 0]),
                "it holds an unknown kind of mark"
            ),
        ]
        for (bytes, message) in cases {
            #expect(decodingError(bytes) == .corrupt(message), "expected: \(message)")
        }
    }

    @Test func everyTruncationAndBitFlipOfAFileWithRemovalsIsRefused() throws {
        let clock = TestClock()
        let live = document(clock)
        let first = draw(on: live, clock, at: Point(x: 0, y: 0))
        clock.advance(100)
        draw(on: live, clock, at: Point(x: 30, y: 0))
        live.execute(RemoveMarksCommand(scribble: live.scribble, marks: [first]))
        clock.advance(100)
        live.undo()
        clock.advance(100)
        live.redo()
        let bytes = live.scribble.makeMemento(withHistory: true).data
        #expect(bytes[8] == 5)
        expectEveryPrefixIsTruncated(bytes)
        expectEveryBitFlipIsDetected(bytes)
    }
}
