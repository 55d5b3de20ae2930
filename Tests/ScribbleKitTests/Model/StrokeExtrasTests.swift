import Testing
@testable import ScribbleKit

/// A stroke's pressures and times share one word (`StrokeExtras`, issue 39): a tap, a copy or
/// a stroke of an older file keeps them in the word; a stylus stroke or one drawn over time
/// keeps them in a box that copies share until either changes. Every edit keeps one level and
/// one step a child, as when they were two fields.
@Suite(.timeLimit(.minutes(1))) struct StrokeExtrasTests {
    /// A stroke of `count` vertices drawn with a stylus on a scribble that keeps time on
    /// `clock`, 8 ms apart, its pressure rising.
    private func stylusStroke(_ count: Int, clock: TestClock, on scribble: Scribble) -> Stroke {
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 0, y: 0), pressure: 0.1)
        scribble.add(stroke)
        for index in 1..<count {
            clock.advance(8)
            scribble.append(Point(x: Float(index), y: Float(index % 3)), pressure: Float(index) / Float(count), to: stroke)
        }
        scribble.finish(stroke)
        return stroke
    }

    private func timedScribble(_ clock: TestClock) -> Scribble {
        let scribble = Scribble()
        scribble.clock = clock.clock
        scribble.startKeepingTime()
        clock.advance(25)
        return scribble
    }

    @Test func pressuresAndTimesTakeOneWord() {
        #expect(MemoryLayout<StrokeExtras>.size == 8)
        var extras = StrokeExtras()
        #expect(extras.pressures.isEmpty && extras.times == .untimed && !extras.isBoxed)
        extras.times = .at(1234)
        #expect(extras.times == .at(1234) && !extras.isBoxed) // a tap drawn in the app: in the word
        extras.pressures = [1, 2]
        #expect(extras.isBoxed && extras.pressures == [1, 2] && extras.times == .at(1234))
        extras.pressures.removeAll()
        #expect(!extras.isBoxed && extras.times == .at(1234)) // back in the word
        extras.times.append(at: 1300, after: 1)
        #expect(extras.isBoxed && extras.times.end == 1300)
        extras.times = .untimed
        #expect(!extras.isBoxed && extras.times == .untimed)
    }

    @Test func aCopySharesTheBoxUntilEitherChanges() {
        var original = StrokeExtras()
        original.pressures = [10, 20, 30]
        original.times = StrokeTimes(start: 5, steps: [0, 8, 8])
        var copy = original
        copy.pressures.append(40)
        copy.times.append(at: 100, after: 3)
        #expect(original.pressures == [10, 20, 30] && original.times.end == 21)
        #expect(copy.pressures == [10, 20, 30, 40] && copy.times.end == 100)
        original.pressures[0] = 99
        #expect(copy.pressures[0] == 10 && original.pressures[0] == 99)
    }

    @Test func aStylusStrokeKeepsALevelAndAStepForEveryChildThroughEdits() throws {
        let clock = TestClock()
        let scribble = timedScribble(clock)
        let stroke = stylusStroke(6, clock: clock, on: scribble)
        #expect(stroke.pressures.count == 6 && stroke.times.isDrawn)
        let copy = try #require(stroke.copy() as? Stroke)
        let start = try #require(stroke.times.start)
        let (levels, steps) = (stroke.pressures, stroke.times.steps(count: 6))
        // Edits of the original leave the copy as it was, and keep one level a child.
        stroke.insert(Vertex(location: Point(x: 50, y: 50)), at: 2)
        #expect(stroke.pressures.count == 7 && stroke.pressures[2] == Stroke.fullPressure)
        #expect(stroke.times.steps(count: 7)[2] == 0)
        stroke.remove(Vertex(location: Point(x: 50, y: 50)))
        #expect(stroke.pressures == levels && stroke.times.steps(count: 6) == steps)
        stroke.replaceChildren(in: 0..<2, with: [Vertex(location: Point(x: 7, y: 7))])
        #expect(stroke.pressures.count == 5 && stroke.count == 5)
        #expect(copy.pressures == levels && copy.times.steps(count: 6) == steps && copy.count == 6)
        stroke.removeAll()
        #expect(stroke.pressures.isEmpty && stroke.times == .at(UInt32(start)))
    }

    @Test func pressuresAndTimesSurviveTheFile() throws {
        let clock = TestClock()
        let scribble = timedScribble(clock)
        let stylus = stylusStroke(12, clock: clock, on: scribble)
        clock.advance(500)
        let tap = Stroke(color: .black, size: 3)
        tap.append(Point(x: 3, y: 3))
        scribble.add(tap)
        scribble.finish(tap)
        let read = Scribble(memento: try ScribbleMemento(data: scribble.makeMemento().data)).marks.compactMap { $0 as? Stroke }
        #expect(read.count == 2)
        #expect(read[0].pressures == stylus.pressures && read[0].times == stylus.times)
        #expect(read[1].pressures.isEmpty && read[1].times == tap.times && tap.times.start != nil && !tap.times.isDrawn)
        // A tap read back is a plain stroke: one 72-byte object, which malloc holds in 80 bytes.
        #expect((17...72).contains(instanceSize(of: type(of: read[1]))))
    }
}
