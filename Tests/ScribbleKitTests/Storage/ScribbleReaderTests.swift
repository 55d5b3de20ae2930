import Testing
@testable import ScribbleKit

/// The readers' one skeleton (Template Method): the header, title, length and checksum are
/// checked before any version's own step runs, and the skeleton, not the version, refuses
/// bytes left over after the tree.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ScribbleReaderTests {
    /// Version 4's reader with its hooks recorded: only the steps differ from the real one.
    struct RecordingReader: ScribbleReader {
        nonisolated(unsafe) static var steps: [String] = []
        private var reader: ScribbleReaderV2

        init(payload: UnsafeRawBufferPointer, version: Int, builder: MarkBuilder) {
            reader = ScribbleReaderV2(payload: payload, version: version, builder: builder)
        }

        var input: ByteReader {
            get { reader.input }
            set { reader.input = newValue }
        }

        mutating func readRoot() throws(ScribbleFormatError) -> Stroke {
            Self.steps.append("tree")
            return try reader.readRoot()
        }

        mutating func readTrailer(isComplete: Bool) throws(ScribbleFormatError) -> SavedCamera? {
            Self.steps.append("trailer")
            return try reader.readTrailer(isComplete: isComplete)
        }
    }

    private static func file() -> [UInt8] {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 2)
        stroke.append(contentsOf: [Point(x: 1, y: 1), Point(x: 9, y: 4)])
        scribble.add(stroke)
        scribble.title = "Pattern"
        return scribble.makeMemento().data
    }

    private static func read(_ bytes: [UInt8]) -> (steps: [String], result: Result<ScribbleMemento, ScribbleFormatError>) {
        RecordingReader.steps = []
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ScribbleFormatError) -> ScribbleMemento in
                try RecordingReader.read(raw, version: Int(try ScribbleFormat.version(of: raw)))
            }
        }
        return (RecordingReader.steps, result)
    }

    @Test func theSkeletonRunsTheVersionsStepsInOrder() throws {
        let bytes = Self.file()
        let (steps, result) = Self.read(bytes)
        #expect(steps == ["tree", "trailer"])
        let memento = try result.get()
        #expect(memento.title == "Pattern")
        #expect(marksEqual(Scribble.drawing(of: memento), Scribble.drawing(of: try ScribbleFormat.decode(bytes))))
    }

    @Test func noVersionStepSeesAFileWhoseChecksumFails() {
        var bytes = Self.file()
        bytes[bytes.count - 6] ^= 0x10 // in the payload
        let (steps, result) = Self.read(bytes)
        #expect(steps.isEmpty)
        #expect(throws: ScribbleFormatError.corrupt("its checksum does not match its contents")) { try result.get() }
    }

    @Test func theSkeletonRefusesBytesLeftAfterTheVersionsSteps() {
        var bytes = Self.file()
        // One byte more in the payload, its length and checksum made right.
        let lengthOffset = 10 + 2 + 4 + "Pattern".utf8.count
        let length = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: lengthOffset, as: UInt64.self) }
        withUnsafeBytes(of: (length + 1).littleEndian) { bytes.replaceSubrange(lengthOffset..<(lengthOffset + 8), with: $0) }
        bytes.insert(0, at: bytes.count - 4)
        let (steps, result) = Self.read(CraftedFile.resealed(bytes))
        #expect(steps == ["tree", "trailer"])
        #expect(throws: ScribbleFormatError.corrupt("there are extra bytes after the drawing")) { try result.get() }
    }
}
