import Foundation
import PropertyBased
import Testing
@testable import ScribbleKit

/// The eraser in "Part of marks" mode (issue 26): strokes cut exactly at the edge of the
/// eraser's reach, pieces keeping colour, width and pressure, dots and covered strokes gone,
/// everything else untouched; one undo step, exact undo and redo, and an exact journal replay.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EraserCutTests {
    let folder = TemporaryDirectory()

    /// A horizontal stroke at `y` from x = 0 to 200, a vertex every 10 px.
    private func line(y: Float = 50, size: Float = 4, color: Color = Color(red: 200, green: 20, blue: 20)) -> Stroke {
        let stroke = Stroke(color: color, size: size)
        for x in stride(from: Float(0), through: 200, by: 10) { stroke.append(Point(x: x, y: y)) }
        return stroke
    }

    /// The inline vertices of `stroke`.
    private func points(_ stroke: Stroke) -> [Point] {
        stroke.elements.compactMap { if case .vertex(let p) = $0 { p } else { nil } }
    }

    /// A vertical eraser step across x = `x`, radius 8.
    private func across(x: Float, radius: Float = 8) -> EraserStep {
        EraserStep(from: Point(x: x, y: 0), to: Point(x: x, y: 100), radius: radius)
    }

    @Test func aStrokeCutInTheMiddleLeavesTwoStrokesEndingOnTheEdge() throws {
        let stroke = line()
        let erasure = try #require(stroke.erased(by: across(x: 105)))
        #expect(erasure.pieces.count == 2)
        let left = try #require(erasure.pieces[0] as? Stroke), right = try #require(erasure.pieces[1] as? Stroke)
        // Reach: the radius plus half the stroke's width, so the round ends just touch the disc.
        #expect(points(left).first == Point(x: 0, y: 50))
        #expect(points(left).last == Point(x: 95, y: 50))
        #expect(points(left).dropLast().last == Point(x: 90, y: 50))
        #expect(points(right).first == Point(x: 115, y: 50))
        #expect(points(right).dropFirst().first == Point(x: 120, y: 50))
        #expect(points(right).last == Point(x: 200, y: 50))
        for piece in [left, right] {
            #expect(piece.color == stroke.color && piece.size == stroke.size && !piece.hasPressure)
            #expect(piece !== stroke)
        }
        #expect(points(stroke).count == 21) // the original is never changed
        // Only the neighbourhood of the cut changed.
        #expect(erasure.dirty.minX > 60 && erasure.dirty.maxX < 150)
    }

    @Test func aCutOnAVertexKeepsTheVertexOnTheEdge() throws {
        let erasure = try #require(line(size: 4).erased(by: across(x: 100)))
        let left = try #require(erasure.pieces.first as? Stroke)
        #expect(points(left).last == Point(x: 90, y: 50)) // exactly at reach 10: kept, not duplicated
        #expect(points(left).suffix(2).first == Point(x: 80, y: 50))
    }

    @Test func pressureIsKeptAndInterpolatedAtTheCut() throws {
        let stroke = Stroke(color: .black, size: 4)
        for (i, x) in stride(from: Float(0), through: 200, by: 10).enumerated() {
            stroke.append(Point(x: x, y: 50), pressure: Float(i * 10) / 255)
        }
        let erasure = try #require(stroke.erased(by: across(x: 105)))
        let left = try #require(erasure.pieces[0] as? Stroke), right = try #require(erasure.pieces[1] as? Stroke)
        #expect(left.pressures == Array(stroke.pressures[0...9]) + [95])
        #expect(right.pressures == [115] + Array(stroke.pressures[12...]))
        #expect(left.pressures.count == left.count && right.pressures.count == right.count)
    }

    @Test func aDotUnderTheEraserGoesAndOneBesideItStays() {
        let under = Dot(location: Point(x: 50, y: 50), color: .black, size: 6)
        let beside = Dot(location: Point(x: 70, y: 50), color: .black, size: 6)
        #expect(under.erased(by: across(x: 55))?.pieces.isEmpty == true)
        #expect(beside.erased(by: across(x: 55)) == nil)
    }

    @Test func aStrokeWhollyInsideGoesAndOneOutsideIsUntouched() {
        let inside = Stroke(color: .black, size: 2)
        inside.append(contentsOf: [Point(x: 48, y: 40), Point(x: 52, y: 60)])
        #expect(inside.erased(by: across(x: 50))?.pieces.isEmpty == true)
        #expect(line().erased(by: EraserStep(from: Point(x: 0, y: 70), to: Point(x: 200, y: 70), radius: 8)) == nil)
    }

    @Test func aGroupHasItsPartsCutAndStaysOneGroup() throws {
        let group = Stroke()
        group.add(line(y: 40))
        group.add(line(y: 60))
        group.add(Dot(location: Point(x: 105, y: 80), color: .black, size: 4))
        group.add(Dot(location: Point(x: 10, y: 80), color: .black, size: 4))
        let erasure = try #require(group.erased(by: across(x: 105)))
        #expect(erasure.pieces.count == 1)
        let cut = try #require(erasure.pieces.first as? Stroke)
        #expect(cut.count == 5) // two pieces of each line, the far dot
        #expect(cut.child(at: 4) is Dot)
        #expect(cut.child(at: 4) !== group.child(at: 3)) // a copy: no mark is shared
        #expect(group.count == 4)
    }

    @Test func aGroupsOwnRunsStayApartWhenTheMarkBetweenThemGoes() throws {
        let group = Stroke(color: .black, size: 2)
        group.append(contentsOf: [Point(x: 0, y: 0), Point(x: 10, y: 0)])
        group.add(Dot(location: Point(x: 50, y: 50), color: .black, size: 4))
        group.append(contentsOf: [Point(x: 90, y: 0), Point(x: 100, y: 0)])
        let erasure = try #require(group.erased(by: EraserStep(from: Point(x: 50, y: 50), to: Point(x: 50, y: 50), radius: 5)))
        let cut = try #require(erasure.pieces.first as? Stroke)
        // The first run stays inline; the second, which would join it, becomes a child stroke.
        #expect(cut.count == 3)
        #expect(points(cut) == [Point(x: 0, y: 0), Point(x: 10, y: 0)])
        let second = try #require(cut.child(at: 2) as? Stroke)
        #expect(points(second) == [Point(x: 90, y: 0), Point(x: 100, y: 0)] && second.size == 2)
    }

    @Test func aGestureIsOneUndoStepAndUndoRestoresTheOriginals() {
        let document = Document(manager: ScribbleManager(directory: folder.file("g")), hop: { _ in })
        let far = Dot(location: Point(x: 300, y: 300), color: .black, size: 5)
        let marks: [Mark] = [line(y: 50), far, line(y: 54, size: 2), Dot(location: Point(x: 105, y: 20), color: .black, size: 3)]
        for mark in marks { document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark)) }
        let before = document.scribble.marks
        let command = CutMarksCommand(scribble: document.scribble)
        command.erase(across(x: 105))
        command.erase(EraserStep(from: Point(x: 105, y: 100), to: Point(x: 150, y: 52), radius: 8)) // cuts a piece again
        document.commit(command)
        let after = document.scribble.marks
        #expect(after.count == 7) // three pieces of each line, the far dot; the near dot gone
        #expect(after.contains { $0 === far })
        document.undo()
        #expect(document.scribble.marks.count == before.count)
        #expect(zip(document.scribble.marks, before).allSatisfy { $0 === $1 })
        document.redo()
        #expect(document.scribble.marks.count == after.count)
        #expect(zip(document.scribble.marks, after).allSatisfy { $0 === $1 })
        document.undo()
        #expect(zip(document.scribble.marks, before).allSatisfy { $0 === $1 })
    }

    @Test func aCutIsOneChangeThatRepaintsOnlyAroundTheCut() {
        let scribble = Scribble()
        scribble.add(line())
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        CutMarksCommand(scribble: scribble).erase(across(x: 105))
        #expect(recorder.kinds == ["reset", "replaced"])
        let dirty = recorder.changes[1].dirty
        #expect(dirty.minX > 60 && dirty.maxX < 150)
    }

    @Test func theJournalReplaysACutExactly() throws {
        let path = folder.file("cut.journal")
        let manager = ScribbleManager(directory: folder.file("g"))
        let document = Document(manager: manager, hop: { _ in })
        let journal = Journal(path: path)
        document.startJournal(journal)
        let pressured = Stroke(color: .black, size: 6)
        for i in 0..<20 { pressured.append(Point(x: Float(i) * 10.3, y: 47.25), pressure: Float(i * 13) / 255) }
        for mark in [line(), pressured, line(y: 90)] as [Mark] {
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: mark))
            document.markFinished(mark)
        }
        let command = CutMarksCommand(scribble: document.scribble)
        command.erase(EraserStep(from: Point(x: 37.3, y: 0), to: Point(x: 61.9, y: 120), radius: 5.5))
        command.erase(EraserStep(from: Point(x: 61.9, y: 120), to: Point(x: 150, y: 45), radius: 5.5))
        document.commit(command)
        journal.flush()
        let restored = Document(manager: manager, hop: { _ in })
        restored.restore(try JournalRecovery.read(path, manager: manager))
        #expect(restored.scribble.marks.count == document.scribble.marks.count)
        #expect(zip(restored.scribble.marks, document.scribble.marks).allSatisfy { marksEqual($0, $1) })
        restored.undo()
        document.undo()
        #expect(restored.scribble.marks.count == 3)
        #expect(zip(restored.scribble.marks, document.scribble.marks).allSatisfy { marksEqual($0, $1) })
        journal.remove()
    }

    @Test func aRecordedCutWithOddIndicesIsReplayedAsFarAsItMakesSense() {
        let scribble = Scribble()
        for y: Float in [10, 20, 30] { scribble.add(line(y: y)) }
        let originals = scribble.marks
        let pieces: [Mark] = [line(y: 1), line(y: 2), line(y: 3), line(y: 4)]
        // Only the first index makes sense; the others go back, repeat it, or lie past the end.
        let command = CutMarksCommand(scribble: scribble, indices: [1, 0, 1, 99], pieceCounts: [2, 1, 1, 0], pieces: pieces)
        command.execute()
        #expect(scribble.marks.count == 4)
        #expect(scribble.marks[1] === pieces[0] && scribble.marks[2] === pieces[1])
        command.undo()
        #expect(scribble.marks.count == 3 && zip(scribble.marks, originals).allSatisfy { $0 === $1 })
    }

    @Test func aCutRecordReadsBackAndOlderJournalsStillRead() throws {
        let pieces = Scribble()
        pieces.add(line())
        let record = JournalRecord.cut(indices: [2, 5], pieceCounts: [0, 1], pieces.makeMemento())
        let bytes = JournalFormat.header() + JournalFormat.frame(.base(.new)) + JournalFormat.frame(record)
        #expect(bytes[8] >= 4) // version 4 added the cut record
        #expect(try JournalReader(bytes: legacyJournal(version: 4, [.base(.new), record])).read().records.count == 2)
        let contents = try JournalReader(bytes: bytes).read()
        #expect(contents.records.count == 2 && !contents.isDamaged)
        guard case .cut(let indices, let counts, let memento) = contents.records[1] else {
            Issue.record("not a cut: \(contents.records[1])")
            return
        }
        #expect(indices == [2, 5] && counts == [0, 1])
        #expect(marksEqual(Scribble(memento: memento).marks[0], pieces.marks[0]))
        // Piece counts that do not add up to the pieces held: not a record this app wrote.
        let wrong =
            JournalFormat.header() + JournalFormat.frame(.base(.new))
            + JournalFormat.frame(.cut(indices: [1], pieceCounts: [2], pieces.makeMemento()))
        #expect(try JournalReader(bytes: wrong).read().records.count == 1)
        // A version 3 journal (no cut records) still reads.
        let older = legacyJournal(version: 3, [.base(.new), .remove(indices: [0])])
        #expect(try JournalReader(bytes: older).read().records.count == 2)
    }
}

