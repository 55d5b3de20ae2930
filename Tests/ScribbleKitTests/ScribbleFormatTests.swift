import Testing
@testable import ScribbleKit

/// The file format's exact layout (docs/FORMAT.md), its checksum and its compactness.
@Suite(.timeLimit(.minutes(1))) struct ScribbleFormatTests {
    @Test func layoutMatchesTheDocumentedFieldTable() {
        let scribble = Scribble()
        scribble.title = "Hi"
        let stroke = Stroke(color: Color(red: 1, green: 2, blue: 3, alpha: 4), size: 2)
        stroke.append(contentsOf: [Point(x: 1, y: 2), Point(x: 3, y: 4)])
        scribble.add(stroke)
        scribble.add(Dot(location: Point(x: 5, y: 6), color: Color(red: 255, green: 0, blue: 0, alpha: 128), size: 8))

        var expected: [UInt8] = [0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A, // magic
                                 0x01, 0x00, // version 1
                                 0x03, 0x00, // complete + has title
                                 0x02, 0x00, 0x00, 0x00, 0x48, 0x69, // title "Hi"
                                 0x3E, 0, 0, 0, 0, 0, 0, 0] // payload length 62
        expected += [0x03, 0x00, 0x00, 0x00, 0x80, 0x3F, 0x02, 0x00, 0x00, 0x00] // root: no colour, 1.0, 2 children
        expected += [0x03, 0x01, 0x01, 0x02, 0x03, 0x04, 0x00, 0x00, 0x00, 0x40, 0x02, 0x00, 0x00, 0x00] // stroke
        expected += [0x01, 0x02, 0x00, 0x00, 0x00, // run of 2 vertices
                     0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x40, 0x40, 0x00, 0x00, 0x80, 0x40]
        expected += [0x02, 0xFF, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x41, // dot: colour, size 8
                     0x00, 0x00, 0xA0, 0x40, 0x00, 0x00, 0xC0, 0x40] // at (5, 6)
        expected += CraftedFile.le(CraftedFile.checksum(expected))
        #expect(expected.count == 92) // as docs/FORMAT.md's example says

        #expect(scribble.makeMemento().data == expected)
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

    @Test func vertexRunsTakeEightBytesAVertex() {
        let scribble = Scribble()
        for index in 0..<100 {
            let stroke = Stroke(color: .black, size: 4)
            stroke.append(contentsOf: (0..<1000).map { Point(x: Float($0), y: Float(index)) })
            scribble.add(stroke)
        }
        let bytesPerVertex = Double(scribble.makeMemento().data.count) / 100_000
        #expect(bytesPerVertex <= 8.05)
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
