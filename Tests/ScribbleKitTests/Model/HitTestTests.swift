import Testing
@testable import ScribbleKit

/// Hit testing (book chapter 19): a mark is under a point within half its width plus the slop of a
/// segment (a dot: of its disc); the topmost mark wins.
@Suite(.timeLimit(.minutes(1))) struct HitTestTests {
    private func line(from a: Point, to b: Point, width: Float = 4) -> Stroke {
        let stroke = Stroke(color: .black, size: width)
        stroke.append(a)
        stroke.append(b)
        return stroke
    }

    @Test func aPointOnOrNearASegmentHitsAndJustOutsideMisses() {
        let stroke = line(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), width: 4)
        let slop = Scribble.hitSlop
        #expect(stroke.isHit(at: Point(x: 50, y: 0), radius: slop))
        #expect(stroke.isHit(at: Point(x: 50, y: 2 + slop - 0.01), radius: slop)) // half width + slop
        #expect(!stroke.isHit(at: Point(x: 50, y: 2 + slop + 0.01), radius: slop))
        #expect(stroke.isHit(at: Point(x: -5.9, y: 0), radius: slop)) // round end cap
        #expect(!stroke.isHit(at: Point(x: -6.1, y: 0), radius: slop))
    }

    @Test func diagonalSegmentsAreMeasuredAlongTheirLengthNotTheirBox() {
        let stroke = line(from: Point(x: 0, y: 0), to: Point(x: 100, y: 100), width: 2)
        #expect(stroke.isHit(at: Point(x: 52, y: 48), radius: 4)) // 2.8 px from the line
        #expect(!stroke.isHit(at: Point(x: 90, y: 10), radius: 4)) // inside the box, far from the line
    }

    @Test func dotsAreDiscsAndALoneVertexIsADot() {
        let dot = Dot(location: Point(x: 10, y: 10), color: .black, size: 10)
        #expect(dot.isHit(at: Point(x: 10 + 5 + 3.9, y: 10), radius: 4))
        #expect(!dot.isHit(at: Point(x: 10 + 5 + 4.1, y: 10), radius: 4))
        #expect(!dot.isHit(at: Point(x: 18, y: 18), radius: 4)) // in the corner of its box, outside the disc
        let single = Stroke(color: .black, size: 6)
        single.append(Point(x: 0, y: 0))
        #expect(single.isHit(at: Point(x: 6.9, y: 0), radius: 4))
        #expect(!single.isHit(at: Point(x: 7.1, y: 0), radius: 4))
        #expect(!Vertex(location: .zero).isHit(at: .zero, radius: 4)) // a bare vertex paints nothing
    }

    @Test func nestedStrokesAreSearchedThroughTheirChildren() {
        let group = Stroke()
        group.add(line(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0)))
        group.add(Dot(location: Point(x: 200, y: 200), color: .black, size: 4))
        #expect(group.isHit(at: Point(x: 200, y: 203), radius: 4))
        #expect(group.isHit(at: Point(x: 5, y: 3), radius: 4))
        #expect(!group.isHit(at: Point(x: 100, y: 100), radius: 4)) // inside the group's box, on nothing
    }

    @Test func theTopmostMarkUnderThePointWins() throws {
        let scribble = Scribble()
        let bottom = line(from: Point(x: 0, y: 50), to: Point(x: 100, y: 50))
        let top = line(from: Point(x: 50, y: 0), to: Point(x: 50, y: 100))
        let elsewhere = Dot(location: Point(x: 300, y: 300), color: .black, size: 4)
        [bottom, top, elsewhere].forEach(scribble.add)
        let hit = try #require(scribble.topmostMark(at: Point(x: 50, y: 50)))
        #expect(hit.mark === top)
        #expect(hit.index == 1)
        #expect(scribble.topmostMark(at: Point(x: 10, y: 50))?.mark === bottom)
        #expect(scribble.topmostMark(at: Point(x: 200, y: 200)) == nil)
    }

    @Test func anEraserPathTouchesEveryMarkItCrossesEvenBetweenEvents() {
        let scribble = Scribble()
        let crossed = line(from: Point(x: 50, y: 0), to: Point(x: 50, y: 100), width: 1)
        let missed = line(from: Point(x: 200, y: 0), to: Point(x: 200, y: 100), width: 1)
        [crossed, missed].forEach(scribble.add)
        // One motion event jumps from one side of the line to the other.
        let touched = scribble.marks(touchedAlongSegmentFrom: Point(x: 0, y: 50), to: Point(x: 100, y: 50), radius: 2)
        #expect(touched.count == 1)
        #expect(touched.first === crossed)
        #expect(scribble.marks(touchedAlongSegmentFrom: Point(x: 0, y: 150), to: Point(x: 100, y: 150), radius: 2).isEmpty)
    }
}