/// Random strokes under random eraser paths: what stays lies outside every step's reach,
/// what lay outside it all stays, and undo and redo are exact.
@Suite(.timeLimit(.minutes(2)))
struct EraserCutPropertyTests {
    /// How far a kept vertex may lie inside a step's reach: the cut's slack and the grid.
    static let epsilon: Float = 0.03

    @Test func whatStaysIsOutsideTheSweptPathAndNothingOutsideIsLost() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            var random = SplitMix64(seed: UInt64(seed))
            func point() -> Point {
                Point(x: Float(Int.random(in: 0...51_200, using: &random)) / 256, y: Float(Int.random(in: 0...51_200, using: &random)) / 256)
            }
            let scribble = Scribble()
            var originals: [Stroke] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let stroke = Stroke(
                    color: Color(red: .random(in: 0...255, using: &random), green: 0, blue: 0),
                    size: Float(Int.random(in: 1...24, using: &random)))
                let pressure = Bool.random(using: &random)
                for _ in 0..<Int.random(in: 2...30, using: &random) {
                    if pressure {
                        stroke.append(point(), pressure: Float(Int.random(in: 0...255, using: &random)) / 255)
                    } else {
                        stroke.append(point())
                    }
                }
                scribble.add(stroke)
                originals.append(stroke)
            }
            let radius = Float(Int.random(in: 1...50, using: &random))
            var steps: [EraserStep] = []
            var at = point()
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let next = Bool.random(using: &random) ? at : point()
                steps.append(EraserStep(from: at, to: next, radius: radius))
                at = next
            }
            let command = CutMarksCommand(scribble: scribble)
            steps.forEach(command.erase)
            let after = scribble.marks
            func distance(_ p: Point, _ step: EraserStep) -> Float {
                pointSegmentDistanceSquared(p, step.from, step.to).squareRoot()
            }
            var kept = Set<Point>()
            let styles = Set(originals.map { "\($0.color.map(\.hex) ?? "-") \($0.size)" })
            for case let stroke as Stroke in after {
                #expect(styles.contains("\(stroke.color.map(\.hex) ?? "-") \(stroke.size)"), "pieces keep colour and width")
                #expect(stroke.pressures.isEmpty || stroke.pressures.count == stroke.count)
                for case .vertex(let p) in stroke.elements {
                    kept.insert(p)
                    for step in steps {
                        #expect(
                            distance(p, step) >= step.radius + stroke.size / 2 - Self.epsilon,
                            "seed \(seed): \(p) lies inside the step \(step)")
                    }
                }
            }
            for stroke in originals {
                for case .vertex(let p) in stroke.elements
                where steps.allSatisfy({ distance(p, $0) > $0.radius + stroke.size / 2 + Self.epsilon }) {
                    #expect(kept.contains(p), "seed \(seed): \(p) was outside every step, and went")
                }
            }
            command.undo()
            #expect(scribble.marks.count == originals.count && zip(scribble.marks, originals).allSatisfy { $0 === $1 })
            command.execute()
            #expect(scribble.marks.count == after.count && zip(scribble.marks, after).allSatisfy { $0 === $1 })
        }
    }
}

