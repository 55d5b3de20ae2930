import PropertyBased
import Testing
@testable import ScribbleKit

/// A file that keeps the marks taken off its drawing (format version 5) reads in parts as a
/// version 4 one does: the same drawing, view, title and history of removals as read whole,
/// or the same refusal; opened in two steps, the history comes with the rest; and a drawing
/// of ticks keeps them packed through the reading, an erase and the save.
@Suite(.timeLimit(.minutes(1))) struct ScribbleFormatPartsRemovalsTests {
    /// A random drawing of up to `marks` top-level marks of every kind (inline vertices on the
    /// root among them), with a view and a title, of which about a third were taken off for
    /// good and another third taken off and put back: a version 5 file, or `nil` when the
    /// drawing had too few marks, or none the file keeps as taken off.
    static func file(seed: UInt64, marks: Int = 40) -> [UInt8]? {
        var random = RandomScribble(seed: seed)
        let scribble = random.scribble(maxMarks: marks)
        scribble.startKeepingTime()
        scribble.view = SavedCamera(zoom: 2, centreX: 10, centreY: -20)
        scribble.title = "Removals \(seed)"
        let drawn = scribble.marks
        guard drawn.count >= 3 else { return nil }
        RemoveMarksCommand(scribble: scribble, marks: drawn.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)).execute()
        scribble.settleHistory()
        let undone = RemoveMarksCommand(scribble: scribble, marks: drawn.enumerated().filter { $0.offset % 3 == 1 }.map(\.element))
        undone.execute()
        scribble.settleHistory()
        undone.undo()
        scribble.settleHistory()
        let bytes = scribble.makeMemento(withHistory: true).data
        return bytes[8] == 5 ? bytes : nil // (a removal of empty strokes alone is not kept)
    }

    /// The first of those files from `seed` on (within a hundred seeds).
    static func someFile(from seed: UInt64, marks: Int) throws -> [UInt8] {
        for seed in seed..<(seed + 100) {
            if let bytes = file(seed: seed, marks: marks) { return bytes }
        }
        throw ScribbleFormatError.corrupt("no seed made a version 5 file")
    }

    /// What a scribble's replay log holds, comparably: each event's mark (its look), time and kind.
    static func events(_ scribble: Scribble) -> [String] {
        scribble.log.events.map { event in
            "\(type(of: event.mark)) \(String(describing: event.mark.color)) \(event.mark.size) \(event.mark.count) "
                + "\(event.mark.startTime ?? -1) at \(event.time)\(event.isReturn ? " back" : "")"
        }
    }

    @Test func readingInPartsGivesWhatReadingWholeGivesRemovalsIncluded() throws {
        var tested = 0
        for seed: UInt64 in 0..<40 {
            guard let bytes = Self.file(seed: seed) else { continue }
            tested += 1
            let whole = Scribble(adopting: try ScribbleMemento(data: bytes))
            for partBytes in [1, 5, 64, 4096] {
                let memento = try #require(try ScribbleFormat.decodeInParts(bytes, cores: 2, partBytes: partBytes))
                #expect(memento.keepsRemovals && memento.data == bytes, "seed \(seed), parts of \(partBytes) bytes")
                let parts = Scribble(adopting: memento)
                #expect(parts.title == whole.title && parts.view == whole.view)
                #expect(Self.events(parts) == Self.events(whole) && !parts.log.events.isEmpty, "seed \(seed), parts of \(partBytes) bytes")
                #expect(parts.makeMemento(withHistory: true).data == bytes)
            }
        }
        #expect(tested > 20)
    }

    @Test func openedInTwoStepsTheHistoryComesWithTheRest() throws {
        let bytes = try Self.someFile(from: 11, marks: 120)
        let whole = Scribble(adopting: try ScribbleMemento(data: bytes))
        let opening = try ScribbleFormat.open(bytes, firstPartBytes: 64, partBytes: 40, threshold: 0, minimumBytesPerMark: 0)
        let rest = try #require(opening.rest)
        let scribble = Scribble(adopting: opening.first)
        #expect(scribble.title == whole.title && scribble.view == whole.view)
        #expect(scribble.log.events.isEmpty, "the first part alone names none of the marks")
        #expect(!opening.first.keepsRemovals)
        let read = try rest.read()
        #expect(!read.keepsRemovals && read.data[8] <= 4, "a rest is never saved with the removals")
        scribble.adoptRest(of: read)
        #expect(Self.events(scribble) == Self.events(whole))
        #expect(scribble.makeMemento(withHistory: true).data == bytes)
    }

    @Test func aFileOfTinyMarksKeepingRemovalsOpensInOneStepFromTheFile() throws {
        let bytes = try Self.someFile(from: 12, marks: 120)
        let folder = TemporaryDirectory()
        folder.write(bytes, to: "tiny.scribble")
        let (read, _, file) = try ScribbleFile.openVersion(folder.file("tiny.scribble"))
        let opening = try ScribbleFormat.open(read, file: file, firstPartBytes: 64, partBytes: 40, threshold: 0, minimumBytesPerMark: 1 << 20)
        #expect(opening.rest == nil && opening.first.keepsRemovals && opening.first.data == bytes)
        #expect(Self.events(Scribble(adopting: opening.first)) == Self.events(Scribble(adopting: try ScribbleMemento(data: bytes))))
    }

    @Test func mutatedFilesKeepingRemovalsAreRefusedInPartsExactlyWhenWhole() async throws {
        let sample = try Self.someFile(from: 3, marks: 12)
        // The mutations fall on the removals record (after the drawing) half the time.
        let record = sample.count * 2 / 3
        await propertyCheck(count: 1500, input: Gen.int(in: 0...(sample.count - 5)), Gen.uint8(), Gen.bool) { index, value, late in
            let at = late ? record + index % (sample.count - 4 - record) : index
            var mutated = sample
            mutated[at] = value
            ScribbleFormatPartsTests.expectReadAlikeInParts(CraftedFile.resealed(mutated), "byte \(at) := \(value)")
        }
    }

    @Test func everySingleBitFlipOfAFileKeepingRemovalsIsRefusedInParts() throws {
        let bytes = try Self.someFile(from: 5, marks: 8)
        for bit in 0..<(bytes.count * 8) {
            var flipped = bytes
            flipped[bit / 8] ^= 1 << UInt8(bit % 8)
            // (A version flipped to 1 is read whole, and refused there.)
            #expect(throws: ScribbleFormatError.self) {
                if try ScribbleFormat.decodeInParts(flipped, cores: 2, partBytes: 4) == nil { _ = try ScribbleMemento(data: flipped) }
            }
        }
    }

    /// The error reading `bytes` in parts throws, or `nil` if they read (or are read whole).
    private func errorInParts(_ bytes: [UInt8]) -> ScribbleFormatError? {
        do {
            _ = try #require(try ScribbleFormat.decodeInParts(bytes, cores: 2, partBytes: 1))
            return nil
        } catch let error as ScribbleFormatError {
            return error
        } catch {
            return nil
        }
    }

    @Test func hostileRemovalsAreRefusedInPartsWithTheWholeReadsError() throws {
        // A drawing of a tick, two inline vertices and a dot (items 0–3), then one dot gone (item 4).
        let drawing =
            CraftedFile.strokeHeadV2(children: 4) + CraftedFile.strokeHeadV2(color: .black, children: 2)
            + CraftedFile.runV2([(0, 0), (256, 0)]) + CraftedFile.runV2([(512, 0), (768, 0)]) + CraftedFile.dotV2(at: (0, 256))
        let gone = CraftedFile.strokeHeadV2(children: 1) + CraftedFile.dotV2(at: (256, 256))
        func file(_ entries: [(UInt64, UInt64)], group: [UInt8]? = nil) -> [UInt8] {
            let record = [ScribbleFormat.Tag.removals.rawValue] + (group ?? gone) + CraftedFile.varint(UInt64(entries.count))
            return CraftedFile.make(version: 5, payload: drawing + record + entries.flatMap { CraftedFile.varint($0.0) + CraftedFile.varint($0.1) })
        }
        let good = file([(0, 10), (1, 20), (8, 30)]) // the tick off and back, the gone dot off
        #expect(errorInParts(good) == nil && decodingError(good) == nil)
        let cases: [([UInt8], String)] = [
            (file([(2, 10), (3, 20), (8, 30)]), "a removal names no mark"), // an inline vertex
            (file([(4, 10), (5, 20), (8, 30)]), "a removal names no mark"),
            (file([(6, 10), (6, 20), (8, 30)]), "a mark is taken off twice or put back unremoved"), // the dot, twice
            (file([(10, 30)]), "a removal names no mark"),
            (file([(0, 10), (8, 30)]), "a mark on the drawing was last taken off"),
            (file([]), "no mark was taken off"),
            (file([(8, 30)], group: CraftedFile.dotV2(at: (0, 0))), "the marks taken off are not a group"),
        ]
        for (bytes, message) in cases {
            #expect(decodingError(bytes) == .corrupt(message), "whole: \(message)")
            #expect(errorInParts(bytes) == .corrupt(message), "in parts: \(message)")
        }
    }

    /// `count` ticks of two vertices, of which every 75th was erased through Delete's
    /// command: a version 5 file of marks the reader packs.
    private func erasedTicks(_ count: Int) -> [UInt8] {
        let scribble = Scribble()
        for index in 0..<count {
            let stroke = Stroke(color: Color(red: UInt8(index % 256), green: 0, blue: 0), size: 3)
            let x = Float(index % 300), y = Float(index / 300 * 4)
            stroke.append(contentsOf: [Point(x: x, y: y), Point(x: x + 2, y: y + 1)])
            scribble.root.add(stroke)
        }
        scribble.startKeepingTime()
        let marks = scribble.marks
        RemoveMarksCommand(scribble: scribble, marks: stride(from: 0, to: count, by: 75).map { marks[$0] }).execute()
        scribble.settleHistory()
        return scribble.makeMemento(withHistory: true).data
    }

    @Test func ticksKeepingRemovalsStayPackedWhenReadInPartsErasedAndSaved() throws {
        let bytes = erasedTicks(3000)
        #expect(bytes[8] == 5)
        let folder = TemporaryDirectory()
        folder.write(bytes, to: "ticks.scribble")
        let (read, _, file) = try ScribbleFile.openVersion(folder.file("ticks.scribble"))
        // Tiny marks, from the file: one step, read again a part at a time, as the app opens them.
        let opening = try ScribbleFormat.open(read, file: file, firstPartBytes: 1024, partBytes: 4096, threshold: 0)
        #expect(opening.rest == nil)
        let scribble = Scribble(adopting: opening.first)
        scribble.startKeepingTime() // as a document does
        #expect(scribble.root.storedElements.packedCount == 2960 && scribble.log.events.count == 40)
        #expect(scribble.root.storedElements.packedObjects.isEmpty, "restoring the log made no tick an object")
        // In two steps, the same.
        let steps = try ScribbleFormat.open(bytes, firstPartBytes: 1024, partBytes: 4096, threshold: 0, minimumBytesPerMark: 0)
        let twoSteps = Scribble(adopting: steps.first)
        twoSteps.adoptRest(of: try #require(try steps.rest?.read()))
        #expect(twoSteps.root.storedElements.packedCount == 2960 && twoSteps.log.events.count == 40)

        // Erasing more and saving: only the erased ticks were made objects, and they went.
        let more = RemoveMarksCommand(scribble: scribble, marks: (0..<10).compactMap { scribble.mark(at: $0 * 250) })
        more.execute()
        scribble.settleHistory()
        #expect(scribble.root.storedElements.packedCount == 2950 && scribble.root.storedElements.packedObjects.isEmpty)
        let saved = scribble.makeMemento(withHistory: true)
        #expect(Scribble.drawing(of: saved).storedElements.packedCount == 2950, "the save's copy is packed")
        #expect(scribble.root.storedElements.packedCount == 2950 && scribble.root.storedElements.packedObjects.isEmpty)
        let reread = Scribble(adopting: try #require(try ScribbleFormat.decodeInParts(saved.data, cores: 2, partBytes: 4096)))
        #expect(reread.root.storedElements.packedCount == 2950 && reread.log.events.count == 50)
        #expect(Self.events(reread) == Self.events(Scribble(adopting: try ScribbleMemento(data: saved.data))))
    }
}
