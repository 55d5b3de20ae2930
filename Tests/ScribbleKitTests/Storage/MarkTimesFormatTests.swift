import Testing
@testable import ScribbleKit

/// Marks keep when they were drawn (format version 4): a drawn stroke's start and each
/// vertex's step, a dot's and an edit's time. Versions 1 to 3 still open, their marks given
/// times at an even pace; hostile times are refused.
@Suite(.timeLimit(.minutes(1)))
struct MarkTimesFormatTests {
    /// A scribble that keeps time on `clock`, with a stroke drawn at 8 ms a vertex (with
    /// pressure when `pressure`), a dot, a group put down whole and a stroke made at once.
    private func drawing(_ clock: TestClock, pressure: Bool = true) -> Scribble {
        let scribble = Scribble()
        scribble.clock = clock.clock
        scribble.startKeepingTime()
        clock.advance(40)
        let stroke = Stroke(color: .black, size: 3)
        stroke.append(Point(x: 1, y: 2))
        scribble.add(stroke)
        for index in 1..<30 {
            clock.advance(index == 12 ? 900 : 8)
            let point = Point(x: Float(index) * 2.5, y: Float(index % 7))
            scribble.append(point, pressure: pressure ? Float(index) / 30 : nil, to: stroke)
        }
        scribble.finish(stroke)
        clock.advance(70_000) // longer than a step may be: the dot keeps the whole gap
        scribble.add(Dot(location: Point(x: 5, y: 5), color: .black, size: 4))
        clock.advance(1)
        let group = Stroke()
        let inner = Stroke(color: .black, size: 1)
        inner.append(contentsOf: [Point(x: 0, y: 0), Point(x: 9, y: 9)])
        group.add(inner)
        group.isSealed = true
        scribble.add(group)
        let shape = Stroke(color: .black, size: 2)
        shape.append(contentsOf: [Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 40)])
        scribble.add(shape)
        return scribble
    }

    @Test func timesSurviveTheFileAndTheFileIsVersion4() throws {
        let clock = TestClock()
        let scribble = drawing(clock)
        let marks = scribble.marks
        let drawnEnd: Int64 = 40 + 28 * 8 + 900 // 29 steps: one of 900 ms, the rest 8 ms
        #expect(marks[0].startTime == 40 && marks[0].endTime == drawnEnd)
        #expect((marks[0] as? Stroke)?.times.step(at: 12) == 900)
        let dotTime: Int64 = drawnEnd + 70_000
        #expect(marks[1].startTime == dotTime)
        #expect(marks[2].startTime == marks[1].startTime! + 1 && marks[3].startTime == marks[2].startTime)
        for complete in [true, false] {
            let bytes = scribble.makeMemento(complete: complete).data
            #expect(bytes[8] == 4)
            let memento = try ScribbleMemento(data: bytes)
            let read = Scribble(memento: memento).marks
            let expected = complete ? marks : [marks.last!]
            #expect(read.map(timesOf) == expected.map(timesOf))
            #expect(zip(read, expected).allSatisfy { marksEqual($0, $1) })
            #expect(memento.data == bytes) // one spelling
        }
    }

    @Test func aScribbleThatKeepsNoTimeIsTheFileItWas() throws {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 2)
        stroke.append(contentsOf: [Point(x: 1, y: 1), Point(x: 3, y: 3)])
        scribble.add(stroke)
        #expect(scribble.makeMemento().data[8] == 2)
    }

    @Test(arguments: [1, 2, 3])
    func olderVersionsOpenWithAnEvenPaceAndNewMarksComeAfter(version: Int) throws {
        let old = drawing(TestClock(), pressure: false)
        old.marks.forEach { $0.clearTimes() }
        if version == 3 { old.view = SavedCamera(zoom: 2, centreX: 10, centreY: 10) }
        let bytes = version == 1 ? ScribbleEncoderV1.encode(old.makeMemento()) : old.makeMemento().data
        #expect(Int(bytes[8]) == version)
        let clock = TestClock()
        let scribble = Scribble(adopting: try ScribbleMemento(data: bytes))
        scribble.clock = clock.clock
        scribble.startKeepingTime()
        let marks = scribble.marks
        #expect(marks.count == 4)
        var end: Int64 = -1
        for mark in marks {
            let start = try #require(mark.startTime)
            #expect(start == (end < 0 ? 0 : end + ReplayTimeline.evenGap))
            end = try #require(mark.endTime)
            #expect(end == start) // each appears whole
        }
        clock.advance(5)
        let next = Stroke(color: .black, size: 1)
        next.append(Point(x: 0, y: 0))
        scribble.add(next)
        #expect(next.startTime == end + 5)
        #expect(scribble.makeMemento().data[8] == 4) // saved again, it keeps the times given
    }

    @Test func timesCostAtMostOneAndAFifthBytesAVertexOnHandDrawnInput() throws {
        let clock = TestClock()
        let scribble = Scribble()
        scribble.clock = clock.clock
        scribble.startKeepingTime()
        var vertices = 0
        var random = SplitMix64(seed: 7)
        for index in 0..<40 {
            clock.advance(400)
            let stroke = Stroke(color: .black, size: 3)
            stroke.append(Point(x: Float(index), y: 0))
            scribble.add(stroke)
            var point = Point(x: Float(index), y: 0)
            for _ in 0..<(50 + index * 5) {
                clock.advance(Int64(4 + random.next() % 14)) // 60–240 Hz motion events
                point = Point(x: point.x + 2.5, y: point.y + Float(random.next() % 7) - 3)
                scribble.append(point, to: stroke)
            }
            vertices += stroke.count
        }
        let timed = scribble.makeMemento().data.count
        scribble.marks.forEach { $0.clearTimes() }
        let untimed = scribble.makeMemento().data.count
        let perVertex = Double(timed - untimed) / Double(vertices)
        #expect(perVertex <= 1.2, "times cost \(perVertex) bytes a vertex")
    }

    /// A file holding one stroke of two vertices with `flags`, the start `start`,
    /// and the steps written after the run.
    private func file(version: UInt16 = 4, flags: UInt8, start: UInt64?, steps: [UInt64]) -> [UInt8] {
        var payload = CraftedFile.strokeHeadV2(children: 1) + [ScribbleFormat.Tag.stroke.rawValue, flags]
        payload += [0, 0, 0, 255] + CraftedFile.le(Float(2).bitPattern)
        if let start { payload += CraftedFile.varint(start) }
        payload += CraftedFile.varint(2) + CraftedFile.runV2([(0, 0), (256, 0)])
        for step in steps { payload += CraftedFile.varint(step) }
        return CraftedFile.make(version: version, flags: 1, title: [], payload: payload)
    }

    @Test func hostileTimesAreRefused() throws {
        let colour = ScribbleFormat.colorFlag, timed = ScribbleFormat.timedFlag, drawn = ScribbleFormat.drawnFlag
        #expect(decodingError(file(flags: colour | timed | drawn, start: 5, steps: [0, 8])) == nil)
        #expect(decodingError(file(flags: colour | timed, start: 5, steps: [])) == nil)
        #expect(decodingError(file(version: 3, flags: colour | timed, start: 5, steps: [])) == .corrupt("a stroke has unknown flags"))
        #expect(decodingError(file(flags: colour | drawn, start: nil, steps: [0, 8])) == .corrupt("a stroke has steps but no time"))
        #expect(decodingError(file(flags: colour | timed | drawn, start: 5, steps: [0, 0])) == .corrupt("a drawn stroke has no steps"))
        #expect(
            decodingError(file(flags: colour | timed | drawn, start: 5, steps: [0, 65_536]))
                == .corrupt("a step between two vertices is too long"))
        #expect(decodingError(file(flags: colour | timed, start: 1 << 32, steps: [])) == .corrupt("a time is out of range"))
        #expect(decodingError(file(flags: colour, start: nil, steps: [])) == .corrupt("no mark has times"))
        // A timed dot is version 4's: in version 3 it is an unknown kind of mark.
        var dot = CraftedFile.strokeHeadV2(children: 1) + CraftedFile.dotV2(at: (0, 0)) + CraftedFile.varint(7)
        dot[dot.count - 12] = ScribbleFormat.Tag.timedDot.rawValue // the dot node: tag, RGBA, size, x, y, then the time
        #expect(Scribble.drawing(of: try ScribbleMemento(data: CraftedFile.make(version: 4, payload: dot))).child(at: 0)?.startTime == 7)
        #expect(decodingError(CraftedFile.make(version: 3, payload: dot)) == .corrupt("it holds an unknown kind of mark"))
    }

    @Test func everyTruncationAndBitFlipOfATimedFileIsRefused() {
        let bytes = drawing(TestClock()).makeMemento().data
        expectEveryPrefixIsTruncated(bytes)
        expectEveryBitFlipIsDetected(bytes)
    }
}

/// Times fit the one spare word of a stroke, and a mark made whole keeps no steps.
@Suite struct MarkTimesLayoutTests {
    @Test func timesAreOneWordAndAMarkMadeWholeNeedsNoArray() {
        #expect(MemoryLayout<StrokeTimes>.size == 8)
        var times = StrokeTimes(start: 1234, steps: [0, 0, 0])
        #expect(times == .at(1234)) // made whole: no steps kept
        times.append(at: 1234, after: 3)
        #expect(times == .at(1234)) // another child at once: still none
        times.append(at: 1250, after: 4)
        #expect(times.isDrawn && times.end == 1250 && times.steps(count: 5) == [0, 0, 0, 0, 16])
        times.append(at: 100_000, after: 5) // a pause longer than a step may be
        #expect(times.step(at: 5) == UInt16.max && times.end == 1250 + Int64(UInt16.max))
    }
}
