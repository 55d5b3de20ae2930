import PropertyBased
import Testing
@testable import ScribbleKit

/// Mementos (book chapter 23): complete and incremental snapshots, their encoded form, and
/// restoring a scribble from them.
@Suite(.timeLimit(.minutes(1))) struct MementoTests {
    /// A scribble with a stroke, a dot and a nested stroke, for the fixed-input tests.
    private func sampleScribble() -> Scribble {
        let scribble = Scribble()
        let stroke = Stroke(color: Color(red: 10, green: 20, blue: 30, alpha: 40), size: 5.5)
        stroke.append(contentsOf: [Point(x: 1, y: 2), Point(x: 3, y: 4), Point(x: 5, y: 6)])
        scribble.add(stroke)
        scribble.add(Dot(location: Point(x: 7, y: 8), color: .black, size: 12))
        let outer = Stroke(color: .white, size: 2)
        outer.append(Point(x: 9, y: 9))
        let inner = Stroke(color: nil, size: 3)
        inner.append(Point(x: -1, y: -2))
        outer.add(inner)
        outer.add(Dot(location: .zero, color: .black, size: 1))
        outer.append(Point(x: 10, y: 10))
        scribble.add(outer)
        return scribble
    }

    @Test func randomTreesSurviveEncodingLosslessly() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.letterOrNumber.string(of: 0...12).optional) { seed, title in
            var generator = RandomScribble(seed: seed)
            let original = generator.scribble()
            original.title = title
            let decoded = try ScribbleMemento(data: original.makeMemento().data)
            let restored = Scribble(memento: decoded)
            #expect(marksEqual(restored.root, original.root))
            #expect(restored.title == title)
            #expect(decoded.isComplete)
        }
    }

    @Test func randomTreesSaveAndReopenToTheSameBytes() async {
        // Save → reopen → save: format version 2 has one spelling of each drawing, and the
        // model keeps points on the grid the file stores, so nothing drifts however often a
        // drawing is saved.
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.letterOrNumber.string(of: 0...12).optional, Gen.bool) {
            seed, title, complete in
            var generator = RandomScribble(seed: seed)
            let original = generator.scribble()
            original.title = title
            let saved = original.makeMemento(complete: complete).data
            #expect(saved[8] == 2)
            let reopened = try ScribbleMemento(data: saved)
            #expect(reopened.data == saved)
            #expect(Scribble(memento: reopened).makeMemento(complete: complete).data == saved || !complete)
        }
    }

    @Test func randomTreesWithoutPressureStillOpenFromVersion1Files() async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.letterOrNumber.string(of: 0...12).optional) { seed, title in
            var generator = RandomScribble(seed: seed)
            generator.pressure = false // version 1 stores none
            let original = generator.scribble()
            original.title = title
            let version1 = ScribbleEncoderV1.encode(original.makeMemento())
            #expect(version1[8] == 1)
            let opened = try ScribbleMemento(data: version1)
            #expect(marksEqual(Scribble(memento: opened).root, original.root))
            #expect(opened.title == title)
        }
    }

    @Test func pressuresAreStoredToTheNearest255th() throws {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 4)
        var rng = SplitMix64(seed: 3)
        let edges: [Float] = [0, 1, 0.5, 1 / 510, 0.999]
        let drawn: [Float] = (0..<2000).map { _ in Float.random(in: 0...1, using: &rng) } + edges
        for (index, pressure) in drawn.enumerated() { stroke.append(Point(x: Float(index), y: 0), pressure: pressure) }
        scribble.add(stroke)
        let restored = try #require(Scribble.drawing(of: try ScribbleMemento(data: scribble.makeMemento().data)).lastChild as? Stroke)
        #expect(restored.pressures == drawn.map(Stroke.level))
        let tolerance: Float = 0.5 / 255 + 1e-6
        #expect(zip(restored.pressures, drawn).allSatisfy { stored, raw in abs(Float(stored) / 255 - raw) <= tolerance })
        // Every level stands for a pressure that is stored as that level again.
        #expect((0...255).allSatisfy { Stroke.level(Float($0) / 255) == UInt8($0) })
    }

    @Test func incrementalMementoHoldsOnlyTheLastMarkAndAddsIt() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var generator = RandomScribble(seed: seed)
            let original = generator.scribble(maxMarks: 5)
            original.title = "keep me"
            let memento = try ScribbleMemento(data: original.makeMemento(complete: false).data)
            #expect(!memento.isComplete)
            #expect(Scribble.drawing(of: memento).count == min(original.root.count, 1))

            let target = generator.scribble(maxMarks: 3)
            let before = target.root.copy()
            target.attachState(from: memento)
            // The target keeps what it had and gains the last mark on top.
            let expected = before.copy()
            if let last = original.root.lastChild { expected.add(last.copy()) }
            #expect(marksEqual(target.root, expected))
            #expect(target.title == nil)
        }
    }

    @Test func completeFlagAndTitleSurviveTheFile() throws {
        let scribble = sampleScribble()
        scribble.title = "Sonnenblume 🌻 № 5"
        let complete = try ScribbleMemento(data: scribble.makeMemento().data)
        let incremental = try ScribbleMemento(data: scribble.makeMemento(complete: false).data)
        #expect(complete.isComplete && complete.title == "Sonnenblume 🌻 № 5")
        #expect(!incremental.isComplete && incremental.title == "Sonnenblume 🌻 № 5")
    }

    @Test func noTitleAndEmptyTitleStayDistinct() throws {
        let scribble = sampleScribble()
        #expect(try ScribbleMemento(data: scribble.makeMemento().data).title == nil)
        scribble.title = ""
        #expect(try ScribbleMemento(data: scribble.makeMemento().data).title == "")
    }

    @Test func overlongTitleIsCutAtACharacterBoundary() throws {
        let scribble = Scribble()
        scribble.title = String(repeating: "é", count: 600) // 1200 bytes of UTF-8
        let title = try #require(try ScribbleMemento(data: scribble.makeMemento().data).title)
        #expect(title == String(repeating: "é", count: 512))
    }

    @Test func mementoIsASnapshotThatLaterDrawingDoesNotChange() throws {
        let scribble = sampleScribble()
        let inProgress = Stroke(color: .black, size: 4)
        inProgress.append(Point(x: 0, y: 0))
        scribble.add(inProgress)
        let expected = scribble.root.copy()
        let memento = scribble.makeMemento()
        let incremental = scribble.makeMemento(complete: false)
        let dataBefore = memento.data

        scribble.append(Point(x: 50, y: 50), to: inProgress)
        inProgress.color = .white
        scribble.add(Dot(location: .zero, color: .white, size: 3))
        scribble.title = "renamed"

        #expect(memento.data == dataBefore)
        #expect(marksEqual(Scribble(memento: memento).root, expected))
        #expect(Scribble(memento: incremental).root.lastChild.map { $0.count } == 1)
    }

    @Test func restoredScribbleSharesNothingWithTheMemento() {
        let memento = sampleScribble().makeMemento()
        let first = Scribble(memento: memento)
        (first.root.lastChild as? Stroke)?.append(Point(x: 99, y: 99))
        first.root.lastChild?.color = .black
        let second = Scribble(memento: memento)
        #expect(marksEqual(second.root, sampleScribble().root))
        #expect(!marksEqual(first.root, second.root))
    }

    @Test func attachingACompleteMementoReplacesTheDrawingWithOneReset() {
        let saved = sampleScribble()
        saved.title = "saved"
        let memento = saved.makeMemento()
        let scribble = Scribble()
        scribble.add(Dot(location: Point(x: 500, y: 500), color: .black, size: 4))
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)

        scribble.attachState(from: memento)

        #expect(marksEqual(scribble.root, saved.root))
        #expect(scribble.title == "saved")
        #expect(recorder.kinds == ["reset", "reset"])
        #expect(recorder.changes.last.map { $0.dirty.intersects(Rect(x: 499, y: 499, width: 2, height: 2)) } == true)
    }

    @Test func outOfRangeNumbersInTheModelAreClampedAndSaveToALoadableFile() throws {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: .nan)
        stroke.append(Point(x: .infinity, y: 3))
        stroke.append(Point(x: .nan, y: -1e30))
        scribble.add(stroke)
        scribble.add(Dot(location: Point(x: 1, y: -.infinity), color: .black, size: .infinity))
        let restored = Scribble(memento: try ScribbleMemento(data: scribble.makeMemento().data))
        let expected = Stroke()
        let clean = Stroke(color: .black, size: MarkLimits.minimumSize)
        clean.append(Point(x: 1_000_000, y: 3))
        clean.append(Point(x: 0, y: -1_000_000))
        expected.add(clean)
        expected.add(Dot(location: Point(x: 1, y: -1_000_000), color: .black, size: 1024))
        #expect(marksEqual(restored.root, expected))
    }

    @Test func markKindsFromElsewhereAreStoredAsTheirShape() throws {
        /// A vertex subclass the format does not know: stored as a plain vertex.
        final class TaggedVertex: Vertex {}
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 1)
        stroke.add(TaggedVertex(location: Point(x: 4, y: 5)))
        scribble.add(stroke)
        let restored = Scribble(memento: try ScribbleMemento(data: scribble.makeMemento().data))
        let expected = Stroke()
        let plain = Stroke(color: .black, size: 1)
        plain.append(Point(x: 4, y: 5))
        expected.add(plain)
        #expect(marksEqual(restored.root, expected))
    }

    @Test func emptyScribbleRoundTrips() throws {
        let memento = try ScribbleMemento(data: Scribble().makeMemento().data)
        #expect(Scribble(memento: memento).isEmpty)
        let incremental = try ScribbleMemento(data: Scribble().makeMemento(complete: false).data)
        let target = sampleScribble()
        target.attachState(from: incremental)
        #expect(marksEqual(target.root, sampleScribble().root))
    }
}
