import Testing
@testable import ScribbleKit

/// The Composite's tree operations, leaf semantics, deep copy and bounds.
@Suite(.timeLimit(.minutes(1))) struct MarkTests {
    let red = Color(red: 255, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 255)

    @Test func addCountChildAndLastChild() throws {
        let stroke = Stroke(color: red, size: 2)
        #expect(stroke.count == 0)
        #expect(stroke.lastChild == nil)
        #expect(stroke.child(at: 0) == nil)

        stroke.add(Vertex(location: Point(x: 1, y: 2)))
        let dot = Dot(location: Point(x: 5, y: 5), color: blue, size: 3)
        stroke.add(dot)
        stroke.add(Vertex(location: Point(x: 7, y: 8)))

        #expect(stroke.count == 3)
        let first = try #require(stroke.child(at: 0))
        #expect(type(of: first) == Vertex.self)
        #expect(first.location == Point(x: 1, y: 2))
        #expect(stroke.child(at: 1) === dot)
        #expect(stroke.lastChild?.location == Point(x: 7, y: 8))
        #expect(stroke.child(at: 3) == nil)
        #expect(stroke.child(at: -1) == nil)
    }

    @Test func removeByIdentityAndVertexByLocation() {
        let stroke = Stroke(color: red, size: 2)
        let dot = Dot(location: Point(x: 5, y: 5), color: blue, size: 3)
        stroke.add(Vertex(location: Point(x: 1, y: 1)))
        stroke.add(dot)
        stroke.add(Vertex(location: Point(x: 2, y: 2)))

        stroke.remove(dot)
        #expect(stroke.count == 2)
        #expect(stroke.index(of: dot) == nil)

        stroke.remove(Vertex(location: Point(x: 1, y: 1)))
        #expect(stroke.count == 1)
        #expect(stroke.location == Point(x: 2, y: 2))
    }

    @Test func removingAMissingMarkDoesNothing() {
        let stroke = Stroke(color: red, size: 2)
        stroke.add(Vertex(location: Point(x: 1, y: 1)))
        stroke.add(Dot(location: Point(x: 5, y: 5), color: blue, size: 3))
        let boundsBefore = stroke.bounds

        stroke.remove(Dot(location: Point(x: 5, y: 5), color: blue, size: 3)) // equal values, other object
        stroke.remove(Vertex(location: Point(x: 9, y: 9)))
        stroke.remove(Stroke())

        #expect(stroke.count == 2)
        #expect(stroke.bounds == boundsBefore)
    }

    @Test func scribbleIgnoresRemovingItsRootOrAMissingMark() {
        let scribble = Scribble()
        let kept = Dot(location: Point(x: 5, y: 5), color: blue, size: 3)
        scribble.add(kept)
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        recorder.changes.removeAll()

        scribble.remove(scribble.root)
        scribble.remove(Dot(location: Point(x: 5, y: 5), color: blue, size: 3))

        #expect(scribble.marks.count == 1)
        #expect(scribble.marks.first === kept)
        #expect(recorder.changes.isEmpty)
    }

    @Test func strokeLocationIsItsFirstChilds() {
        let stroke = Stroke(color: red, size: 2)
        #expect(stroke.location == .zero)

        stroke.add(Vertex(location: Point(x: 3, y: 4)))
        stroke.add(Vertex(location: Point(x: 10, y: 10)))
        #expect(stroke.location == Point(x: 3, y: 4))

        stroke.location = Point(x: 20, y: 30)
        #expect(stroke.child(at: 0)?.location == Point(x: 20, y: 30))
        #expect(stroke.bounds == Rect(minX: 9, minY: 9, maxX: 21, maxY: 31))

        let parent = Stroke()
        let inner = Stroke(color: blue, size: 1)
        inner.add(Vertex(location: Point(x: 7, y: 8)))
        parent.add(inner)
        #expect(parent.location == Point(x: 7, y: 8))
    }

    @Test func vertexIsALocationOnly() {
        let vertex = Vertex(location: Point(x: 1, y: 2))
        vertex.color = red
        vertex.size = 12
        vertex.add(Dot(location: .zero, color: red, size: 1))

        #expect(vertex.color == nil)
        #expect(vertex.size == 0)
        #expect(vertex.count == 0)
        #expect(vertex.lastChild == nil)
        #expect(vertex.child(at: 0) == nil)
        #expect(vertex.bounds == Rect(minX: 1, minY: 2, maxX: 1, maxY: 2))
    }

    @Test func dotAlwaysHasAColourAndSize() {
        let dot = Dot(location: Point(x: 50, y: 40), color: red, size: 10)
        dot.color = nil
        #expect(dot.color == red)

        dot.color = blue
        dot.size = 6
        #expect(dot.color == blue)
        #expect(dot.size == 6)
        #expect(dot.count == 0)
        #expect(dot.bounds == Rect(minX: 47, minY: 37, maxX: 53, maxY: 43))
    }

    @Test func strokeBoundsIncludeHalfTheWidth() {
        let stroke = Stroke(color: red, size: 4)
        #expect(stroke.bounds.isNull)

        stroke.add(Vertex(location: Point(x: 10, y: 10)))
        stroke.add(Vertex(location: Point(x: 30, y: 20)))
        #expect(stroke.bounds == Rect(minX: 8, minY: 8, maxX: 32, maxY: 22))

        stroke.remove(Vertex(location: Point(x: 30, y: 20)))
        #expect(stroke.bounds == Rect(minX: 8, minY: 8, maxX: 12, maxY: 12))
    }

    @Test func boundsOfAStrokeOfMarksJoinsTheChildren() {
        let root = Stroke()
        let stroke = Stroke(color: red, size: 2)
        stroke.add(Vertex(location: Point(x: 10, y: 10)))
        stroke.add(Vertex(location: Point(x: 20, y: 10)))
        root.add(stroke)
        root.add(Dot(location: Point(x: 100, y: 50), color: blue, size: 8))

        #expect(root.bounds == Rect(minX: 9, minY: 9, maxX: 104, maxY: 54))
        root.insert(Dot(location: Point(x: 0, y: 0), color: blue, size: 2), at: 0)
        #expect(root.bounds == Rect(minX: -1, minY: -1, maxX: 104, maxY: 54))
    }

    @Test func deepCopyKeepsClassesAndValues() throws {
        let original = sampleTree()
        let copy = try #require(original.copy() as? Stroke)

        #expect(copy !== original)
        #expect(copy.color == original.color)
        #expect(copy.size == original.size)
        #expect(copy.count == original.count)
        #expect(copy.bounds == original.bounds)

        #expect(type(of: try #require(copy.child(at: 0))) == Vertex.self)
        let dot = try #require(copy.child(at: 1) as? Dot)
        #expect(dot !== original.child(at: 1))
        #expect(dot.color == blue)
        #expect(dot.size == 6)
        let nested = try #require(copy.child(at: 2) as? Stroke)
        #expect(nested !== original.child(at: 2))
        #expect(nested.count == 2)
        #expect(nested.child(at: 1)?.location == Point(x: 40, y: 45))
        #expect(nested.color == red)
    }

    @Test func deepCopySharesNothing() throws {
        let original = sampleTree()
        let originalBounds = original.bounds
        let copy = try #require(original.copy() as? Stroke)

        copy.color = red
        copy.size = 30
        copy.location = Point(x: 99, y: 99)
        copy.add(Vertex(location: Point(x: 200, y: 200)))
        let copiedDot = try #require(copy.child(at: 1) as? Dot)
        copiedDot.color = red
        copiedDot.size = 60
        copiedDot.location = Point(x: 0, y: 0)
        let copiedNested = try #require(copy.child(at: 2) as? Stroke)
        copiedNested.append(Point(x: 300, y: 300))
        copiedNested.color = blue

        #expect(original.color == Color.black)
        #expect(original.size == 2)
        #expect(original.count == 3)
        #expect(original.location == Point(x: 1, y: 1))
        #expect(original.bounds == originalBounds)
        let originalDot = try #require(original.child(at: 1) as? Dot)
        #expect(originalDot.color == blue)
        #expect(originalDot.size == 6)
        #expect(originalDot.location == Point(x: 20, y: 20))
        let originalNested = try #require(original.child(at: 2) as? Stroke)
        #expect(originalNested.count == 2)
        #expect(originalNested.color == red)
        #expect(originalNested.lastChild?.location == Point(x: 40, y: 45))
    }

    /// A stroke holding a vertex, a dot and a nested stroke of two vertices.
    private func sampleTree() -> Stroke {
        let root = Stroke(color: .black, size: 2)
        root.add(Vertex(location: Point(x: 1, y: 1)))
        root.add(Dot(location: Point(x: 20, y: 20), color: blue, size: 6))
        let nested = Stroke(color: red, size: 4)
        nested.append(Point(x: 30, y: 35))
        nested.append(Point(x: 40, y: 45))
        root.add(nested)
        return root
    }
}
