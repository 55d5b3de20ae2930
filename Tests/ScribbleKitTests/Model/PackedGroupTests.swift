import Testing
@testable import ScribbleKit

/// A template read from its file keeps its group's plain strokes of one or two vertices
/// packed (`PackedStroke`), and so does each stamp of it: the stamp draws the same pixels,
/// saves the same bytes, is hit, walked, journaled and undone as the same group of objects.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PackedGroupTests {
    let folder = TemporaryDirectory()

    /// A template's file: `small` ticks and taps (opaque and translucent, thin and fat, some
    /// timed), then a long stroke and a dot, grouped as Keep as Template groups a selection.
    private func templateFile(seed: UInt64, small: Int = 400) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        var marks: [Mark] = []
        for _ in 0..<small {
            let alpha: UInt8 = Int.random(in: 0..<4, using: &rng) == 0 ? 120 : 255
            let stroke = Stroke(
                color: Color(red: .random(in: 0...255, using: &rng), green: 70, blue: 20, alpha: alpha), size: .random(in: 1...9, using: &rng))
            let x = Float.random(in: 0...300, using: &rng), y = Float.random(in: 0...200, using: &rng)
            stroke.append(Point(x: x, y: y))
            if Bool.random(using: &rng) { stroke.append(Point(x: x + .random(in: -6...6, using: &rng), y: y + .random(in: -6...6, using: &rng))) }
            if Int.random(in: 0..<5, using: &rng) == 0 { stroke.times = .at(.random(in: 0...90_000, using: &rng)) }
            stroke.isSealed = true
            marks.append(stroke)
        }
        let long = Stroke(color: .black, size: 4)
        for step in 0..<40 { long.append(Point(x: Float(step * 7), y: 90 + Float(step % 5))) }
        marks.append(long)
        marks.append(Dot(location: Point(x: 50, y: 60), color: .black, size: 12))
        return Scribble.templateMemento(of: marks).data
    }

    /// The template's group as the library reads it: packed.
    private func packedTemplate(_ bytes: [UInt8]) throws -> Stroke {
        try #require(Scribble(adopting: try ScribbleFormat.decode(bytes, builder: MarkBuilder(packingGroups: true))).marks.first as? Stroke)
    }

    /// The template's group read as objects only.
    private func objectTemplate(_ bytes: [UInt8]) throws -> Stroke {
        try #require(Scribble(adopting: try ScribbleMemento(data: bytes)).marks.first as? Stroke)
    }

    /// A drawing holding `stamp` alone.
    private func drawing(_ stamp: Mark) -> Scribble {
        let scribble = Scribble()
        scribble.add(stamp)
        return scribble
    }

    @Test func aStampOfAPackedTemplateIsPackedAndDrawsAndSavesAsItsObjectsWould() throws {
        let bytes = templateFile(seed: 1)
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let kept = try manager.saveTemplate(try ScribbleMemento(data: bytes))
        let loaded = try #require(
            Scribble(adopting: try manager.loadTemplate(.init(id: kept.id, number: kept.number)).memento).marks.first as? Stroke)
        #expect(loaded.storedElements.packedCount == 400)
        let template = try packedTemplate(bytes), objects = try objectTemplate(bytes)
        #expect(template.storedElements.packedCount == 400)
        #expect(objects.storedElements.packedCount == 0)
        #expect(template.bounds == objects.bounds)
        let stamp = template.translated(dx: 13.25, dy: -7.5), reference = objects.translated(dx: 13.25, dy: -7.5)
        #expect((stamp as? Stroke)?.storedElements.packedCount == 400, "the stamp is packed too")
        #expect(stamp.bounds == reference.bounds)
        let packedDrawing = drawing(stamp), objectDrawing = drawing(reference)
        #expect(packedDrawing.makeMemento().data == objectDrawing.makeMemento().data)
        for scale in [1, 2] {
            let frame = CanvasBackdrop(rendering: packedDrawing.root, width: 340, height: 230, scale: scale, background: .plain)
            let expected = CanvasBackdrop(rendering: objectDrawing.root, width: 340, height: 230, scale: scale, background: .plain)
            let difference = PixelDifference(frame.surface, expected.surface)
            #expect(difference.count == 0, "scale \(scale): \(difference)")
        }
        #expect((stamp as? Stroke)?.storedElements.packedCount == 400, "drawing made no object")
    }

    @Test func aPackedGroupIsHitAndWalkedWithoutUnpacking() throws {
        let bytes = templateFile(seed: 2)
        let group = try packedTemplate(bytes), objects = try objectTemplate(bytes)
        let tick = try #require(objects.child(at: 7) as? Stroke)
        let far = Point(x: -500, y: -500)
        #expect(group.isHit(at: tick.location, radius: 1) && objects.isHit(at: tick.location, radius: 1))
        #expect(!group.isHit(at: far, radius: 1) && !objects.isHit(at: far, radius: 1))
        #expect(group.isHit(alongSegmentFrom: Point(x: 0, y: 92), to: Point(x: 300, y: 92), radius: 0))
        var walked = 0, reference = 0
        group.enumerateMarks { _, _ in walked += 1 }
        objects.enumerateMarks { _, _ in reference += 1 }
        #expect(walked == reference)
        // A sealed group hands out each packed child as a mark made for the read.
        let child = try #require(group.child(at: 7) as? Stroke)
        #expect(child.bounds == tick.bounds && child.count == tick.count && child.color == tick.color)
        #expect(group.elements.count == objects.elements.count)
        #expect(group.storedElements.packedCount == 400, "nothing unpacked it")
    }

    @Test func erasingPartOfAPackedGroupLeavesWhatErasingItsObjectsLeaves() throws {
        let bytes = templateFile(seed: 6)
        let group = try packedTemplate(bytes), objects = try objectTemplate(bytes)
        let step = EraserStep(from: Point(x: 20, y: 10), to: Point(x: 280, y: 190), radius: 9)
        let erased = try #require(group.erased(by: step)), reference = try #require(objects.erased(by: step))
        let left = Scribble(), expected = Scribble()
        erased.pieces.forEach(left.add)
        reference.pieces.forEach(expected.add)
        let same = left.makeMemento().data == expected.makeMemento().data
        #expect(same)
        #expect(erased.dirty == reference.dirty)
        #expect(group.storedElements.packedCount == 400, "the group on the canvas is left as it was")
    }

    @Test func aCopyThatMayChangeGivesAMarkAskedForItsObjectAndStaysTheSameDrawing() throws {
        let bytes = templateFile(seed: 3)
        let group = try packedTemplate(bytes)
        let copy = ScribbleMemento.snapshot(of: group) // a memento's copy: not sealed
        #expect(copy.storedElements.packedCount == 400, "the copy shares the packed strokes")
        #expect(!copy.isSealed)
        let first = copy.child(at: 5)
        #expect(copy.storedElements.packedCount == 400, "a mark asked for leaves the others packed")
        #expect(copy.storedElements.packedObjects.map(\.index) == [5], "it alone has an object, kept")
        #expect(first === copy.child(at: 5), "and it keeps its identity from then on")
        let holder = Stroke()
        holder.add(copy)
        let scribble = Scribble()
        scribble.add(group)
        #expect(Scribble(root: holder).makeMemento().data == scribble.makeMemento().data)
    }

    @Test func aStampIsOneUndoStepAndTheJournalKeepsItPacked() throws {
        let bytes = templateFile(seed: 4)
        let template = try packedTemplate(bytes), objects = try objectTemplate(bytes)
        let manager = ScribbleManager(directory: folder.file("g"))
        let clock = TestClock()
        let document = Document.timed(in: folder, clock)
        let path = folder.file("stamp.journal")
        let journal = Journal(path: path)
        document.startJournal(journal)
        let stamp = template.translated(dx: 40, dy: 30)
        let memento = Scribble.incrementalMemento(of: stamp) // made with the copy, off the main thread in the app
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stamp))
        document.markFinished(stamp, journaledAs: memento)
        let saved = document.scribble.makeMemento().data
        // The same stamp as objects, on a document of its own: the same bytes.
        let other = Document.timed(in: folder, clock)
        let reference = objects.translated(dx: 40, dy: 30)
        other.execute(DrawScribbleCommand(scribble: other.scribble, mark: reference))
        other.markFinished(reference, journaledAs: Scribble.incrementalMemento(of: reference))
        let otherData = other.scribble.makeMemento().data
        let same = saved == otherData
        #expect(same, "the stamp saves as its objects would")
        document.undo()
        #expect(document.scribble.marks.isEmpty)
        document.redo()
        #expect(document.scribble.marks.count == 1 && document.scribble.marks[0] === stamp)
        #expect((stamp as? Stroke)?.storedElements.packedCount == 400)
        let again = document.scribble.makeMemento().data == saved
        #expect(again)
        journal.flush()
        let restored = Document(manager: manager, hop: { _ in })
        restored.restore(try JournalRecovery.read(path, manager: manager))
        let replayed = restored.scribble.makeMemento().data == saved
        #expect(replayed, "the journal replays the stamp")
        restored.undo()
        #expect(restored.scribble.marks.isEmpty)
    }

    @Test func aDrawingReadInPartsKeepsATopLevelGroupsTicksPacked() throws {
        let objects = try objectTemplate(templateFile(seed: 5))
        let scribble = drawing(objects.translated(dx: 5, dy: 5))
        let bytes = scribble.makeMemento().data
        let opened = Scribble(adopting: try #require(try ScribbleFormat.decodeInParts(bytes, cores: 2, partBytes: 512)))
        let group = try #require(opened.marks.first as? Stroke)
        #expect(group.storedElements.packedCount == 400)
        #expect(opened.makeMemento().data == bytes)
        let frame = CanvasBackdrop(rendering: opened.root, width: 320, height: 220, scale: 1, background: .plain)
        let expected = CanvasBackdrop(rendering: scribble.root, width: 320, height: 220, scale: 1, background: .plain)
        let difference = PixelDifference(frame.surface, expected.surface)
        #expect(difference.count == 0, "\(difference)")
    }
}
