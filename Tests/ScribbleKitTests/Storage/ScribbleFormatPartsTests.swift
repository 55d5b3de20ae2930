import Glibc
import PropertyBased
import Testing
@testable import ScribbleKit

/// Reading a file in parts (`ScribblePartsReader`, on several threads) reads exactly what
/// reading it whole reads, and refuses exactly what it refuses; a file opened in two steps
/// (`ScribbleOpening`) is the whole drawing once its rest is put on.
@Suite(.timeLimit(.minutes(1))) struct ScribbleFormatPartsTests {
    /// A random drawing of up to `marks` top-level marks of every kind (nested strokes, dots,
    /// pressure, inline vertices on the root); `timed`, with times (version 4), and with a view.
    private func file(seed: UInt64, marks: Int = 40, timed: Bool = false) -> [UInt8] {
        var random = RandomScribble(seed: seed)
        let drawn = random.scribble(maxMarks: marks)
        guard timed else { return drawn.makeMemento().data }
        let scribble = Scribble()
        scribble.startKeepingTime()
        scribble.view = SavedCamera(zoom: 2, centreX: 10, centreY: -20)
        for mark in drawn.marks { scribble.add(mark) }
        return scribble.makeMemento().data
    }

    @Test func readingInPartsGivesTheBytesReadingWholeGives() throws {
        for seed: UInt64 in 0..<60 {
            let bytes = file(seed: seed, timed: seed % 2 == 1)
            for partBytes in [1, 5, 64, 4096] {
                let parts = try #require(try ScribbleFormat.decodeInParts(bytes, cores: 2, partBytes: partBytes))
                #expect(parts.data == bytes, "seed \(seed), parts of \(partBytes) bytes")
            }
        }
    }

    @Test func aFileSplitsIntoPartsOfTheSizeAsked() throws {
        let bytes = file(seed: 7, marks: 200)
        let plan = try #require(try bytes.withUnsafeBytes { try ScribbleFormat.plan($0, firstPartBytes: 1, partBytes: 100) })
        #expect(plan.parts.count > 5)
        #expect(plan.parts.first?.bytes.count ?? 0 >= 1)
        for (part, next) in zip(plan.parts, plan.parts.dropFirst()) {
            #expect(part.bytes.upperBound == next.bytes.lowerBound, "parts follow each other")
            #expect(part.bytes.count >= 100 || part.children <= 1)
        }
        let root = Scribble.drawing(of: try ScribbleMemento(data: bytes))
        #expect(plan.parts.reduce(0) { $0 + $1.children } == root.count)
    }

    @Test func mutatedFilesAreRefusedInPartsExactlyWhenWhole() async {
        let sample = file(seed: 3, marks: 12, timed: true)
        await propertyCheck(count: 3000, input: Gen.int(in: 0...(sample.count - 5)), Gen.uint8()) { index, value in
            var mutated = sample
            mutated[index] = value
            Self.expectReadAlikeInParts(CraftedFile.resealed(mutated), "byte \(index) := \(value)")
        }
    }

    /// Expects `file` refused in parts exactly when it is refused whole, and read to the same
    /// bytes when it is read both ways.
    static func expectReadAlikeInParts(_ file: [UInt8], _ change: String) {
        let whole = try? ScribbleMemento(data: file)
        let parts: ScribbleMemento??
        do { parts = .some(try ScribbleFormat.decodeInParts(file, cores: 2, partBytes: 3)) } catch { parts = .none }
        guard let parts else { return #expect(whole == nil, "\(change): refused in parts only") }
        guard let parts else { return } // a root read whole: nothing to compare
        #expect(whole?.data == parts.data, "\(change): read differently in parts")
    }

    @Test func everySingleBitFlipIsRefusedInParts() throws {
        let bytes = file(seed: 5, marks: 10)
        for bit in 0..<(bytes.count * 8) {
            var flipped = bytes
            flipped[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(throws: ScribbleFormatError.self) { try ScribbleFormat.decodeInParts(flipped, cores: 2, partBytes: 4) }
        }
    }

    @Test func aRootKeepingPressureIsReadWhole() throws {
        let payload = CraftedFile.strokeHeadV2(pressure: true, children: 1) + CraftedFile.runV2([(1, 1)], pressures: [9])
        let bytes = CraftedFile.makeV2(payload: payload)
        #expect(try ScribbleFormat.decodeInParts(bytes, cores: 2, partBytes: 1) == nil)
        #expect(try ScribbleFormat.open(bytes, firstPartBytes: 1, partBytes: 1, threshold: 0).rest == nil)
        #expect(Scribble.drawing(of: try ScribbleMemento(data: bytes)).count == 1)
    }

    @Test func aDrawingOpenedInTwoStepsIsWholeOnceItsRestIsOn() throws {
        let bytes = file(seed: 11, marks: 120, timed: true)
        let whole = Scribble(adopting: try ScribbleMemento(data: bytes))
        let opening = try ScribbleFormat.open(bytes, firstPartBytes: 64, partBytes: 40, threshold: 0, minimumBytesPerMark: 0)
        let rest = try #require(opening.rest)
        let scribble = Scribble(adopting: opening.first)
        #expect(scribble.title == whole.title && scribble.view == whole.view, "the first part has the file's title and view")
        #expect(scribble.root.count > 0 && scribble.root.count < whole.root.count)
        #expect(scribble.root.count + rest.childCount == whole.root.count)
        let changes = ChangeRecorder()
        scribble.addObserver(changes)
        changes.changes.removeAll() // the registration's own
        scribble.adoptRest(of: try rest.read())
        #expect(changes.kinds == ["reset"], "one change for the rest")
        #expect(scribble.makeMemento().data == bytes)
    }

    /// A drawing of `count` strokes of 12 vertices, each coloured (10, 20, 30), and a view
    /// (after the marks): bytes that a colour changed in place leaves well formed.
    private func strokes(_ count: Int) -> [UInt8] {
        let scribble = Scribble()
        scribble.view = SavedCamera(zoom: 2, centreX: 10, centreY: -20)
        for index in 0..<count {
            let stroke = Stroke(color: Color(red: 10, green: 20, blue: 30), size: 2)
            stroke.append(contentsOf: (0..<12).map { Point(x: Float(index + $0), y: Float($0 * 3)) })
            scribble.add(stroke)
        }
        return scribble.makeMemento().data
    }

    /// Opens the file at `path` in two steps, small parts, as the app opens a big one: its
    /// rest read from the file again.
    private func openInParts(_ path: String) throws -> ScribbleOpening {
        let (bytes, _, file) = try ScribbleFile.openVersion(path)
        return try ScribbleFormat.open(bytes, file: file, firstPartBytes: 64, partBytes: 200, threshold: 0, minimumBytesPerMark: 0)
    }

    @Test func theRestIsReadFromTheFileOpenedNotHeld() throws {
        let folder = TemporaryDirectory()
        let bytes = strokes(200)
        folder.write(bytes, to: "big.scribble")
        let opening = try openInParts(folder.file("big.scribble"))
        let rest = try #require(opening.rest)
        #expect(rest.readsFromFile && rest.plan.parts.count > 3)
        // Another version saved over it (an atomic save renames a new file into place): the
        // rest is still the opened file's.
        folder.write(strokes(3), to: "other.scribble")
        #expect(rename(folder.file("other.scribble"), folder.file("big.scribble")) == 0)
        let scribble = Scribble(adopting: opening.first)
        scribble.adoptRest(of: try rest.read())
        #expect(scribble.makeMemento().data == bytes)
    }

    @Test func aFileChangedInPlaceBeforeItsRestIsReadIsRefused() throws {
        let folder = TemporaryDirectory()
        let bytes = strokes(200)
        let colour: [UInt8] = [10, 20, 30, 255]
        // The last stroke's colour, in the rest: another colour is still a well-formed file.
        let last = try #require((0...(bytes.count - 4)).last { Array(bytes[$0..<($0 + 4)]) == colour })
        for change in ["colour", "cut short"] {
            folder.write(bytes, to: "big.scribble")
            let opening = try openInParts(folder.file("big.scribble"))
            let descriptor = open(folder.file("big.scribble"), O_WRONLY)
            #expect(descriptor >= 0)
            if change == "colour" {
                var blue: UInt8 = 31
                #expect(pwrite(descriptor, &blue, 1, off_t(last + 2)) == 1)
            } else {
                #expect(ftruncate(descriptor, off_t(last)) == 0)
            }
            close(descriptor)
            #expect(throws: ScribbleFormatError.corrupt("the file changed while it was being opened"), "\(change)") {
                try opening.rest?.read()
            }
        }
    }

    @Test func aFileOfTinyMarksOpensInOneStep() throws {
        let bytes = file(seed: 11, marks: 120, timed: true)
        let marks = Scribble(adopting: try ScribbleMemento(data: bytes)).marks.count
        #expect(try ScribbleFormat.open(bytes, firstPartBytes: 64, partBytes: 40, threshold: 0, minimumBytesPerMark: 0).rest != nil)
        let tiny = bytes.count / marks + 1 // the marks average less than this
        #expect(try ScribbleFormat.open(bytes, firstPartBytes: 64, partBytes: 40, threshold: 0, minimumBytesPerMark: tiny).rest == nil)
        // From the file: read again from it a few parts at a time, the whole drawing at once.
        let folder = TemporaryDirectory()
        folder.write(bytes, to: "tiny.scribble")
        let (read, _, file) = try ScribbleFile.openVersion(folder.file("tiny.scribble"))
        let opening = try ScribbleFormat.open(read, file: file, firstPartBytes: 64, partBytes: 40, threshold: 0, minimumBytesPerMark: tiny)
        #expect(opening.rest == nil && opening.first.isComplete && opening.first.data == bytes)
    }

    @Test func aFileOfTinyMarksChangedInPlaceWhileItIsReadIsRefused() throws {
        let folder = TemporaryDirectory()
        let bytes = strokes(200)
        folder.write(bytes, to: "tiny.scribble")
        let (read, _, file) = try ScribbleFile.openVersion(folder.file("tiny.scribble"))
        let plan = try #require(try read.withUnsafeBytes { try ScribbleFormat.plan($0, firstPartBytes: 64, partBytes: 300) })
        let check = ScribbleRestCheck(read, plan: plan, from: 0)
        #expect(try ScribbleFormat.readDrawing(plan, from: file, checking: check, cores: 2).data == bytes)
        let descriptor = open(folder.file("tiny.scribble"), O_WRONLY)
        var blue: UInt8 = 31
        #expect(pwrite(descriptor, &blue, 1, off_t(bytes.count / 2)) == 1) // in some part's marks
        close(descriptor)
        #expect(throws: ScribbleFormatError.self) { try ScribbleFormat.readDrawing(plan, from: file, checking: check, cores: 2) }
    }

    @Test func aSmallFileOrOneOfVersionOneOpensInOneStep() throws {
        let bytes = file(seed: 2)
        #expect(try ScribbleFormat.open(bytes).rest == nil, "below the threshold")
        let version1 = ScribbleEncoderV1.encode(try ScribbleMemento(data: file(seed: 4)))
        #expect(try ScribbleFormat.open(version1, firstPartBytes: 1, partBytes: 1, threshold: 0).rest == nil)
    }
}
