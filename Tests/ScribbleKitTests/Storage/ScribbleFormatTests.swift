import Foundation
import Testing
@testable import ScribbleKit

/// The file format's exact layout (docs/FORMAT.md), its checksum and its compactness, for
/// version 1 (which the app still opens) and version 2 (which it writes).
@Suite(.timeLimit(.minutes(1))) struct ScribbleFormatTests {
    /// The scribble of docs/FORMAT.md's examples: titled "Hi", a stroke and a dot.
    private func exampleScribble() -> Scribble {
        let scribble = Scribble()
        scribble.title = "Hi"
        let stroke = Stroke(color: Color(red: 1, green: 2, blue: 3, alpha: 4), size: 2)
        stroke.append(contentsOf: [Point(x: 1, y: 2), Point(x: 3, y: 4)])
        scribble.add(stroke)
        scribble.add(Dot(location: Point(x: 5, y: 6), color: Color(red: 255, green: 0, blue: 0, alpha: 128), size: 8))
        return scribble
    }

    @Test func version1LayoutMatchesTheDocumentedFieldTableAndStillOpens() throws {
        let scribble = exampleScribble()
        var expected: [UInt8] = [
            0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A, // magic
            0x01, 0x00, // version 1
            0x03, 0x00, // complete + has title
            0x02, 0x00, 0x00, 0x00, 0x48, 0x69, // title "Hi"
            0x3E, 0, 0, 0, 0, 0, 0, 0,
        ] // payload length 62
        expected += [0x03, 0x00, 0x00, 0x00, 0x80, 0x3F, 0x02, 0x00, 0x00, 0x00] // root: no colour, 1.0, 2 children
        expected += [0x03, 0x01, 0x01, 0x02, 0x03, 0x04, 0x00, 0x00, 0x00, 0x40, 0x02, 0x00, 0x00, 0x00] // stroke
        expected += [
            0x01, 0x02, 0x00, 0x00, 0x00, // run of 2 vertices
            0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x40, 0x40, 0x00, 0x00, 0x80, 0x40,
        ]
        expected += [
            0x02, 0xFF, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x41, // dot: colour, size 8
            0x00, 0x00, 0xA0, 0x40, 0x00, 0x00, 0xC0, 0x40,
        ] // at (5, 6)
        expected += CraftedFile.le(CraftedFile.checksum(expected))
        #expect(expected.count == 92) // as docs/FORMAT.md's example says

        #expect(ScribbleEncoderV1.encode(scribble.makeMemento()) == expected)
        let opened = try ScribbleMemento(data: expected)
        #expect(marksEqual(Scribble.drawing(of: opened), scribble.root) && opened.title == "Hi" && opened.isComplete)
        // Saved again, it is a version 2 file of the same drawing.
        #expect(opened.data == scribble.makeMemento().data)
        #expect(opened.data[8] == 2)
    }

    @Test func version2LayoutMatchesTheDocumentedFieldTable() {
        var expected: [UInt8] = [
            0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A, // magic
            0x02, 0x00, // version 2
            0x03, 0x00, // complete + has title
            0x02, 0x00, 0x00, 0x00, 0x48, 0x69, // title "Hi"
            0x29, 0, 0, 0, 0, 0, 0, 0,
        ] // payload length 41
        expected += [0x03, 0x00, 0x00, 0x00, 0x80, 0x3F, 0x02] // root: no colour, 1.0, 2 children (varint)
        expected += [0x03, 0x01, 0x01, 0x02, 0x03, 0x04, 0x00, 0x00, 0x00, 0x40, 0x02] // stroke: colour, 2.0, 2 children
        expected += [
            0x01, 0x02, // run of 2 vertices
            0x80, 0x04, 0x80, 0x08, // (1, 2): grid numbers 256, 512 → zigzag 512, 1024
            0x80, 0x08, 0x80, 0x08,
        ] // (3, 4): steps of 512, 512 → zigzag 1024, 1024
        expected += [
            0x02, 0xFF, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x41, // dot: colour, size 8
            0x80, 0x14, 0x80, 0x18,
        ] // at (5, 6): grid numbers 1280, 1536 → zigzag 2560, 3072
        expected += CraftedFile.le(CraftedFile.checksum(expected))
        #expect(expected.count == 71) // as docs/FORMAT.md's example says

        #expect(exampleScribble().makeMemento().data == expected)
    }

    @Test func version2PressureIsAByteAVertexAfterItsRun() throws {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 0, y: 0), pressure: 0)
        stroke.append(Point(x: -0.5, y: 1), pressure: 0.5)
        stroke.append(Point(x: 0, y: 1), pressure: 1)
        scribble.add(stroke)
        let data = scribble.makeMemento().data
        var payload: [UInt8] = [0x03, 0x00, 0x00, 0x00, 0x80, 0x3F, 0x01] // root, 1 child
        payload += [0x03, 0x03, 0x00, 0x00, 0x00, 0xFF, 0x00, 0x00, 0x80, 0x40, 0x03] // colour + pressure, 4.0, 3 children
        payload += [
            0x01, 0x03, 0x00, 0x00, // run of 3: (0, 0)
            0xFF, 0x01, 0x80, 0x04, // step (−128, 256) → zigzag 255, 512
            0x80, 0x02, 0x00, // step (128, 0) → zigzag 256, 0
            0x00, 0x80, 0xFF,
        ] // pressures 0, 0.5 (127.5 → 128), 1
        #expect(Array(data[24..<(data.count - 4)]) == payload)
        let restored = try ScribbleMemento(data: data)
        let read = try #require(Scribble.drawing(of: restored).lastChild as? Stroke)
        #expect(read.pressures == [0, 128, 255])
        #expect(restored.data == data)
    }

    @Test func checksumIsTheStandardCRC32() {
        let check = Array("123456789".utf8)
        #expect(check.withUnsafeBytes { CRC32.checksum($0) } == 0xCBF4_3926)
        var state = SplitMix64(seed: 7)
        for length in [0, 1, 7, 8, 9, 63, 64, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &state) }
            #expect(bytes.withUnsafeBytes { CRC32.checksum($0) } == CraftedFile.checksum(bytes))
        }
    }

    @Test func version1VertexRunsTakeEightBytesAVertex() {
        let scribble = Scribble()
        for index in 0..<100 {
            let stroke = Stroke(color: .black, size: 4)
            stroke.append(contentsOf: (0..<1000).map { Point(x: Float($0), y: Float(index)) })
            scribble.add(stroke)
        }
        let bytesPerVertex = Double(ScribbleEncoderV1.encode(scribble.makeMemento()).count) / 100_000
        #expect(bytesPerVertex <= 8.05)
    }

    @Test func version2HandDrawnStrokesWithPressureTakeAtMostFiveBytesAVertex() {
        // Steps of 3 px in random directions (the benchmark's big scribble): about 2 bytes a
        // coordinate, 1 a pressure.
        var rng = SplitMix64(seed: 17)
        let scribble = Scribble()
        for _ in 0..<100 {
            let stroke = Stroke(color: .black, size: 4)
            var point = Point(x: .random(in: 0...1000, using: &rng), y: .random(in: 0...700, using: &rng))
            for index in 0..<1000 {
                let angle = Float.random(in: 0..<(2 * .pi), using: &rng)
                point = Point(x: point.x + 3 * cos(angle), y: point.y + 3 * sin(angle))
                // whole 255ths, which the file stores exactly, so the round trip below is exact
                stroke.append(point, pressure: (127 + 100 * sin(Float(index) / 40)).rounded() / 255)
            }
            scribble.add(stroke)
        }
        let data = scribble.makeMemento().data
        #expect(Double(data.count) / 100_000 <= 5)
        #expect((try? ScribbleMemento(data: data)).map { marksEqual(Scribble.drawing(of: $0), scribble.root) } == true)
    }

    @Test func titleIsReadFromTheHeaderAlone() throws {
        let scribble = Scribble()
        scribble.title = "Header only"
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(contentsOf: (0..<5000).map { Point(x: Float($0), y: 0) })
        scribble.add(stroke)
        let prefix = Array(scribble.makeMemento().data.prefix(ScribbleFormat.headerPrefixLength))
        #expect(try ScribbleFormat.title(inPrefix: prefix) == "Header only")
        #expect(throws: ScribbleFormatError.truncated) { try ScribbleMemento(data: prefix) }
    }

    @Test func everyErrorExplainsItselfToTheUser() {
        #expect(ScribbleFormatError.notAScribble.description.contains("not a TouchPainter scribble"))
        #expect(ScribbleFormatError.newerVersion(7).description.contains("version 7"))
        #expect(ScribbleFormatError.truncated.description.contains("incomplete"))
        #expect(ScribbleFormatError.corrupt("its checksum does not match").description.contains("checksum"))
    }
}