/// Every kind of tree the format stores — groups, dots, pressure, awkward coordinates and
/// widths — under random eraser steps near its vertices: what stays is outside each step's
/// reach (by each path's own width), the originals are never changed, and undo and redo put
/// back exactly the same marks.
@Suite(.timeLimit(.minutes(2)))
struct EraserCutTreePropertyTests {
    @Test func anyTreeIsCutCleanlyAndUndoneExactly() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            var random = RandomScribble(seed: UInt64(seed))
            let scribble = random.scribble(maxMarks: 8)
            let before = scribble.marks
            let copies = before.map { $0.copy() }
            var vertices: [Point] = []
            scribble.root.enumerateMarks { mark, _ in if type(of: mark) == Vertex.self { vertices.append(mark.location) } }
            var rng = SplitMix64(seed: UInt64(seed) &+ 1)
            func near() -> Point {
                let base = vertices.randomElement(using: &rng) ?? .zero
                return MarkLimits.clamped(
                    Point(
                        x: base.x + Float.random(in: -20...20, using: &rng),
                        y: base.y + Float.random(in: -20...20, using: &rng)))
            }
            let steps = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                EraserStep(from: near(), to: near(), radius: Float.random(in: 1...30, using: &rng))
            }
            let command = CutMarksCommand(scribble: scribble)
            steps.forEach(command.erase)
            let after = scribble.marks
            for mark in after { checkOutside(mark, of: steps, seed: seed) }
            #expect(zip(before, copies).allSatisfy { marksEqual($0, $1) }, "seed \(seed): an original changed")
            // The same marks (inline vertices on the root are handed out as fresh objects: equal ones).
            func same(_ marks: [Mark], _ expected: [Mark]) -> Bool {
                marks.count == expected.count
                    && zip(marks, expected).allSatisfy { $0 === $1 || (type(of: $0) == Vertex.self && marksEqual($0, $1)) }
            }
            command.undo()
            #expect(same(scribble.marks, before), "seed \(seed): undo")
            command.execute()
            #expect(same(scribble.marks, after), "seed \(seed): redo")
        }
    }

    /// Expects every inline vertex under `mark` to lie outside each step's reach for its
    /// stroke's width, up to the cut's slack and the precision of a `Float` there.
    private func checkOutside(_ mark: Mark, of steps: [EraserStep], seed: Int) {
        guard let stroke = mark as? Stroke else { return }
        for element in stroke.elements {
            switch element {
            case .mark(let child): checkOutside(child, of: steps, seed: seed)
            case .vertex(let p):
                for step in steps {
                    let reach = Double(step.radius) + Double(stroke.size) / 2
                    let tolerance =
                        0.03 + 4
                        * Double(
                            max(
                                p.x.magnitude.ulp, p.y.magnitude.ulp, step.from.x.magnitude.ulp,
                                step.from.y.magnitude.ulp, step.to.x.magnitude.ulp, step.to.y.magnitude.ulp))
                    #expect(distance(p, step) >= reach - tolerance, "seed \(seed): \(p) lies inside \(step)")
                }
            }
        }
    }

    /// The distance from `p` to the step's segment, in `Double`.
    private func distance(_ p: Point, _ step: EraserStep) -> Double {
        let ax = Double(step.from.x), ay = Double(step.from.y), bx = Double(step.to.x), by = Double(step.to.y)
        let dx = bx - ax, dy = by - ay, px = Double(p.x) - ax, py = Double(p.y) - ay
        let length = dx * dx + dy * dy
        let t = length > 0 ? min(max((px * dx + py * dy) / length, 0), 1) : 0
        return ((px - t * dx) * (px - t * dx) + (py - t * dy) * (py - t * dy)).squareRoot()
    }
}
