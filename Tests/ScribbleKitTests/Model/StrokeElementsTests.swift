import Testing
@testable import ScribbleKit

/// A stroke's children in their compact storage (issue 35): a stroke of plain vertices keeps
/// 8 bytes a vertex, and every change moves the children between the inline child, the
/// points and the elements without losing or reordering one.
@Suite(.timeLimit(.minutes(1))) struct StrokeElementsTests {
    let red = Color(red: 255, green: 0, blue: 0)

    /// The children as plain values: a vertex's point, or the mark's identity.
    private func children(_ stroke: Stroke) -> [String] {
        stroke.elements.map {
            switch $0 {
            case .vertex(let point): "v\(point.x),\(point.y)"
            case .mark(let mark): "m\(ObjectIdentifier(mark).hashValue)"
            }
        }
    }

    /// The same children read through `withUnsafeBufferPointer`, as the hot loops read them.
    private func bufferedChildren(_ stroke: Stroke) -> [String] {
        stroke.elements.withUnsafeBufferPointer { buffer in
            buffer.indices.map {
                switch buffer[$0] {
                case .vertex(let point): "v\(point.x),\(point.y)"
                case .mark(let mark): "m\(ObjectIdentifier(mark).hashValue)"
                }
            }
        }
    }

    @Test func storageStaysAsSmallAsAStrokeNeeds() throws {
        // The stroke's field: a `Stroke.Element` and a tag byte, which the stroke's layout has
        // room for, so a stroke stays one 72-byte object, which malloc holds in 80 bytes (a
        // million taps are a million strokes).
        #expect(MemoryLayout<StrokeElements>.size <= MemoryLayout<Stroke.Element>.size + 1)
        let tap = Stroke(color: red, size: 3)
        tap.append(Point(x: 1, y: 2))
        #expect(instanceSize(of: TwoWords.self) == 32) // the header's 16 bytes and two words: the measure holds
        #expect((17...72).contains(instanceSize(of: type(of: tap))))
        #expect(tap.elements.isInline)
        // A tick of two vertices too, drawn or read.
        tap.append(Point(x: 3, y: 4))
        #expect(tap.elements.isInline && tap.count == 2)
        #expect(bufferedChildren(tap) == ["v1.0,2.0", "v3.0,4.0"])
        let scribble = Scribble()
        scribble.add(tap)
        let read = try #require(Scribble.drawing(of: try ScribbleMemento(data: scribble.makeMemento().data)).child(at: 0) as? Stroke)
        #expect(read.elements.isInline && children(read) == children(tap))
        #expect((read.translated(dx: 1, dy: 0) as? Stroke)?.elements.isInline == true)
        tap.append(Point(x: 5, y: 6))
        #expect(!tap.elements.isInline && children(tap) == ["v1.0,2.0", "v3.0,4.0", "v5.0,6.0"])
        tap.remove(Vertex(location: Point(x: 1, y: 2)))
        #expect(children(tap) == ["v3.0,4.0", "v5.0,6.0"])
        #expect(tap.bounds == Rect(minX: 3, minY: 4, maxX: 5, maxY: 6).outset(by: 1.5))
    }

    @Test func aStrokeOfVerticesKeepsOnlyItsPoints() throws {
        // 8 bytes a vertex: the points themselves, not 16-byte elements with room for a mark
        // (`make bench`'s memory_bytes_per_vertex measures the whole model).
        #expect(MemoryLayout<Point>.stride == 8)
        let count = 200_000
        let stroke = Stroke(color: red, size: 2)
        stroke.reserveCapacity(count)
        stroke.append(contentsOf: (0..<count).lazy.map { Point(x: Float($0 % 1000), y: Float($0 / 1000)) })
        #expect(stroke.elements.holdsOnlyVertices)
        #expect(stroke.count == count)
        #expect(stroke.bounds == Rect(minX: 0, minY: 0, maxX: 999, maxY: 199).outset(by: 1))
        // So do the strokes a file is read into, and their copies.
        let scribble = Scribble()
        scribble.add(stroke)
        let read = Scribble.drawing(of: try ScribbleMemento(data: scribble.makeMemento().data))
        let readStroke = try #require(read.child(at: 0) as? Stroke)
        #expect(readStroke.elements.holdsOnlyVertices && readStroke.count == count)
        #expect((readStroke.copy() as? Stroke)?.elements.holdsOnlyVertices == true)
        #expect((readStroke.translated(dx: 1, dy: 1) as? Stroke)?.elements.holdsOnlyVertices == true)
    }

    @Test func changesKeepEveryChildInOrder() throws {
        let stroke = Stroke(color: red, size: 2)
        stroke.append(Point(x: 0, y: 0)) // inline
        #expect(children(stroke) == ["v0.0,0.0"])
        stroke.append(Point(x: 1, y: 1)) // points
        stroke.append(Point(x: 2, y: 2))
        let dot = Dot(location: Point(x: 5, y: 5), color: red, size: 3)
        stroke.insert(dot, at: 1) // elements
        let dotID = "m\(ObjectIdentifier(dot).hashValue)"
        #expect(children(stroke) == ["v0.0,0.0", dotID, "v1.0,1.0", "v2.0,2.0"])
        #expect(bufferedChildren(stroke) == children(stroke))
        stroke.remove(dot) // back to points
        #expect(children(stroke) == ["v0.0,0.0", "v1.0,1.0", "v2.0,2.0"])
        #expect(bufferedChildren(stroke) == children(stroke))
        #expect(stroke.elements.holdsOnlyVertices)
        stroke.insert(Vertex(location: Point(x: 9, y: 9)), at: 0)
        stroke.replaceChildren(in: 1..<3, with: [Vertex(location: Point(x: 7, y: 7))])
        #expect(children(stroke) == ["v9.0,9.0", "v7.0,7.0", "v2.0,2.0"])
        #expect(stroke.bounds == Rect(minX: 2, minY: 2, maxX: 9, maxY: 9).outset(by: 1))
        stroke.replaceChildren(in: 0..<1, with: [dot])
        #expect(children(stroke) == [dotID, "v7.0,7.0", "v2.0,2.0"])
        #expect(!stroke.elements.holdsOnlyVertices)
        stroke.location = Point(x: 6, y: 6) // moves the dot
        #expect(dot.location == Point(x: 6, y: 6))
        while stroke.count > 1 { stroke.replaceChildren(in: 0..<1, with: []) }
        #expect(children(stroke) == ["v2.0,2.0"])
        stroke.removeAll()
        #expect(stroke.count == 0)
        #expect(stroke.bounds.isNull)
    }

    @Test func aWalkMeetsTheChildrenTheSubscriptReads() {
        // Every storage: none, one, two inline vertices, points, marks among vertices.
        let stroke = Stroke(color: red, size: 2)
        let dot = Dot(location: Point(x: 5, y: 5), color: red, size: 3)
        for step in 0..<5 {
            switch step {
            case 1, 2, 3: stroke.append(Point(x: Float(step), y: 0))
            case 4: stroke.add(dot)
            default: break
            }
            var walked: [String] = []
            for element in stroke.elements {
                switch element {
                case .vertex(let point): walked.append("v\(point.x),\(point.y)")
                case .mark(let mark): walked.append("m\(ObjectIdentifier(mark).hashValue)")
                }
            }
            let read = stroke.elements.indices.map { index -> String in
                switch stroke.elements[index] {
                case .vertex(let point): "v\(point.x),\(point.y)"
                case .mark(let mark): "m\(ObjectIdentifier(mark).hashValue)"
                }
            }
            #expect(walked == read && walked.count == stroke.count)
        }
    }

    @Test func aBufferSliceReadsTheChildrenItCovers() {
        let stroke = Stroke(color: red, size: 2)
        stroke.append(contentsOf: (0..<10).map { Point(x: Float($0), y: 0) })
        let slice = stroke.elements.withUnsafeBufferPointer { buffer in
            buffer.rebasing(3..<6).map { element -> Float in if case .vertex(let point) = element { point.x } else { -1 } }
        }
        #expect(slice == [3, 4, 5])
    }

    @Test func aCopySharesNoChildrenWithItsOriginal() throws {
        let stroke = Stroke(color: red, size: 2)
        stroke.append(contentsOf: [Point(x: 1, y: 1), Point(x: 2, y: 2)])
        let copy = try #require(stroke.copy() as? Stroke)
        stroke.append(Point(x: 3, y: 3))
        stroke.location = Point(x: 0, y: 0)
        #expect(children(copy) == ["v1.0,1.0", "v2.0,2.0"])
    }
}

/// A class of a known size, to check `instanceSize(of:)` by.
private final class TwoWords {
    var first = 0
    var second = 0
}
