import Testing
@testable import ScribbleKit

/// The external and internal iterators: post-order, snapshot, early stop.
@Suite(.timeLimit(.minutes(1))) struct MarkEnumeratorTests {
    /// R(A(a1, a2), B(b1, b2)) and the post-order it must be walked in.
    private struct Tree {
        let root = Stroke()
        let a = Stroke(color: .black, size: 2)
        let b = Stroke(color: .white, size: 3)
        let a1 = Point(x: 1, y: 1), a2 = Point(x: 2, y: 2)
        let b1 = Point(x: 3, y: 3), b2 = Point(x: 4, y: 4)

        init() {
            a.append(a1)
            a.append(a2)
            b.append(b1)
            b.append(b2)
            root.add(a)
            root.add(b)
        }

        /// a1 a2 A b1 b2 B R: vertices by location, strokes by identity.
        var expected: [Expected] {
            [.vertex(a1), .vertex(a2), .mark(a), .vertex(b1), .vertex(b2), .mark(b), .mark(root)]
        }
    }

    /// One expected step of a walk.
    private enum Expected {
        case vertex(Point)
        case mark(Mark)

        func matches(_ mark: Mark) -> Bool {
            switch self {
            case .vertex(let point): type(of: mark) == Vertex.self && mark.location == point
            case .mark(let expected): mark === expected
            }
        }
    }

    private func expectWalk(_ walked: [Mark], _ expected: [Expected], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(walked.count == expected.count, sourceLocation: sourceLocation)
        for (index, (mark, step)) in zip(walked, expected).enumerated() {
            #expect(step.matches(mark), "step \(index)", sourceLocation: sourceLocation)
        }
    }

    @Test func externalIteratorIsPostOrder() {
        let tree = Tree()
        var enumerator = tree.root.enumerator()
        var walked: [Mark] = []
        while let mark = enumerator.next() { walked.append(mark) }

        expectWalk(walked, tree.expected)
        #expect(enumerator.next() == nil)
    }

    @Test func remainingListsWhatIsLeft() {
        let tree = Tree()
        var enumerator = tree.root.enumerator()
        _ = enumerator.next()
        _ = enumerator.next()

        expectWalk(enumerator.remaining, Array(tree.expected.dropFirst(2)))
    }

    @Test func externalIteratorIsASnapshot() {
        let tree = Tree()
        var enumerator = tree.root.enumerator()
        _ = enumerator.next()

        tree.root.remove(tree.b)
        tree.root.add(Dot(location: Point(x: 9, y: 9), color: .black, size: 1))
        tree.a.append(Point(x: 50, y: 50))

        var walked: [Mark] = []
        while let mark = enumerator.next() { walked.append(mark) }
        expectWalk(walked, Array(tree.expected.dropFirst()))
    }

    @Test func leafEnumeratesOnlyItself() {
        let dot = Dot(location: Point(x: 1, y: 1), color: .black, size: 1)
        let walked = Array(dot.enumerator())
        #expect(walked.count == 1)
        #expect(walked.first === dot)
    }

    @Test func dotsAndNestedStrokesKeepTheirIdentity() {
        let root = Stroke()
        let dot = Dot(location: Point(x: 1, y: 1), color: .black, size: 1)
        let outer = Stroke(color: .black, size: 1)
        let inner = Stroke(color: .black, size: 1)
        inner.append(Point(x: 5, y: 5))
        outer.add(inner)
        outer.add(dot)
        root.add(outer)

        let walked = Array(root.enumerator())
        expectWalk(walked, [.vertex(Point(x: 5, y: 5)), .mark(inner), .mark(dot), .mark(outer), .mark(root)])
    }

    @Test func internalIteratorVisitsTheSameOrder() {
        let tree = Tree()
        var visited: [Mark] = []
        tree.root.enumerateMarks { mark, _ in visited.append(mark) }
        expectWalk(visited, tree.expected)
    }

    @Test(arguments: 1...7)
    func internalIteratorStopsWhenAsked(after visits: Int) {
        let tree = Tree()
        var visited: [Mark] = []
        tree.root.enumerateMarks { mark, stop in
            visited.append(mark)
            if visited.count == visits { stop = true }
        }
        #expect(visited.count == visits)
        expectWalk(visited, Array(tree.expected.prefix(visits)))
    }
}

/// The iterator on the real path: each kind of mark makes its own walk (`enumerator()` is a
/// requirement), and hit testing and the lasso see what that walk shows.
@Suite(.timeLimit(.minutes(1))) struct MarkEnumeratorOverrideTests {
    @Test func hitTestingSeesWhatAKindsOwnEnumeratorShows() {
        let scribble = Scribble()
        let beacon = Beacon(at: Point(x: 100, y: 100))
        scribble.add(beacon)

        // The ring (20 px wide) is only in the beacon's walk: it has no children.
        #expect(beacon.count == 0)
        #expect(scribble.topmostMark(at: Point(x: 108, y: 100), slop: 0)?.mark === beacon)
        #expect(scribble.topmostMark(at: Point(x: 112, y: 100), slop: 0) == nil)
        #expect(scribble.marks(touchedAlongSegmentFrom: Point(x: 90, y: 60), to: Point(x: 90, y: 140), radius: 1).count == 1)
    }

    @Test func aStrokeAsksEachChildForItsOwnWalk() {
        let group = Stroke()
        let beacon = Beacon(at: Point(x: 50, y: 50))
        group.add(beacon)
        group.isSealed = true

        let walked = Array(group.enumerator())
        #expect(walked.count == 3)
        #expect(walked[0] === beacon.ring && walked[1] === beacon && walked[2] === group)
        #expect(group.isHit(at: Point(x: 55, y: 50), radius: 0))

        let lasso = Lasso([Point(x: 30, y: 30), Point(x: 70, y: 30), Point(x: 70, y: 70), Point(x: 30, y: 70)])
        #expect(lasso.encloses(group))
        #expect(!Lasso([Point(x: 45, y: 45), Point(x: 55, y: 45), Point(x: 55, y: 55), Point(x: 45, y: 55)]).touches(group) == false)
    }

    @Test func skippingInlineVerticesMakesNoVertexAndKeepsTheOrder() {
        let root = Stroke()
        let line = Stroke(color: .black, size: 2)
        line.append(contentsOf: (0..<1000).map { Point(x: Float($0), y: 0) })
        let dot = Dot(location: Point(x: 3, y: 3), color: .black, size: 2)
        root.add(line)
        root.append(Point(x: 9, y: 9))
        root.add(dot)

        let parts = Array(root.enumerator().skippingInlineVertices())
        #expect(parts.count == 3)
        #expect(parts[0] === line && parts[1] === dot && parts[2] === root)
        #expect(Array(root.enumerator()).count == 1000 + 1 + 1 + 1 + 1)
    }

    @Test func aWalkIsLazyAndSeesTheChildrenOfAStrokeAsItWasEntered() {
        let root = Stroke()
        let first = Stroke(color: .black, size: 1)
        first.append(Point(x: 1, y: 1))
        root.add(first)
        var walk = root.enumerator()
        #expect(walk.next()?.location == Point(x: 1, y: 1)) // first's vertex: root and first entered
        root.add(Dot(location: .zero, color: .black, size: 1)) // after root was entered: not seen
        first.append(Point(x: 2, y: 2)) // after first was entered: not seen
        #expect(walk.next() === first)
        #expect(walk.next() === root)
        #expect(walk.next() == nil)
    }
}
