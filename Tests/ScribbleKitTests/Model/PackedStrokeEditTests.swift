import Testing
@testable import ScribbleKit

/// Erasing and selecting packed strokes (`PackedStroke`, `PackedChildren`): only the marks an
/// edit touches get objects, the others stay packed, and the drawing, its saved bytes (with
/// the replay's history), its pixels, its undo history and its journal are what they are for
/// the same drawing held as objects.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PackedStrokeEditTests {
    let folder = TemporaryDirectory()

    /// The drawing of `PackedDrawing.file` held both ways: packed (read in parts, as the
    /// app opens a large file) and as objects (read whole), each in a timed document.
    private func documents(seed: UInt64) throws -> (packed: Document, whole: Document, clocks: (TestClock, TestClock), bytes: [UInt8]) {
        let bytes = PackedDrawing.file(seed: seed)
        let clocks = (TestClock(), TestClock())
        func document(_ scribble: Scribble, _ clock: TestClock) -> Document {
            let document = Document.timed(in: folder, clock)
            scribble.clock = clock.clock
            document.open(scribble, from: .new)
            return document
        }
        let packed = document(try PackedDrawing.packed(bytes), clocks.0)
        let whole = document(Scribble(adopting: try ScribbleMemento(data: bytes)), clocks.1)
        #expect(packed.scribble.root.storedElements.packedCount == 300 && whole.scribble.root.storedElements.packedCount == 0)
        return (packed, whole, clocks, bytes)
    }

    /// The packed strokes' count and how many of them have objects.
    private func packing(_ document: Document) -> (packed: Int, objects: Int) {
        (document.scribble.root.storedElements.packedCount, PackedDrawing.objectCount(document.scribble))
    }

    /// The saved bytes, with the replay's history.
    private func saved(_ document: Document) -> [UInt8] {
        document.scribble.makeMemento(withHistory: true).data
    }

    /// Every tool's edit, its undo and its redo, as the app makes them (the select tool's
    /// click, rectangle and lasso; both eraser modes; move, turn, restyle, delete, copy and
    /// paste; select-all is last): the saved bytes after each step, and the marks touched.
    private func edit(
        _ document: Document, clock: TestClock, selectingAll: Bool = true, checking check: (String) -> Void = { _ in }
    ) -> [[UInt8]] {
        let scribble = document.scribble
        var states: [[UInt8]] = [saved(document)]
        func step(_ name: String, _ body: () -> Void) {
            clock.advance(40)
            body()
            states.append(saved(document))
            check(name)
        }
        step("stroke eraser") {
            let erase = RemoveMarksCommand(scribble: scribble)
            for x in stride(from: Float(0), to: 320, by: 20) {
                erase.erase(EraserStep(from: Point(x: x, y: x * 0.6), to: Point(x: x + 20, y: (x + 20) * 0.6), radius: 4))
            }
            document.commit(erase)
        }
        step("cut eraser") {
            let cut = CutMarksCommand(scribble: scribble)
            for y in stride(from: Float(0), to: 240, by: 24) {
                cut.erase(EraserStep(from: Point(x: 160 + y / 8, y: y), to: Point(x: 160 + (y + 24) / 8, y: y + 24), radius: 2))
            }
            document.commit(cut)
        }
        var clicked: [Mark] = []
        step("click and move") {
            for point in [Point(x: 40, y: 200), Point(x: 280, y: 30), Point(x: 100, y: 120)] {
                if let hit = scribble.topmostMark(at: point, slop: 6), !clicked.contains(where: { $0 === hit.mark }) { clicked.append(hit.mark) }
            }
            document.execute(ReplaceMarksCommand(scribble: scribble, marks: clicked, edit: .move(dx: 7, dy: -3)))
        }
        var boxed: [Mark] = []
        step("rectangle and turn") {
            let box = [Point(x: 20, y: 20), Point(x: 140, y: 20), Point(x: 140, y: 110), Point(x: 20, y: 110), Point(x: 20, y: 20)]
            boxed = scribble.marks(in: Lasso(box), touching: false)
            let turn = AffineTransform.rotation(0.4, about: Point(x: 80, y: 65)).then(.scale(sx: 1.3, sy: 0.8, about: Point(x: 80, y: 65)))
            document.execute(ReplaceMarksCommand(scribble: scribble, marks: boxed, edit: .transform(turn)))
        }
        var lassoed: [Mark] = []
        step("lasso and restyle") {
            let loop = [Point(x: 200, y: 140), Point(x: 300, y: 160), Point(x: 260, y: 235), Point(x: 190, y: 220), Point(x: 200, y: 140)]
            lassoed = scribble.marks(in: Lasso(loop), touching: true)
            document.execute(ReplaceMarksCommand(scribble: scribble, marks: lassoed, edit: .restyle(color: .black, size: 5)))
        }
        step("copy and paste") {
            let copied = MarkClipboard.data(of: lassoed.compactMap { scribble.index(of: $0) != nil ? $0 : nil })
            document.execute(
                AddMarksCommand(scribble: scribble, marks: (MarkClipboard.marks(from: copied) ?? []).map { $0.translated(dx: 5, dy: 5) }))
        }
        step("delete") {
            let picked = scribble.marks(
                in: Lasso([Point(x: 0, y: 130), Point(x: 120, y: 130), Point(x: 60, y: 245), Point(x: 0, y: 130)]), touching: true)
            document.execute(RemoveMarksCommand(scribble: scribble, marks: picked))
        }
        for _ in 0..<5 { step("undo") { document.undo() } }
        for _ in 0..<3 { step("redo") { document.redo() } }
        guard selectingAll else { return states }
        step("select all and delete") {
            document.execute(RemoveMarksCommand(scribble: scribble, marks: scribble.marks.filter { !$0.isLocked }))
        }
        step("undo all") { while document.history.canUndo { document.undo() } }
        return states
    }

    @Test func everyEditOfPackedStrokesIsTheEditOfTheirObjectsAndLeavesTheOthersPacked() throws {
        let (packed, whole, clocks, _) = try documents(seed: 11)
        let start = packed.scribble.makeMemento().data
        let expected = edit(whole, clock: clocks.1)
        var minimum = 300
        let states = edit(packed, clock: clocks.0) { name in
            if name != "select all and delete" && name != "undo all" {
                // The strokes no edit touched are still packed, and only touched ones have objects.
                let (count, objects) = packing(packed)
                minimum = min(minimum, count)
                print("\(name): \(count) packed, \(objects) with objects")
                #expect(count >= 240 && objects <= 300 - count + 60, "\(name): \(count) packed, \(objects) with objects")
            }
        }
        #expect(minimum < 300, "the edits reached packed strokes")
        #expect(states.count == expected.count)
        let differing = states.indices.filter { states[$0] != expected[$0] }
        #expect(differing.isEmpty, "the saved bytes differ after steps \(differing)")
        let undone = packed.scribble.makeMemento().data == start
        #expect(undone, "all undone")
        let frame = CanvasBackdrop(rendering: packed.scribble.root, width: 320, height: 240, scale: 1, background: .plain)
        let reference = CanvasBackdrop(rendering: whole.scribble.root, width: 320, height: 240, scale: 1, background: .plain)
        #expect(PixelDifference(frame.surface, reference.surface).count == 0)
    }

    @Test func anUndoPutsErasedStrokesBackPackedWithTheirObjects() throws {
        let (document, _, _, _) = try documents(seed: 14)
        let scribble = document.scribble
        let before = scribble.makeMemento().data
        let erase = RemoveMarksCommand(scribble: scribble)
        erase.erase(EraserStep(from: Point(x: 0, y: 120), to: Point(x: 320, y: 120), radius: 10))
        document.commit(erase)
        let removed = erase.removed, packedRemoved = erase.removed.count { $0.index < 300 }
        #expect(packedRemoved > 3 && removed.count > packedRemoved, "ticks packed and not")
        #expect(packing(document) == (300 - packedRemoved, 0))
        document.undo()
        // Back where they were, the packed ones packed, each with the object the command holds.
        #expect(packing(document) == (300, packedRemoved))
        #expect(removed.allSatisfy { scribble.index(of: $0.mark) == $0.index && scribble.mark(at: $0.index) === $0.mark })
        let restored = scribble.makeMemento().data == before
        #expect(restored)
        document.redo()
        #expect(packing(document) == (300 - packedRemoved, 0) && removed.allSatisfy { scribble.index(of: $0.mark) == nil })
    }

    @Test func editedPackedStrokesDrawWhatTheirObjectsDraw() throws {
        let (packed, whole, clocks, _) = try documents(seed: 12)
        for (document, clock) in [(packed, clocks.0), (whole, clocks.1)] {
            let erase = RemoveMarksCommand(scribble: document.scribble)
            erase.erase(EraserStep(from: Point(x: 0, y: 0), to: Point(x: 320, y: 240), radius: 6))
            document.commit(erase)
            clock.advance(10)
            let cut = CutMarksCommand(scribble: document.scribble)
            cut.erase(EraserStep(from: Point(x: 0, y: 200), to: Point(x: 320, y: 20), radius: 3))
            document.commit(cut)
            let picked = document.scribble.marks(
                in: Lasso([Point(x: 150, y: 0), Point(x: 330, y: 0), Point(x: 330, y: 250), Point(x: 150, y: 0)]), touching: true)
            document.execute(ReplaceMarksCommand(scribble: document.scribble, marks: picked, edit: .move(dx: -30, dy: 12)))
        }
        #expect(packing(packed).packed > 200)
        for scale in [1, 2] {
            let frame = CanvasBackdrop(rendering: packed.scribble.root, width: 320, height: 240, scale: scale, background: .plain)
            let reference = CanvasBackdrop(rendering: whole.scribble.root, width: 320, height: 240, scale: scale, background: .plain)
            let difference = PixelDifference(frame.surface, reference.surface)
            #expect(difference.count == 0, "scale \(scale): \(difference)")
        }
        // A selection lifted off the canvas (a drag under way) leaves its packed strokes out of
        // a frame, as it leaves out objects.
        let marks = (0..<40).compactMap { packed.scribble.mark(at: $0 * 5) }
        let same = marks.compactMap { packed.scribble.index(of: $0) }.compactMap { whole.scribble.mark(at: $0) }
        #expect(marks.count == 40 && same.count == 40)
        let lifted = RenderSnapshot(of: packed.scribble.root, hiding: Set(marks.map(ObjectIdentifier.init)))
        let liftedWhole = RenderSnapshot(of: whole.scribble.root, hiding: Set(same.map(ObjectIdentifier.init)))
        #expect(lifted.children.count == liftedWhole.children.count && lifted.children.count == packed.scribble.root.count - 40)
        let frame = CanvasBackdrop(rendering: lifted, width: 320, height: 240, scale: 1, background: .plain)
        let reference = CanvasBackdrop(rendering: liftedWhole, width: 320, height: 240, scale: 1, background: .plain)
        #expect(PixelDifference(frame.surface, reference.surface).count == 0)
    }

    @Test func theJournalOfEditsOfPackedStrokesReplaysOnEitherForm() throws {
        let (live, _, clocks, _) = try documents(seed: 13)
        let path = folder.file("packed.journal")
        let journal = Journal(path: path)
        live.startJournal(journal)
        _ = edit(live, clock: clocks.0, selectingAll: false)
        #expect(packing(live).packed > 200)
        journal.flush()
        let orphan = try JournalRecovery.read(path, manager: live.manager)
        let base = try #require(orphan.baseMemento)
        // (A scribble adopts its memento's tree: each restore reads the base afresh.)
        func packedBase() throws -> ScribbleMemento { try #require(try ScribbleFormat.decodeInParts(base.data, cores: 2, partBytes: 512)) }
        #expect(Scribble.drawing(of: try packedBase()).storedElements.packedCount == 300)
        for isPacked in [false, true] {
            let memento = isPacked ? try packedBase() : try ScribbleMemento(data: base.data)
            let restored = Document(manager: live.manager, hop: { _ in })
            restored.restore(
                JournalRecovery.Orphan(
                    path: orphan.path, baseMemento: memento, origin: orphan.origin, baseProblem: nil, records: orphan.records,
                    baseMarkCount: orphan.baseMarkCount, isDamaged: false, base: orphan.base))
            let same = restored.scribble.makeMemento().data == live.scribble.makeMemento().data
            #expect(same)
            if isPacked {
                #expect(packing(restored).packed > 200, "replayed edits leave the strokes they do not touch packed")
            }
            // The undo history goes back as far as the journal does.
            let redoable = live.history.canUndo
            var steps = 0
            while restored.history.canUndo {
                restored.undo()
                steps += 1
            }
            #expect(redoable && steps == 5, "the eraser's, the cut's, the move's, the turn's, the restyle's")
            let undone = restored.scribble.makeMemento().data == base.data
            #expect(undone)
        }
    }
}
