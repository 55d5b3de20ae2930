import Testing
@testable import ScribbleKit

/// Select All on a drawing of many packed strokes (`PackedStroke`), and the edits that take
/// them whole (`Scribble+PackedMarks`): Delete, a clear, a move, a turn, a recolour (the
/// palette's, step by step), a drag of the select tool, and their undo and redo make no
/// object of a packed stroke, and leave the drawing, its pixels and its journal what the
/// same edits leave of the drawing held as objects; an undo puts the bytes back exactly.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PackedSelectAllTests {
    let folder = TemporaryDirectory()
    /// Packed ticks enough to be selected whole.
    static let ticks = Scribble.packedWholeMinimum + 4

    /// A drawing of `ticks` ticks, then a long stroke, a dot and more ticks (objects), its
    /// last tick locked: held both ways, packed (read in parts, as the app opens a large
    /// file) and as objects (read whole), each in a document.
    private func documents(seed: UInt64) throws -> (packed: Document, whole: Document) {
        let bytes = PackedDrawing.file(seed: seed, small: Self.ticks)
        func document(_ scribble: Scribble) -> Document {
            let clock = TestClock()
            scribble.clock = clock.clock // (the same time on both)
            let document = Document.timed(in: folder, clock)
            document.open(scribble, from: .new)
            (scribble.mark(at: scribble.root.count - 1) as? Stroke)?.isLocked = true
            return document
        }
        let packed = document(try PackedDrawing.packed(bytes))
        let whole = document(Scribble(adopting: try ScribbleMemento(data: bytes)))
        #expect(packed.scribble.packedMarkCount == Self.ticks && whole.scribble.packedMarkCount == 0)
        return (packed, whole)
    }

    /// The packed strokes' count and how many of them have objects.
    private func packing(_ document: Document) -> (packed: Int, objects: Int) {
        (document.scribble.packedMarkCount, PackedDrawing.objectCount(document.scribble))
    }

    /// The drawing's bytes (without the replay's history: the packed marks taken whole are
    /// not in it, see `Scribble+PackedMarks`).
    private func bytes(_ document: Document) -> [UInt8] {
        document.scribble.makeMemento().data
    }

    /// Whether two packed strokes are the same.
    private static func same(_ a: PackedStroke, _ b: PackedStroke) -> Bool {
        a.count == b.count && a.first == b.first && (a.count == 1 || a.second == b.second) && a.color == b.color && a.size == b.size
            && a.times == b.times
    }

    /// Whether both documents' drawings paint the same pixels.
    private func drawSame(_ a: Document, _ b: Document) -> Bool {
        let frame = CanvasBackdrop(rendering: a.scribble.root, width: 320, height: 240, scale: 1, background: .plain)
        let reference = CanvasBackdrop(rendering: b.scribble.root, width: 320, height: 240, scale: 1, background: .plain)
        return PixelDifference(frame.surface, reference.surface).count == 0
    }

    @Test func selectAllSelectsPackedStrokesWholeWithoutObjects() throws {
        let (packed, whole) = try documents(seed: 21)
        let selection = Selection(), reference = Selection()
        selection.selectAll(on: packed.scribble)
        reference.selectAll(on: whole.scribble)
        #expect(selection.selectsPacked && !reference.selectsPacked)
        #expect(packing(packed) == (Self.ticks, 0))
        #expect(selection.count == reference.count && selection.count == packed.scribble.root.count - 1, "all but the locked tick")
        #expect(selection.bounds == reference.bounds && selection.outlineBounds(viewPixel: 2) == reference.outlineBounds(viewPixel: 2))
        #expect(selection.pickedMarks.count == selection.count - Self.ticks)
        // A packed tick's object, once made (a click), is among the selected.
        let clicked = try #require(packed.scribble.mark(at: 7))
        #expect(selection.contains(clicked) && !selection.contains(Stroke()))
        // Marks asked for as marks get their objects: the selection is then of them.
        #expect(selection.marks.count == reference.marks.count && !selection.selectsPacked)
        #expect(packing(packed) == (Self.ticks, Self.ticks) && selection.marks[7] === clicked)
    }

    @Test func deleteAfterSelectAllTakesPackedStrokesWholeAndUndoPutsThemBackExactly() throws {
        let (packed, whole) = try documents(seed: 22)
        let start = bytes(packed)
        #expect(start == bytes(whole))
        let selection = Selection(), reference = Selection()
        selection.selectAll(on: packed.scribble)
        reference.selectAll(on: whole.scribble)
        let delete = RemoveMarksCommand(scribble: packed.scribble, marks: selection.pickedMarks, takingPacked: selection.selectsPacked)
        let deleteWhole = RemoveMarksCommand(scribble: whole.scribble, marks: reference.marks)
        for step in 0..<2 {
            if step == 0 {
                packed.execute(delete)
                whole.execute(deleteWhole)
            } else {
                packed.redo()
                whole.redo()
            }
            #expect(bytes(packed) == bytes(whole) && packed.scribble.root.count == 1, "only the locked tick is left")
            #expect(packing(packed) == (0, 0))
            #expect(drawSame(packed, whole))
            // The journal's record is the same: every index, the packed ones first.
            guard case .remove(let indices) = delete.journalRecord, case .remove(let expected) = deleteWhole.journalRecord else {
                Issue.record("not a removal")
                return
            }
            #expect(indices == expected && indices.count == Self.ticks + Self.ticks / 3 + 1)
            selection.prune(on: packed.scribble)
            #expect(selection.isEmpty && !selection.selectsPacked, "nothing selected is left")
            packed.undo()
            whole.undo()
            #expect(bytes(packed) == start && bytes(whole) == start)
            #expect(packing(packed) == (Self.ticks, 0), "back packed, without objects")
        }
        #expect(drawSame(packed, whole))
    }

    @Test func aClearTakesPackedStrokesWholeAndItsUndoPutsThemBackBelowWhatCameSince() throws {
        let (packed, whole) = try documents(seed: 23)
        let start = bytes(packed)
        for document in [packed, whole] { document.clear() }
        #expect(packed.scribble.isEmpty && whole.scribble.isEmpty && packing(packed) == (0, 0))
        for document in [packed, whole] { document.undo() }
        #expect(bytes(packed) == start && bytes(whole) == start && packing(packed) == (Self.ticks, 0))
        for document in [packed, whole] { document.redo() }
        #expect(packed.scribble.isEmpty)
        // Undone after a mark drawn since (the history undoes it first: here, by hand), the
        // drawing goes back below it.
        let clear = ClearScribbleCommand(scribble: packed.scribble), clearWhole = ClearScribbleCommand(scribble: whole.scribble)
        for document in [packed, whole] { document.undo() }
        clear.execute()
        clearWhole.execute()
        for scribble in [packed.scribble, whole.scribble] {
            let dot = Dot(location: Point(x: 9, y: 9), color: .black, size: 5)
            dot.stamp(at: 1000) // (the documents' clocks differ)
            scribble.add(dot)
        }
        clear.undo()
        clearWhole.undo()
        #expect(bytes(packed) == bytes(whole) && packing(packed) == (Self.ticks, 0) && packed.scribble.root.count == whole.scribble.root.count)
        #expect(drawSame(packed, whole))
    }

    @Test func aFewPackedStrokesAreSelectedAndClearedAsObjects() throws {
        let bytes = PackedDrawing.file(seed: 24)
        let scribble = try PackedDrawing.packed(bytes)
        #expect(scribble.packedMarkCount == 300 && !scribble.editsPackedWhole)
        let selection = Selection()
        selection.selectAll(on: scribble)
        #expect(!selection.selectsPacked && selection.count == scribble.root.count)
        let clear = ClearScribbleCommand(scribble: scribble)
        clear.execute()
        clear.undo()
        #expect(scribble.makeMemento().data == bytes)
    }

    @Test(arguments: [
        ReplaceMarksCommand.Edit.move(dx: 7.25, dy: -3), .restyle(color: Color(red: 10, green: 200, blue: 30, alpha: 128), size: 5),
        .restyle(color: nil, size: 0.1),
        .transform(AffineTransform.rotation(0.4, about: Point(x: 80, y: 65)).then(.scale(sx: 1.3, sy: 0.8, about: Point(x: 80, y: 65)))),
    ])
    func anEditOfPackedStrokesWholeIsTheEditOfTheirObjects(edit: ReplaceMarksCommand.Edit) throws {
        let (packed, whole) = try documents(seed: 25)
        let start = bytes(packed)
        let selection = Selection(), reference = Selection()
        selection.selectAll(on: packed.scribble)
        reference.selectAll(on: whole.scribble)
        let command = ReplaceMarksCommand(scribble: packed.scribble, marks: selection.pickedMarks, edit: edit, editingPacked: true)
        let expected = ReplaceMarksCommand(scribble: whole.scribble, marks: reference.marks, edit: edit)
        packed.execute(command)
        whole.execute(expected)
        selection.set(command.editedMarks, keepingPackedOf: packed.scribble)
        #expect(bytes(packed) == bytes(whole) && bytes(packed) != start)
        #expect(packing(packed) == (Self.ticks, 0) && selection.selectsPacked)
        #expect(drawSame(packed, whole))
        guard case .edit(let indices, _) = command.journalRecord, case .edit(let wholeIndices, _) = expected.journalRecord else {
            Issue.record("not an edit")
            return
        }
        #expect(indices == wholeIndices)
        for document in [packed, whole] { document.undo() }
        #expect(bytes(packed) == start && packing(packed) == (Self.ticks, 0))
        for document in [packed, whole] { document.redo() }
        #expect(bytes(packed) == bytes(whole) && packing(packed) == (Self.ticks, 0))
        // The selection's box follows the packed strokes where they went.
        selection.prune(on: packed.scribble)
        #expect(selection.bounds == whole.scribble.marks.filter { !$0.isLocked }.reduce(Rect.null) { $0.union($1.bounds) })
    }

    @Test func thePalettesRecolourOfPackedStrokesWholeShowsStepByStepAndIsOneStep() throws {
        let (packed, whole) = try documents(seed: 26)
        let start = bytes(packed)
        let scribble = packed.scribble
        let selection = Selection()
        selection.selectAll(on: scribble)
        // Three steps of a slider, from the originals each time, as `SelectionStyleEdit` shows them.
        var originals: PackedValues?
        for red in [UInt8(40), 90, 140] {
            originals = scribble.showPacked(editedBy: .restyle(color: Color(red: red, green: 0, blue: 0, alpha: 255), size: nil), from: originals)
        }
        let values = try #require(originals)
        #expect(!values.haveTheStyles(of: scribble) && packing(packed) == (Self.ticks, 0))
        let edit = ReplaceMarksCommand.Edit.restyle(color: Color(red: 140, green: 0, blue: 0, alpha: 255), size: nil)
        packed.commit(ReplaceMarksCommand(scribble: scribble, originals: [], edited: [], edit: edit, packedOriginals: values))
        whole.execute(ReplaceMarksCommand(scribble: whole.scribble, marks: Array(whole.scribble.marks.prefix(Self.ticks)), edit: edit))
        #expect(bytes(packed) == bytes(whole))
        packed.undo()
        #expect(bytes(packed) == start && packing(packed) == (Self.ticks, 0))
        // A change that changed nothing after all puts the originals back.
        let same = try #require(scribble.showPacked(editedBy: .restyle(color: nil, size: nil), from: nil))
        #expect(same.haveTheStyles(of: scribble))
        scribble.restorePacked(same)
        #expect(bytes(packed) == start)
    }

    @Test func aDragOfTheSelectToolMovesPackedStrokesWholeAtItsEnd() throws {
        let (packed, whole) = try documents(seed: 27)
        let start = bytes(packed)
        let host = SelectionLiftTests.Host()
        host.document.open(packed.scribble, from: .new)
        let tool = SelectTool(host: host)
        host.selection.selectAll(on: host.document.scribble)
        let from = Point(x: 160, y: 120) // (whole numbers: the drag moves by 12 and -4 exactly)
        tool.press(at: from, modifiers: [])
        for step in 1...4 { tool.drag(to: Point(x: from.x + Float(step) * 3, y: from.y - Float(step))) }
        tool.release(at: Point(x: from.x + 12, y: from.y - 4))
        whole.execute(
            ReplaceMarksCommand(scribble: whole.scribble, marks: whole.scribble.marks.filter { !$0.isLocked }, edit: .move(dx: 12, dy: -4)))
        // The packed ticks as the objects moved by the same edit are (the other marks a drag
        // moves are not timed until a redo, as before: compared by what they draw).
        let moved = host.document.scribble.root.storedElements.packed
        let expected = (0..<Self.ticks).compactMap { (whole.scribble.mark(at: $0) as? Stroke).flatMap(PackedStroke.init) }
        #expect(moved.count == expected.count && zip(moved, expected).allSatisfy(Self.same))
        #expect(drawSame(host.document, whole) && packing(host.document) == (Self.ticks, 0))
        #expect(host.selection.selectsPacked && host.selection.count == whole.scribble.root.count - 1)
        host.document.undo()
        // (The press on a tick made its object.)
        #expect(bytes(host.document) == start && packing(host.document).packed == Self.ticks && packing(host.document).objects <= 1)
    }

    @Test func aFrameOfALiftedSelectionLeavesEveryPackedStrokeOut() throws {
        let (packed, _) = try documents(seed: 28)
        let root = packed.scribble.root
        let tail = try #require(packed.scribble.mark(at: Self.ticks + 1))
        let snapshot = RenderSnapshot(of: root, hiding: [ObjectIdentifier(tail)], hidingPacked: true)
        #expect(snapshot.children.count == root.count - Self.ticks - 1)
        #expect(packing(packed) == (Self.ticks, 0))
    }

    @Test func theJournalOfEditsOfPackedStrokesWholeReplaysThemWhole() throws {
        let (live, _) = try documents(seed: 29)
        let base = bytes(live)
        let path = folder.file("whole.journal")
        let journal = Journal(path: path)
        live.startJournal(journal)
        let scribble = live.scribble
        live.execute(ReplaceMarksCommand(scribble: scribble, marks: [], edit: .move(dx: 3, dy: 4), editingPacked: true))
        live.execute(RemoveMarksCommand(scribble: scribble, marks: [try #require(scribble.mark(at: Self.ticks + 2))], takingPacked: true))
        live.undo()
        journal.flush()
        let orphan = try JournalRecovery.read(path, manager: live.manager)
        let baseMemento = try #require(orphan.baseMemento)
        let memento = try #require(try ScribbleFormat.decodeInParts(baseMemento.data, cores: 2, partBytes: 512))
        let restored = Document(manager: live.manager, hop: { _ in })
        restored.restore(
            JournalRecovery.Orphan(
                path: orphan.path, baseMemento: memento, origin: orphan.origin, baseProblem: nil, records: orphan.records,
                baseMarkCount: orphan.baseMarkCount, isDamaged: false, base: orphan.base))
        #expect(bytes(restored) == bytes(live) && packing(restored) == (Self.ticks, 0), "replayed whole, no object made")
        restored.redo()
        #expect(restored.scribble.packedMarkCount == 0 && restored.scribble.root.count == live.scribble.root.count - Self.ticks - 1)
        restored.undo()
        restored.undo()
        #expect(bytes(restored) == base)
    }
}
