import Testing
@testable import ScribbleKit

/// The Builder on the real path: the file readers (and so journal replay) hand every mark to
/// the builder they are given, and the tools' and importer's marks come out as it builds them.
@Suite(.timeLimit(.minutes(1))) struct MarkBuilderTests {
    /// Counts the steps it is told, then builds as any builder does.
    final class CountingBuilder: MarkBuilder {
        var strokesBegun = 0, strokesEnded = 0, dots = 0

        override func addDot(at location: Point, color: Color, size: Float, time: UInt32? = nil) -> Dot {
            dots += 1
            return super.addDot(at: location, color: color, size: size, time: time)
        }
        override func beginStroke(color: Color?, size: Float, isLocked: Bool = false) -> Stroke {
            strokesBegun += 1
            return super.beginStroke(color: color, size: size, isLocked: isLocked)
        }
        override func endStroke(sealed: Bool = true) -> Stroke {
            strokesEnded += 1
            return super.endStroke(sealed: sealed)
        }
    }

    /// A drawing of two strokes, a dot and a group holding a stroke and a dot.
    private func drawing() -> Scribble {
        let scribble = Scribble()
        for y in [10, 20] {
            let stroke = Stroke(color: .black, size: 2)
            stroke.append(contentsOf: [Point(x: 0, y: Float(y)), Point(x: 30, y: Float(y))])
            scribble.add(stroke)
        }
        scribble.add(Dot(location: Point(x: 5, y: 5), color: .black, size: 3))
        let group = Stroke()
        let inner = Stroke(color: .white, size: 1)
        inner.append(contentsOf: [Point(x: 1, y: 1), Point(x: 2, y: 2)])
        group.add(inner)
        group.add(Dot(location: Point(x: 7, y: 7), color: .black, size: 3))
        scribble.add(group)
        return scribble
    }

    @Test(arguments: [1, 4])
    func theReadersBuildEveryMarkThroughTheirBuilder(version: Int) throws {
        let memento = drawing().makeMemento()
        let bytes = version == 1 ? ScribbleEncoderV1.encode(memento) : memento.data
        let builder = CountingBuilder()
        let read = try ScribbleFormat.decode(bytes, builder: builder)
        #expect(builder.strokesEnded == 5) // the root, two strokes, the group and its stroke
        #expect(builder.dots == 2)
        #expect(builder.strokesBegun == 5)
        #expect(builder.marks.count == 1 && builder.marks.first === Scribble.drawing(of: read))
        #expect(marksEqual(Scribble.drawing(of: read), Scribble.drawing(of: memento)))
    }

    @Test func aBuilderNestsSealsAndKeepsTheRootOpen() {
        let builder = MarkBuilder()
        let root = builder.beginStroke(color: nil, size: 1)
        builder.beginStroke(color: .black, size: 2)
        builder.addVertex(Point(x: 1, y: 1), pressure: 0.5)
        builder.addVertex(Point(x: 2, y: 2))
        let stroke = builder.endStroke()
        let dot = builder.addDot(at: Point(x: 3, y: 3), color: .black, size: 4, time: 12)
        #expect(builder.endStroke(sealed: false) === root)

        #expect(builder.marks.count == 1 && builder.marks[0] === root)
        #expect(root.count == 2 && root.child(at: 0) === stroke && root.child(at: 1) === dot)
        #expect(stroke.isSealed && !root.isSealed)
        #expect(stroke.pressures == [Stroke.level(0.5), Stroke.fullPressure])
        #expect(dot.time == 12)
    }

    @Test func theImportersMarksAreBuiltSealed() throws {
        let xml = """
            <?xml version="1.0"?><xournal><page width="200" height="400"><background type="solid" color="#ffffffff" style="ruled"/>\
            <layer><stroke tool="pen" color="#000000ff" width="2">1 1 20 20 30 10</stroke><stroke tool="pen" color="#000000ff" width="2">5 5</stroke></layer></page></xournal>
            """
        let reader = try Array(xml.utf8).withUnsafeBytes { file in
            Result { () throws(ImportFailure) in try XoppImporter.parse(file) }
        }.get()
        #expect(reader.marks.count == 2)
        #expect((reader.marks[0] as? Stroke)?.isSealed == true)
        #expect(reader.marks[1] is Dot)
        #expect(reader.backgrounds.count > 1) // the outline and the ruling
        reader.backgrounds.enumerateMarks { mark, _ in
            if let stroke = mark as? Stroke, stroke !== reader.backgrounds { #expect(stroke.isSealed) }
        }
    }
}
