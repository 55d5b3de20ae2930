import Testing
@testable import ScribbleKit

/// A sealed group keeps its children's bounds (`Stroke.box`) instead of walking them: the
/// kept box must always be what a walk gives, through sealing, copies, moves, restyles and
/// the changes a sealed stroke may still take in place.
@Suite(.timeLimit(.minutes(1))) struct GroupBoundsTests {
    /// The bounds worked out from first principles, walking every child.
    func walked(_ mark: Mark) -> Rect {
        guard let stroke = mark as? Stroke else { return mark.bounds }
        var vertices = Rect.null
        var children = Rect.null
        for element in stroke.elements {
            switch element {
            case .vertex(let point): vertices = vertices.union(point)
            case .mark(let child): children = children.union(walked(child))
            }
        }
        return vertices.outset(by: stroke.size / 2).union(children)
    }

    /// Every stroke in `mark`, outermost first.
    func strokes(in mark: Mark) -> [Stroke] {
        guard let stroke = mark as? Stroke else { return [] }
        return [stroke]
            + stroke.elements.flatMap { element -> [Stroke] in
                if case .mark(let child) = element { strokes(in: child) } else { [] }
            }
    }

    func expectTrue(_ mark: Mark, _ comment: Comment) {
        for stroke in strokes(in: mark) { #expect(stroke.bounds == walked(stroke), comment) }
    }

    /// A random tree: plain strokes, dots, nested groups (some with vertices of their own too).
    func tree(_ random: inout SplitMix64, depth: Int = 0) -> Stroke {
        let group = Stroke(color: Color(red: 0, green: 0, blue: 0), size: Float(random.next() % 20 + 1))
        for _ in 0..<(random.next() % 6 + 1) {
            func coordinate() -> Float { Float(Int(random.next() % 2000)) - 1000 }
            switch random.next() % 5 {
            case 0 where depth < 3: group.add(tree(&random, depth: depth + 1))
            case 1:
                group.add(
                    Dot(
                        location: Point(x: coordinate(), y: coordinate()), color: Color(red: 1, green: 2, blue: 3),
                        size: Float(random.next() % 30 + 1)))
            case 2 where depth > 0 && random.next() % 4 == 0: group.append(Point(x: coordinate(), y: coordinate()))
            default:
                let stroke = Stroke(color: Color(red: 9, green: 9, blue: 9), size: Float(random.next() % 40 + 1))
                for _ in 0..<(random.next() % 5 + 1) { stroke.append(Point(x: coordinate(), y: coordinate())) }
                stroke.isSealed = true
                group.add(stroke)
            }
        }
        return group
    }

    @Test func aSealedGroupsBoundsAreTheWalkedBoundsThroughEveryEdit() {
        var random = SplitMix64(seed: 7)
        for round in 0..<300 {
            let group = tree(&random)
            for stroke in strokes(in: group).reversed() { stroke.isSealed = true } // as a reader does: innermost first
            expectTrue(group, "sealed, round \(round)")

            let moved = group.translated(dx: Float(random.next() % 500) - 250, dy: 1_000_000)
            expectTrue(moved, "moved against the limits, round \(round)")

            let widened = group.restyled(color: nil, size: Float(random.next() % 200 + 1))
            expectTrue(widened, "restyled, round \(round)")
            expectTrue(group, "the original, after its restyled copy, round \(round)")

            let copy = group.copy() as! Stroke
            copy.location = Point(x: -40, y: 77)
            expectTrue(copy, "first child moved, round \(round)")
            copy.add(Dot(location: Point(x: 3000, y: -3000), color: Color(red: 1, green: 2, blue: 3), size: 4))
            expectTrue(copy, "a mark added, round \(round)")
            copy.insert(Stroke(color: nil, size: 2), at: 0)
            expectTrue(copy, "an empty stroke inserted, round \(round)")
            copy.append(Point(x: 5000, y: 5000)) // no longer all marks: the box is the vertices' again
            expectTrue(copy, "a vertex appended, round \(round)")
            copy.replaceChildren(in: 0..<min(2, copy.count), with: [Dot(location: .zero, color: Color(red: 1, green: 2, blue: 3), size: 1)])
            expectTrue(copy, "children replaced, round \(round)")
            if let last = copy.lastChild { copy.remove(last) }
            expectTrue(copy, "the last child removed, round \(round)")
            copy.removeAll()
            #expect(copy.bounds.isNull)
        }
    }

    @Test func anUnsealedGroupIsWalkedSoAGrowingChildShows() {
        let root = Stroke()
        let live = Stroke(color: nil, size: 2)
        live.append(Point(x: 0, y: 0))
        root.add(live)
        #expect(root.bounds == Rect(minX: -1, minY: -1, maxX: 1, maxY: 1))
        live.append(Point(x: 100, y: 50))
        #expect(root.bounds == Rect(minX: -1, minY: -1, maxX: 101, maxY: 51))
    }
}
