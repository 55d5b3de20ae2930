import Testing
@testable import ScribbleKit

/// A drawing read in parts keeps its plain strokes of one or two vertices packed in the root
/// (`PackedStroke`), and is the same drawing as one of objects: the same bytes saved, the
/// same pixels, the same times; a mark asked for keeps its identity from then on.
@Suite(.timeLimit(.minutes(1))) struct PackedStrokeTests {
    @Test func aDrawingReadInPartsKeepsItsSmallStrokesPackedAndSavesTheSameBytes() throws {
        let bytes = PackedDrawing.file()
        let scribble = try PackedDrawing.packed(bytes)
        #expect(scribble.root.storedElements.packedCount == 300)
        #expect(scribble.root.count == 402)
        #expect(scribble.makeMemento().data == bytes)
        // A memento (a save, the journal) shares the packed strokes: values, not copied.
        let saved = Scribble.drawing(of: scribble.makeMemento()).storedElements.packed
        #expect(saved.withUnsafeBufferPointer(\.baseAddress) == scribble.root.storedElements.packed.withUnsafeBufferPointer(\.baseAddress))
        let whole = Scribble(adopting: try ScribbleMemento(data: bytes))
        #expect(whole.root.storedElements.packedCount == 0)
        #expect(scribble.root.bounds == whole.root.bounds)
    }

    @Test func packedStrokesDrawTheSamePixelsAsTheirObjects() throws {
        let bytes = PackedDrawing.file(seed: 2)
        let scribble = try PackedDrawing.packed(bytes)
        let whole = Scribble(adopting: try ScribbleMemento(data: bytes))
        for scale in [1, 2] {
            let frame = CanvasBackdrop(rendering: scribble.root, width: 320, height: 240, scale: scale, background: .plain)
            let reference = CanvasBackdrop(rendering: whole.root, width: 320, height: 240, scale: scale, background: .plain)
            let difference = PixelDifference(frame.surface, reference.surface)
            #expect(difference.count == 0, "scale \(scale): \(difference)")
        }
        #expect(scribble.root.storedElements.packedCount == 300, "drawing made no object")
    }

    @Test func packedStrokesArePacedAsTheirObjectsAre() throws {
        let bytes = PackedDrawing.file(seed: 3)
        let scribble = try PackedDrawing.packed(bytes)
        let whole = Scribble(adopting: try ScribbleMemento(data: bytes))
        let clock = TestClock()
        for drawing in [scribble, whole] {
            drawing.clock = clock.clock
            drawing.startKeepingTime()
        }
        #expect(scribble.root.storedElements.packedCount == 300)
        #expect(scribble.endTime == whole.endTime)
        #expect(scribble.makeMemento(withHistory: true).data == whole.makeMemento(withHistory: true).data)
    }

    @Test func aMarkAskedForKeepsItsIdentityAndTheDrawingStaysTheSame() throws {
        let bytes = PackedDrawing.file(seed: 4)
        let scribble = try PackedDrawing.packed(bytes)
        // Drawing on top and taking it off again leaves the packed strokes packed.
        let new = Stroke(color: .black, size: 2)
        scribble.add(new)
        scribble.append(Point(x: 1, y: 2), to: new)
        scribble.finish(new)
        #expect(scribble.isOnCanvas(new) && scribble.index(of: new) == 402)
        // A frame that leaves it out (lifted while a drag moves it) leaves them packed too.
        let lifted = RenderSnapshot(of: scribble.root, hiding: [ObjectIdentifier(new)])
        #expect(lifted.children.count == 402 && lifted.children.packed(299) != nil && lifted.children[401] != nil)
        scribble.remove(new)
        #expect(scribble.root.storedElements.packedCount == 300 && scribble.root.count == 402)
        // A packed mark asked for is made, once: the same object from then on; the others
        // stay packed, and so does it, as the value its object is.
        let mark = try #require(scribble.root.child(at: 7))
        #expect(scribble.root.storedElements.packedCount == 300 && PackedDrawing.objectCount(scribble) == 1)
        #expect(scribble.root.child(at: 7) === mark && scribble.index(of: mark) == 7)
        #expect(scribble.makeMemento().data == bytes)
        // Taken off and put back (an eraser's undo), it is where it was.
        scribble.remove(mark)
        #expect(scribble.index(of: mark) == nil && scribble.root.count == 401)
        #expect(scribble.root.storedElements.packedCount == 299 && PackedDrawing.objectCount(scribble) == 0)
        scribble.insert(mark, at: 7)
        #expect(scribble.makeMemento().data == bytes)
        #expect(scribble.root.storedElements.packedCount == 300 && scribble.index(of: mark) == 7 && scribble.root.child(at: 7) === mark)
    }

    @Test func theToolsFindPackedStrokesWhereTheyFindTheirObjects() throws {
        let bytes = PackedDrawing.file(seed: 5)
        let whole = Scribble(adopting: try ScribbleMemento(data: bytes))
        // A click or an eraser's path that touches none of them leaves them packed.
        let scribble = try PackedDrawing.packed(bytes)
        #expect(scribble.topmostMark(at: Point(x: 600, y: 600)) == nil)
        #expect(scribble.marks(touchedAlongSegmentFrom: Point(x: 600, y: 600), to: Point(x: 700, y: 650), radius: 8).isEmpty)
        #expect(scribble.root.storedElements.packedCount == 300)
        // One that does finds the marks the drawing of objects finds, made for good.
        let a = Point(x: 0, y: 0), b = Point(x: 320, y: 240)
        let touched = scribble.marks(touchedAlongSegmentFrom: a, to: b, radius: 3).map { scribble.index(of: $0) }
        let expected = whole.marks(touchedAlongSegmentFrom: a, to: b, radius: 3).map { whole.index(of: $0) }
        #expect(touched == expected && touched.count > 3)
        #expect(scribble.root.storedElements.packedCount == 300 && PackedDrawing.objectCount(scribble) == touched.count { $0! < 300 })
        for tick in stride(from: 0, to: 300, by: 7) {
            let fresh = try PackedDrawing.packed(bytes)
            let target = try #require(whole.root.child(at: tick)).location
            let found = try #require(fresh.topmostMark(at: target))
            #expect(found.index == whole.topmostMark(at: target)?.index && fresh.root.child(at: found.index) === found.mark)
        }
    }

    @Test func onlyPlainSmallStrokesArePacked() {
        let tick = Stroke(color: .black, size: 3)
        tick.append(contentsOf: [Point(x: 1, y: 1), Point(x: 2, y: 2)])
        #expect(PackedStroke(tick) == nil, "not sealed: it may still grow")
        tick.isSealed = true
        let packed = PackedStroke(tick)
        #expect(packed?.count == 2 && packed?.bounds == tick.bounds && packed?.times == .untimed)
        #expect(MemoryLayout<PackedStroke>.stride == 28)
        let long = tick.copy() as! Stroke
        long.append(Point(x: 3, y: 3))
        let locked = tick.copy() as! Stroke
        locked.isLocked = true
        let pressed = Stroke(color: .black, size: 3)
        pressed.append(Point(x: 1, y: 1), pressure: 0.5)
        pressed.isSealed = true
        let uncoloured = Stroke(size: 3)
        uncoloured.append(Point(x: 1, y: 1))
        uncoloured.isSealed = true
        for stroke in [long, locked, pressed, uncoloured] { #expect(PackedStroke(stroke) == nil) }
    }
}
