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
