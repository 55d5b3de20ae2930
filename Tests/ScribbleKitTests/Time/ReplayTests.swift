import Testing
@testable import ScribbleKit

/// The replay plays a document's true history: a replay stopped at any moment shows exactly
/// the marks that were on the drawing then (as a session recorded them), marks erased or
/// undone appear and then go, and the history survives a crash through the journal.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ReplayTests {
    let folder = TemporaryDirectory()

    /// A document that keeps time on `clock`.
    private func document(_ clock: TestClock, journal: String? = nil) -> Document {
        let document = Document(manager: ScribbleManager(directory: folder.file("g")), hop: { _ in })
        document.scribble.clock = clock.clock
        if let journal { document.startJournal(Journal(path: folder.file(journal))) }
        return document
    }

    /// Draws a stroke of `points` vertices, `step` ms apart; `during` runs after each vertex.
    @discardableResult
    private func draw(
        on document: Document, _ clock: TestClock, at origin: Point, points: Int = 6, step: Int64 = 10,
        during: () -> Void = {}
    ) -> Stroke {
        let stroke = Stroke(color: Color(red: UInt8(Int(origin.x) % 256), green: 40, blue: 90), size: 3)
        stroke.append(origin)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
        during()
        for index in 1..<points {
            clock.advance(step)
            document.scribble.append(Point(x: origin.x + Float(index) * 4, y: origin.y + Float(index % 3)), to: stroke)
            during()
        }
        document.markFinished(stroke)
        return stroke
    }

    /// What a mark looks like, to compare a replay's marks with the document's.
    private func signature(_ mark: Mark) -> String {
        var text = "\(type(of: mark)) \(String(describing: mark.color)) \(mark.size) \(mark.count) \(mark.location)"
        if let stroke = mark as? Stroke {
            for element in stroke.elements {
                if case .vertex(let point) = element { text += " \(point.x),\(point.y)" } else { text += " [mark]" }
            }
        }
        return text
    }

    private func signatures(_ marks: [Mark]) -> [String] { marks.map(signature).sorted() }

    @Test func removalsAppearAndThenGo() {
        let clock = TestClock()
        let document = document(clock)
        let first = draw(on: document, clock, at: Point(x: 0, y: 0)) // 0–50 ms
        clock.advance(1000)
        draw(on: document, clock, at: Point(x: 100, y: 0)) // 1050–1100 ms
        clock.advance(1000)
        let remove = RemoveMarksCommand(scribble: document.scribble)
        remove.remove(first)
        document.commit(remove) // at 2100 ms
        clock.advance(1000)
        document.undo() // at 3100 ms: back
        clock.advance(1000)
        document.redo() // at 4100 ms: gone again
        let player = ReplayPlayer(ReplayTimeline(document.scribble))
        #expect(player.duration == 4100)
        let expected: [(Int64, Int)] = [(0, 1), (25, 1), (1000, 1), (1050, 2), (2099, 2), (2100, 1), (3100, 2), (4099, 2), (4100, 1)]
        for (time, count) in expected {
            player.seek(to: time)
            #expect(player.scribble.marks.count == count, "at \(time) ms")
        }
        player.seek(to: 25) // half the first stroke: 3 of its 6 vertices
        #expect(player.scribble.marks.first?.count == 3)
        for (time, count) in expected { // the same, playing on frame by frame
            player.advance(to: time)
            #expect(player.scribble.marks.count == count, "playing, at \(time) ms")
        }
        #expect(signatures(player.scribble.marks) == signatures(document.scribble.marks)) // it ends as the drawing is
    }

    /// One step of a random session.
    private enum Action: CaseIterable {
        case draw, dot, undo, redo, remove, cut, move, paste, clear
    }

    @Test func aReplayStoppedAtAnyMomentShowsExactlyTheMarksOnTheDrawingThen() {
        var random = SplitMix64(seed: 31)
        for session in 0..<40 {
            let clock = TestClock()
            let document = document(clock)
            // What the drawing held at each moment, as the session went.
            var moments: [(time: Int64, marks: [String])] = []
            func capture() {
                moments.append((document.scribble.clock.now, signatures(document.scribble.marks)))
            }
            for step in 0..<25 {
                clock.advance(Int64(1 + random.next() % 3000))
                let marks = document.scribble.marks
                let action = Action.allCases[Int(random.next() % UInt64(Action.allCases.count))]
                switch action {
                case .draw:
                    var vertex = 0
                    draw(on: document, clock, at: Point(x: Float(step * 10), y: Float(session)), points: 2 + step % 9, step: Int64(1 + step % 17)) {
                        vertex += 1
                        if vertex % 3 == 0 { capture() } // a stroke half drawn
                    }
                case .dot:
                    let dot = Dot(location: Point(x: Float(step), y: 3), color: .black, size: 4)
                    document.execute(DrawScribbleCommand(scribble: document.scribble, mark: dot))
                    document.markFinished(dot)
                case .undo: document.undo()
                case .redo: document.redo()
                case .remove:
                    let command = RemoveMarksCommand(scribble: document.scribble)
                    marks.enumerated().filter { $0.offset % 2 == step % 2 }.reversed().forEach { command.remove($0.element) }
                    if !command.removed.isEmpty { document.commit(command) }
                case .cut:
                    let command = CutMarksCommand(scribble: document.scribble)
                    command.erase(EraserStep(from: Point(x: Float(step * 7 % 90), y: -5), to: Point(x: Float(step * 3 % 90), y: 60), radius: 2))
                    if !command.isEmpty { document.commit(command) }
                case .move:
                    let chosen = marks.enumerated().filter { $0.offset % 3 != step % 3 }.map(\.element)
                    if !chosen.isEmpty {
                        document.execute(ReplaceMarksCommand(scribble: document.scribble, marks: chosen, edit: .move(dx: 5, dy: 1)))
                    }
                case .paste:
                    let copies = marks.prefix(2).map { $0.translated(dx: 16, dy: 16) }
                    if !copies.isEmpty { document.execute(AddMarksCommand(scribble: document.scribble, marks: copies)) }
                case .clear: document.clear()
                }
                capture()
            }
            let timeline = ReplayTimeline(document.scribble)
            let seeking = ReplayPlayer(timeline), playing = ReplayPlayer(timeline)
            for moment in moments {
                seeking.seek(to: moment.time)
                #expect(signatures(seeking.scribble.marks) == moment.marks, "session \(session), seeking to \(moment.time) ms")
                playing.advance(to: moment.time)
                #expect(signatures(playing.scribble.marks) == moment.marks, "session \(session), playing to \(moment.time) ms")
            }
        }
    }

    @Test func aRestoredScribbleKeepsItsTimesAndItsRemovals() throws {
        let clock = TestClock()
        let live = document(clock, journal: "replay.journal")
        let first = draw(on: live, clock, at: Point(x: 0, y: 0))
        clock.advance(700)
        draw(on: live, clock, at: Point(x: 50, y: 0))
        clock.advance(900)
        let remove = RemoveMarksCommand(scribble: live.scribble)
        remove.remove(first)
        live.commit(remove)
        clock.advance(300)
        live.execute(ReplaceMarksCommand(scribble: live.scribble, marks: live.scribble.marks, edit: .move(dx: 3, dy: 3)))
        live.flushJournal()
        let restored = Document(manager: live.manager, hop: { _ in })
        restored.restore(try JournalRecovery.read(folder.file("replay.journal"), manager: live.manager))
        #expect(restored.scribble.marks.map(timesOf) == live.scribble.marks.map(timesOf))
        #expect(restored.scribble.log.events.map(\.time) == live.scribble.log.events.map(\.time))
        #expect(restored.scribble.log.events.map(\.time) == [1700, 2000]) // the erasure, the move
        #expect(restored.scribble.clock.now >= live.scribble.clock.now - 1) // new marks come after
    }

    @Test func aDragsFramesLeaveNoTraceButTheEditDoes() {
        let clock = TestClock()
        let document = document(clock)
        let stroke = draw(on: document, clock, at: Point(x: 0, y: 0))
        clock.advance(500)
        // A drag moving the stroke, as the select tool shows it: a new copy each frame.
        var shown: Mark = stroke
        for step in 1...5 {
            clock.advance(16)
            let copy = stroke.translated(dx: Float(step), dy: 0)
            document.scribble.replace(shown, with: copy)
            shown = copy
        }
        document.commit(ReplaceMarksCommand(scribble: document.scribble, originals: [stroke], edited: [shown], edit: .move(dx: 5, dy: 0)))
        let events = document.scribble.log.events
        // Only the original went, when the drag ended; the moved copy appears whole then.
        #expect(events.count == 1 && events.first?.mark === stroke && events.first?.time == 630)
        #expect(shown.startTime == 630 && shown.endTime == 630)
        let player = ReplayPlayer(ReplayTimeline(document.scribble))
        player.seek(to: 600) // during the drag: the stroke where it was
        #expect(player.scribble.marks.count == 1 && player.scribble.marks.first === stroke)
        player.seek(to: 630)
        #expect(player.scribble.marks.count == 1 && player.scribble.marks.first === shown)
    }

    @Test func longPausesPlayAsHalfASecondWhenSkipped() {
        let clock = TestClock()
        let document = document(clock)
        draw(on: document, clock, at: Point(x: 0, y: 0)) // 0–50 ms
        clock.advance(60_000)
        draw(on: document, clock, at: Point(x: 10, y: 0)) // 60050–60100 ms
        clock.advance(1500)
        draw(on: document, clock, at: Point(x: 20, y: 0)) // 61600–61650 ms: a short pause is kept
        let timeline = ReplayTimeline(document.scribble)
        let skipping = ReplayPace(timeline, skippingIdle: true), plain = ReplayPace(timeline, skippingIdle: false)
        #expect(plain.playDuration == 61_650)
        #expect(skipping.playDuration == 61_650 - (60_000 - ReplayPace.keptPause))
        #expect(skipping.playTime(at: 60_050) == 50 + ReplayPace.keptPause)
        #expect(skipping.drawingTime(at: 50 + ReplayPace.keptPause) == 60_050)
        #expect(skipping.drawingTime(at: 25) == 25)
        for play in stride(from: Int64(0), through: skipping.playDuration, by: 97) {
            #expect(skipping.playTime(at: skipping.drawingTime(at: play)) == play)
        }
    }
}
