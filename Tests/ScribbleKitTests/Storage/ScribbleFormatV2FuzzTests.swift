import PropertyBased
import Testing
@testable import ScribbleKit

/// Hostile input in format version 2: every malformed file gets the right
/// `ScribbleFormatError` — never a crash, a hang or an allocation for data that is not there —
/// and whatever the reader accepts is the one spelling of its drawing, so it re-encodes to the
/// very same bytes.
@Suite(.timeLimit(.minutes(1))) struct ScribbleFormatV2FuzzTests {
    /// A small valid file using every node kind, pressure, a nested stroke, an empty stroke,
    /// a title and far, negative and fractional locations.
    private func sampleFile() -> [UInt8] {
        let scribble = Scribble()
        scribble.title = "Fuzz v2"
        let stroke = Stroke(color: Color(red: 9, green: 8, blue: 7, alpha: 6), size: 3)
        stroke.append(Point(x: 1, y: 1), pressure: 0.25)
        stroke.append(Point(x: -2.5, y: 3.75), pressure: 1)
        stroke.add(Dot(location: Point(x: 4, y: -400_000), color: .black, size: 2))
        let nested = Stroke(color: nil, size: 1)
        nested.append(Point(x: 5, y: 5))
        stroke.add(nested)
        stroke.append(Point(x: 999_999.5, y: 6), pressure: 0)
        scribble.add(stroke)
        scribble.add(Stroke(color: .black, size: 4)) // empty
        scribble.add(Dot(location: Point(x: 7, y: 7), color: .white, size: 9))
        return scribble.makeMemento().data
    }

    /// The smallest valid payload: an empty root stroke.
    private let emptyRoot = CraftedFile.strokeHeadV2(children: 0)

    /// A file whose root holds `child` alone.
    private func file(_ child: [UInt8]) -> [UInt8] {
        CraftedFile.makeV2(payload: CraftedFile.strokeHeadV2(children: 1) + child)
    }

    /// A file whose root holds one stroke of `children` children, made of `nodes`.
    private func file(stroke children: UInt64, pressure: Bool = false, _ nodes: [UInt8]) -> [UInt8] {
        file(CraftedFile.strokeHeadV2(color: .black, pressure: pressure, children: children) + nodes)
    }

    @Test func sampleFileDecodesAndReencodesToItsOwnBytes() throws {
        let bytes = sampleFile()
        #expect(bytes[8] == 2)
        let memento = try ScribbleMemento(data: bytes)
        #expect(Scribble.drawing(of: memento).count == 3 && memento.title == "Fuzz v2")
        #expect(memento.data == bytes)
        #expect(decodingError(CraftedFile.makeV2(payload: emptyRoot)) == nil)
    }

    @Test func everyTruncationIsReportedAsTruncated() {
        expectEveryPrefixIsTruncated(sampleFile())
    }

    @Test func everySingleBitFlipIsDetected() {
        expectEveryBitFlipIsDetected(sampleFile())
    }

    @Test func randomBytesAreRejected() async {
        await propertyCheck(count: 500, input: Gen.uint8().array(of: 0...400)) { bytes in
            #expect(decodingError(ScribbleFormat.magic + [2, 0] + bytes) != nil)
        }
    }

    @Test func randomPayloadsWithAValidChecksumDecodeToTheirOwnBytesOrAreRefused() async {
        // The checksum is right, so these reach the node parser itself. Small numbers are
        // favoured so that many payloads get deep into it.
        let byte = Gen.oneOf(Gen.uint8(), Gen.uint8(in: 0...4), Gen.uint8(in: 0...4))
        await propertyCheck(count: 3000, input: byte.array(of: 0...200)) { bytes in
            let file = CraftedFile.makeV2(payload: [3] + bytes)
            do {
                let memento = try ScribbleMemento(data: file)
                #expect(memento.isComplete)
                #expect(memento.data == file, "an accepted payload is not the encoder's own spelling")
            } catch {
                // `init(data:)` throws only `ScribbleFormatError`: refused cleanly.
            }
        }
    }

    @Test func mutatedFilesWithAValidChecksumDecodeToTheirOwnBytesOrAreRefused() async {
        let file = sampleFile()
        await propertyCheck(count: 3000, input: Gen.int(in: 0...(file.count - 5)), Gen.uint8()) { index, value in
            var mutated = file
            mutated[index] = value
            let sealed = CraftedFile.resealed(mutated)
            guard let memento = try? ScribbleMemento(data: sealed) else {
                #expect(mutated != file, "the unchanged file must decode")
                return
            }
            #expect(memento.data == sealed, "byte \(index) := \(value) decoded to a tree that re-encodes differently")
        }
    }

    @Test func mutatedPayloadBytesAtEveryPlaceAndValueNeverCrash() {
        // Exhaustive over the payload: each byte set to each of a few telling values.
        let file = sampleFile()
        let payloadStart = 24 + Int(file[12])
        for index in payloadStart..<(file.count - 4) {
            for value: UInt8 in [0, 1, 2, 3, 0x7F, 0x80, 0xFF] {
                var mutated = file
                mutated[index] = value
                let sealed = CraftedFile.resealed(mutated)
                if let memento = try? ScribbleMemento(data: sealed) {
                    #expect(memento.data == sealed, "byte \(index) := \(value)")
                }
            }
        }
    }

    @Test func countsBeyondTheBytesLeftAreCorrupt() {
        #expect(
            decodingError(file(stroke: 1, CraftedFile.runV2([(1, 1)], declaring: .max)))
                == .corrupt("a run of vertices has the wrong length"))
        #expect(
            decodingError(CraftedFile.makeV2(payload: CraftedFile.strokeHeadV2(children: .max) + CraftedFile.runV2([(1, 1)])))
                == .corrupt("a stroke declares more children than the file holds"))
        #expect(
            decodingError(file(CraftedFile.strokeHeadV2(children: 1_000_000_000)))
                == .corrupt("a stroke declares more children than the file holds"))
        // A run that claims more vertices than the bytes left could hold, within its stroke's count.
        #expect(
            decodingError(file(stroke: 12, CraftedFile.runV2([(1, 1)], declaring: 12) + Array(repeating: 0, count: 20)))
                == .corrupt("a node runs past the end of the drawing"))
        #expect(
            decodingError(file(stroke: 5, pressure: true, CraftedFile.runV2([(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)], pressures: [1, 2])))
                == .corrupt("a node runs past the end of the drawing"))
    }

    @Test func varintsMustBeShortestAndAtMostTenBytes() {
        let root: [UInt8] = [3, 0] + CraftedFile.le(Float(1).bitPattern)
        // 0 spelled in two bytes, 1 in three
        #expect(decodingError(CraftedFile.makeV2(payload: root + [0x80, 0x00])) == .corrupt("a number is not in its shortest form"))
        #expect(
            decodingError(CraftedFile.makeV2(payload: root + [0x81, 0x80, 0x00]))
                == .corrupt("a number is not in its shortest form"))
        // eleven bytes, and ten whose last holds more than the 64th bit
        #expect(
            decodingError(CraftedFile.makeV2(payload: root + Array(repeating: 0xFF, count: 10) + [0x01]))
                == .corrupt("a number is too large"))
        #expect(
            decodingError(CraftedFile.makeV2(payload: root + Array(repeating: 0xFF, count: 9) + [0x02]))
                == .corrupt("a number is too large"))
        // 2⁶⁴ − 1 is a well-formed varint, but far too many children
        #expect(
            decodingError(CraftedFile.makeV2(payload: root + Array(repeating: 0xFF, count: 9) + [0x01]))
                == .corrupt("a stroke declares more children than the file holds"))
        // a varint cut off by the end of the payload
        #expect(decodingError(CraftedFile.makeV2(payload: root + [0x80])) == .corrupt("a node runs past the end of the drawing"))
    }

    @Test func locationsMustLieWithinTheLimitsAndOnTheGrid() {
        let limit = ScribbleFormat.maximumGridNumber // 1,000,000 px
        #expect(decodingError(file(stroke: 2, CraftedFile.runV2([(-limit, limit), (limit, -limit)]))) == nil)
        #expect(
            decodingError(file(stroke: 1, CraftedFile.runV2([(limit + 1, 0)])))
                == .corrupt("a location is too far from the canvas"))
        // a step that takes an in-range vertex out of range
        #expect(
            decodingError(file(stroke: 2, CraftedFile.runV2([(limit, 0), (limit + 256, 0)])))
                == .corrupt("a location is too far from the canvas"))
        let hugeStep =
            [1] + CraftedFile.varint(2) + CraftedFile.zigzag(0) + CraftedFile.zigzag(0)
            + CraftedFile.zigzag(.max) + CraftedFile.zigzag(0)
        #expect(decodingError(file(stroke: 2, hugeStep)) == .corrupt("a location is too far from the canvas"))
        #expect(decodingError(file(CraftedFile.dotV2(at: (0, -limit - 1)))) == .corrupt("a location is too far from the canvas"))
        #expect(decodingError(file(CraftedFile.dotV2(at: (.min, 0)))) == .corrupt("a location is too far from the canvas"))
        // Beyond 2²⁴ grid steps (65,536 px) a Float holds only even numbers, then multiples
        // of 4…: an odd one there is no drawing's location.
        #expect(decodingError(file(stroke: 1, CraftedFile.runV2([(1 << 24 + 2, 0)]))) == nil)
        #expect(decodingError(file(stroke: 1, CraftedFile.runV2([(1 << 24 + 1, 0)]))) == .corrupt("a location is not on the grid"))
        #expect(
            decodingError(file(CraftedFile.dotV2(at: (0, -(1 << 26) - 2))))
                == .corrupt("a location is not on the grid"))
    }

    @Test func sizesMustBeFiniteAndWithinTheLimits() {
        #expect(decodingError(file(CraftedFile.strokeHeadV2(size: .nan, children: 0))) == .corrupt("a stroke's width is not a finite number"))
        #expect(decodingError(file(CraftedFile.strokeHeadV2(size: 0, children: 0)))?.description.contains("width is out of range") == true)
        #expect(decodingError(file(CraftedFile.strokeHeadV2(size: 1e12, children: 0)))?.description.contains("width is out of range") == true)
        #expect(decodingError(file(CraftedFile.dotV2(at: (0, 0), size: .infinity))) == .corrupt("a dot's size is not a finite number"))
        #expect(decodingError(file(CraftedFile.dotV2(at: (0, 0), size: -4)))?.description.contains("size is out of range") == true)
        #expect(decodingError(file(CraftedFile.dotV2(at: (0, 0), size: 3.4e38)))?.description.contains("size is out of range") == true)
        #expect(decodingError(file(CraftedFile.dotV2(at: (0, 0), size: 1024))) == nil)
    }

    @Test func nestingIsCappedAtTheFormatsDepth() {
        func nested(_ levels: Int) -> [UInt8] {
            Array((0..<levels).map { _ in CraftedFile.strokeHeadV2(children: 1) }.joined()) + CraftedFile.strokeHeadV2(children: 0)
        }
        #expect(decodingError(CraftedFile.makeV2(payload: nested(ScribbleFormat.maxDepth))) == nil)
        #expect(decodingError(CraftedFile.makeV2(payload: nested(ScribbleFormat.maxDepth + 1))) == .corrupt("strokes are nested too deeply"))
        #expect(decodingError(CraftedFile.makeV2(payload: nested(100_000))) == .corrupt("strokes are nested too deeply"))
    }

    @Test func secondSpellingsOfADrawingAreCorrupt() {
        // Two runs side by side mean one run, which the encoder writes whole.
        #expect(
            decodingError(file(stroke: 2, CraftedFile.runV2([(1, 1)]) + CraftedFile.runV2([(2, 2)])))
                == .corrupt("two runs of vertices follow each other"))
        #expect(decodingError(file(stroke: 3, CraftedFile.runV2([(1, 1)]) + CraftedFile.dotV2(at: (0, 0)) + CraftedFile.runV2([(2, 2)]))) == nil)
        // A stroke with no children has no pressures to keep.
        #expect(decodingError(file(CraftedFile.strokeHeadV2(pressure: true, children: 0))) == .corrupt("a stroke without children has pressure"))
        // A run of none.
        #expect(
            decodingError(file(stroke: 1, CraftedFile.runV2([], declaring: 0) + [0, 0]))
                == .corrupt("a run of vertices has the wrong length"))
    }

    @Test func pressureFollowsEachRunOfAStrokeWithPressure() throws {
        let payload =
            CraftedFile.runV2([(256, 0), (512, 0)], pressures: [0, 255]) + CraftedFile.dotV2(at: (0, 0))
            + CraftedFile.runV2([(768, 0)], pressures: [128])
        let memento = try ScribbleMemento(data: file(stroke: 4, pressure: true, payload))
        let stroke = try #require(Scribble.drawing(of: memento).lastChild as? Stroke)
        #expect(stroke.pressures == [0, 255, Stroke.fullPressure, 128]) // the dot's is unused
        // A stroke of marks alone may have pressure: every entry is full.
        let marksOnly = try ScribbleMemento(data: file(stroke: 1, pressure: true, CraftedFile.dotV2(at: (0, 0))))
        #expect((Scribble.drawing(of: marksOnly).lastChild as? Stroke)?.pressures == [Stroke.fullPressure])
        #expect(marksOnly.data == file(stroke: 1, pressure: true, CraftedFile.dotV2(at: (0, 0))))
    }

    @Test func malformedHeadersAndNodesAreCorrupt() {
        let rootOfOne = CraftedFile.strokeHeadV2(children: 1)
        #expect(decodingError(CraftedFile.makeV2(flags: 0x80, payload: emptyRoot)) == .corrupt("it has unknown header flags"))
        #expect(decodingError(CraftedFile.makeV2(flags: 3, title: [0xFF, 0xFE], payload: emptyRoot)) == .corrupt("its title is not valid UTF-8"))
        #expect(
            decodingError(CraftedFile.makeV2(flags: 3, title: [0x41, 0x07], payload: emptyRoot))
                == .corrupt("its title holds control characters"))
        #expect(
            decodingError(CraftedFile.makeV2(flags: 3, title: Array(repeating: 0x41, count: 1025), payload: emptyRoot))
                == .corrupt("its title is too long"))
        #expect(
            decodingError(CraftedFile.makeV2(payload: rootOfOne + [9] + Array(repeating: 0, count: 16)))
                == .corrupt("it holds an unknown kind of mark"))
        #expect(decodingError(CraftedFile.makeV2(payload: [3, 4] + emptyRoot.dropFirst(2))) == .corrupt("a stroke has unknown flags"))
        #expect(decodingError(CraftedFile.makeV2(payload: CraftedFile.dotV2(at: (0, 0)))) == .corrupt("the drawing does not start with a stroke"))
        #expect(decodingError(CraftedFile.makeV2(payload: emptyRoot + [0])) == .corrupt("there are extra bytes after the drawing"))
        var wrongSum = CraftedFile.makeV2(payload: emptyRoot)
        wrongSum[wrongSum.count - 1] ^= 0xFF
        #expect(decodingError(wrongSum) == .corrupt("its checksum does not match its contents"))
    }

    @Test func headerChecksAndTitlesWorkOnVersion2() throws {
        let bytes = sampleFile()
        #expect(throws: Never.self) { try ScribbleFormat.validate(bytes) }
        #expect(try ScribbleFormat.title(inPrefix: Array(bytes.prefix(ScribbleFormat.headerPrefixLength))) == "Fuzz v2")
        var damaged = bytes
        damaged[40] ^= 1
        #expect(throws: ScribbleFormatError.corrupt("its checksum does not match its contents")) { try ScribbleFormat.validate(damaged) }
    }
}
