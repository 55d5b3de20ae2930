import PropertyBased
import Testing
@testable import ScribbleKit

/// Hostile input in format version 1 (which the app still opens): the decoder must answer
/// every malformed file with the right `ScribbleFormatError` — never crash, hang or allocate
/// for data that is not there. Version 2's are in `ScribbleFormatV2FuzzTests`.
@Suite(.timeLimit(.minutes(1))) struct ScribbleFormatFuzzTests {
    /// A small valid version-1 file using every node kind, a title and the incremental flag's opposite.
    private func sampleFile() -> [UInt8] {
        let scribble = Scribble()
        scribble.title = "Fuzz"
        let stroke = Stroke(color: Color(red: 9, green: 8, blue: 7, alpha: 6), size: 3)
        stroke.append(contentsOf: [Point(x: 1, y: 1), Point(x: 2, y: 3)])
        stroke.add(Dot(location: Point(x: 4, y: 4), color: .black, size: 2))
        let nested = Stroke(color: nil, size: 1)
        nested.append(Point(x: 5, y: 5))
        stroke.add(nested)
        stroke.append(Point(x: 6, y: 6))
        scribble.add(stroke)
        scribble.add(Dot(location: Point(x: 7, y: 7), color: .white, size: 9))
        return ScribbleEncoderV1.encode(scribble.makeMemento())
    }

    /// The smallest valid payload: an empty root stroke.
    private let emptyRoot = CraftedFile.strokeHead(children: 0)

    @Test func sampleFileDecodes() throws {
        #expect(Scribble.drawing(of: try ScribbleMemento(data: sampleFile())).count == 2)
        #expect(decodingError(CraftedFile.make(payload: emptyRoot)) == nil)
    }

    @Test func aVersionOneFileCannotHoldPressure() {
        var payload = CraftedFile.strokeHead(children: 1) + CraftedFile.run([Point(x: 1, y: 1)])
        payload[1] = ScribbleFormat.pressureFlag
        #expect(decodingError(CraftedFile.make(payload: payload)) == .corrupt("a stroke has unknown flags"))
    }

    @Test func everyTruncationIsReportedAsTruncated() {
        expectEveryPrefixIsTruncated(sampleFile())
    }

    @Test func everySingleBitFlipIsDetected() {
        expectEveryBitFlipIsDetected(sampleFile())
    }

    @Test func randomBytesAreRejected() async {
        await propertyCheck(count: 500, input: Gen.uint8().array(of: 0...400)) { bytes in
            #expect(decodingError(bytes) != nil)
            #expect(decodingError(ScribbleFormat.magic + [1, 0] + bytes) != nil)
        }
    }

    @Test func randomPayloadsWithAValidChecksumNeverCrash() async {
        // The checksum is right, so these reach the node parser itself.
        await propertyCheck(count: 2000, input: Gen.uint8().array(of: 0...200)) { bytes in
            let file = CraftedFile.make(payload: [3] + bytes)
            if let memento = try? ScribbleMemento(data: file) {
                #expect(memento.isComplete)
            }
        }
    }

    @Test func mutatedPayloadsWithAValidChecksumNeverCrash() async {
        let file = sampleFile()
        await propertyCheck(count: 2000, input: Gen.int(in: 0...(file.count - 5)), Gen.uint8()) { index, value in
            var mutated = file
            mutated[index] = value
            // Either the decoder refuses it (a typed `ScribbleFormatError`: `init(data:)`
            // throws nothing else), or what it accepted is a tree that survives its own
            // round trip, so nothing half-read reaches the canvas.
            guard let memento = try? ScribbleMemento(data: CraftedFile.resealed(mutated)) else {
                #expect(mutated != file, "the unchanged file must decode")
                return
            }
            let again = try? ScribbleMemento(data: memento.data)
            #expect(
                again.map { marksEqual(Scribble.drawing(of: $0), Scribble.drawing(of: memento)) && $0.title == memento.title } == true,
                "byte \(index) := \(value) decoded to a tree that does not round-trip")
        }
    }

    @Test func hugeDeclaredVertexCountIsCorrupt() {
        let payload =
            CraftedFile.strokeHead(children: 1) + CraftedFile.strokeHead(color: .black, children: 1)
            + CraftedFile.run([Point(x: 1, y: 1)], declaring: .max)
        #expect(decodingError(CraftedFile.make(payload: payload)) == .corrupt("a run of vertices has the wrong length"))
        let wider = CraftedFile.strokeHead(children: .max) + CraftedFile.run([Point(x: 1, y: 1)], declaring: .max)
        #expect(decodingError(CraftedFile.make(payload: wider)) == .corrupt("a stroke declares more children than the file holds"))
    }

    @Test func runLongerThanItsBytesIsCorrupt() {
        let payload =
            CraftedFile.strokeHead(children: 3) + CraftedFile.run([Point(x: 1, y: 1)], declaring: 3)
            + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(decodingError(CraftedFile.make(payload: payload)) == .corrupt("a node runs past the end of the drawing"))
    }

    @Test func hugeDeclaredChildCountIsCorrupt() {
        let payload = CraftedFile.strokeHead(children: 1) + CraftedFile.strokeHead(children: 1_000_000_000)
        #expect(decodingError(CraftedFile.make(payload: payload)) == .corrupt("a stroke declares more children than the file holds"))
    }

    @Test func nestingIsCappedAtTheFormatsDepth() {
        func nested(_ levels: Int) -> [UInt8] {
            Array((0..<levels).map { _ in CraftedFile.strokeHead(children: 1) }.joined()) + CraftedFile.strokeHead(children: 0)
        }
        #expect(decodingError(CraftedFile.make(payload: nested(ScribbleFormat.maxDepth))) == nil)
        #expect(
            decodingError(CraftedFile.make(payload: nested(ScribbleFormat.maxDepth + 1)))
                == .corrupt("strokes are nested too deeply"))
        #expect(decodingError(CraftedFile.make(payload: nested(100_000))) == .corrupt("strokes are nested too deeply"))
    }

    @Test func newerVersionsAreNamed() {
        // 3 is the view's, 4 the times', 5 the removals', 6 the pages', 7 the pictures', 8 the
        // text boxes'.
        #expect(decodingError(ScribbleFormat.magic + [9, 0] + sampleFile().dropFirst(10)) == .newerVersion(9))
        #expect(decodingError(ScribbleFormat.magic + [0xFF, 0xFF]) == .newerVersion(65535))
        #expect(decodingError(ScribbleFormat.magic + [0, 0] + emptyRoot) == .corrupt("format version 0 does not exist"))
    }

    @Test func foreignFilesAreNotScribbles() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        #expect(decodingError(png) == .notAScribble)
        #expect(decodingError(Array("hello, world\n".utf8)) == .notAScribble)
        #expect(decodingError([0x89]) == .truncated)
        #expect(decodingError([0x89, 0x54, 0x00]) == .notAScribble)
    }

    @Test func nonFiniteNumbersAreCorrupt() {
        func file(_ child: [UInt8]) -> [UInt8] { CraftedFile.make(payload: CraftedFile.strokeHead(children: 1) + child) }
        #expect(decodingError(file(CraftedFile.run([Point(x: .nan, y: 0)]))) == .corrupt("a location is not a finite number"))
        #expect(decodingError(file(CraftedFile.run([Point(x: 0, y: -.infinity)]))) == .corrupt("a location is not a finite number"))
        #expect(decodingError(file(CraftedFile.dot(at: .zero, size: .infinity))) == .corrupt("a dot's size is not a finite number"))
        #expect(
            decodingError(file(CraftedFile.dot(at: Point(x: .nan, y: 1))))
                == .corrupt("a location is not a finite number"))
        #expect(
            decodingError(file(CraftedFile.strokeHead(size: .nan, children: 0)))
                == .corrupt("a stroke's width is not a finite number"))
    }

    @Test func malformedHeadersAndNodesAreCorrupt() {
        let rootOfOne = CraftedFile.strokeHead(children: 1)
        #expect(decodingError(CraftedFile.make(flags: 0x80, payload: emptyRoot)) == .corrupt("it has unknown header flags"))
        #expect(
            decodingError(CraftedFile.make(flags: 3, title: [0xFF, 0xFE], payload: emptyRoot))
                == .corrupt("its title is not valid UTF-8"))
        #expect(
            decodingError(CraftedFile.make(flags: 1, title: [0x41], payload: emptyRoot))
                == .corrupt("it has title bytes but no title"))
        #expect(
            decodingError(CraftedFile.make(flags: 3, title: Array(repeating: 0x41, count: 1025), payload: emptyRoot))
                == .corrupt("its title is too long"))
        #expect(
            decodingError(CraftedFile.make(payload: rootOfOne + [9] + Array(repeating: 0, count: 16)))
                == .corrupt("it holds an unknown kind of mark"))
        #expect(decodingError(CraftedFile.make(payload: [3, 2] + emptyRoot.dropFirst(2))) == .corrupt("a stroke has unknown flags"))
        #expect(decodingError(CraftedFile.make(payload: CraftedFile.dot(at: .zero))) == .corrupt("the drawing does not start with a stroke"))
        #expect(decodingError(CraftedFile.make(payload: emptyRoot + [0])) == .corrupt("there are extra bytes after the drawing"))
        #expect(
            decodingError(CraftedFile.make(payload: rootOfOne + CraftedFile.run([], declaring: 0) + Array(repeating: 0, count: 8)))
                == .corrupt("a run of vertices has the wrong length"))
    }

    @Test func declaredLengthsMustMatchTheFile() {
        let file = CraftedFile.make(payload: emptyRoot)
        var huge = file
        huge.replaceSubrange(16..<24, with: CraftedFile.le(UInt64.max))
        #expect(decodingError(CraftedFile.resealed(huge)) == .truncated)
        #expect(decodingError(file + [0]) == .corrupt("there are extra bytes after the drawing"))
        var wrongSum = file
        wrongSum[wrongSum.count - 1] ^= 0xFF
        #expect(decodingError(wrongSum) == .corrupt("its checksum does not match its contents"))
    }
}
