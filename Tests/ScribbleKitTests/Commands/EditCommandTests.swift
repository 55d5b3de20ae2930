import Testing
@testable import ScribbleKit

/// The tools' commands (book chapter 20): removing marks, moving and restyling them, stamping
/// templates; and the templates' storage.
@Suite(.timeLimit(.minutes(1))) struct EditCommandTests {
    private func dots(_ count: Int, on scribble: Scribble) -> [Dot] {
        (0..<count).map { index in
            let dot = Dot(location: Point(x: Float(index * 10), y: 0), color: .black, size: 4)
            scribble.add(dot)
            return dot
        }
    }

    @Test func removingMarksOneByOneUndoesToTheOriginalOrder() {
        let scribble = Scribble()
        let marks = dots(6, on: scribble)
        let history = CommandHistory()
        let command = RemoveMarksCommand(scribble: scribble)
        for index in [4, 1, 5, 0] { command.remove(marks[index]) } // as an eraser meets them
        command.remove(marks[4]) // met again: nothing happens
        history.add(command)
        #expect(scribble.marks.map { ObjectIdentifier($0) } == [marks[2], marks[3]].map { ObjectIdentifier($0) })
        #expect(command.removed.map(\.index) == [0, 1, 4, 5])
        history.undo()
        #expect(scribble.marks.map { ObjectIdentifier($0) } == marks.map { ObjectIdentifier($0) })
        history.redo()
        #expect(scribble.marks.count == 2)
        history.undo()
        #expect(scribble.marks.map { ObjectIdentifier($0) } == marks.map { ObjectIdentifier($0) })
    }

    @Test func deletingASelectionIsOneUndoStep() {
        let scribble = Scribble()
        let marks = dots(4, on: scribble)
        let history = CommandHistory()
        history.execute(RemoveMarksCommand(scribble: scribble, marks: [marks[3], marks[1]]))
        #expect(scribble.marks.map { ObjectIdentifier($0) } == [marks[0], marks[2]].map { ObjectIdentifier($0) })
        history.undo()
        #expect(scribble.marks.map { ObjectIdentifier($0) } == marks.map { ObjectIdentifier($0) })
    }

    @MainActor @Test func movingManyMarksFindsThemInOnePassAsOneChangeAndUndoPutsEachBack() {
        let scribble = Scribble()
        let marks = dots(30, on: scribble)
        let moving = stride(from: 1, to: 30, by: 2).map { marks[$0] } // 15 marks, more than are searched one by one
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        recorder.changes.removeAll()
        let history = CommandHistory()
        history.execute(ReplaceMarksCommand(scribble: scribble, marks: moving.reversed(), edit: .move(dx: 0, dy: 5)))
        #expect(recorder.kinds == ["replaced"])
        for (index, mark) in scribble.marks.enumerated() {
            #expect((mark === marks[index]) == index.isMultiple(of: 2)) // each copy in its original's place
            #expect(mark.location == Point(x: Float(index * 10), y: index.isMultiple(of: 2) ? 0 : 5))
        }
        history.undo()
        #expect(scribble.marks.map { ObjectIdentifier($0) } == marks.map { ObjectIdentifier($0) })
        // The selection drops what left the canvas and keeps the rest in drawing order.
        let selection = Selection()
        selection.set(moving.reversed())
        scribble.remove(moving[3])
        scribble.remove(moving[10])
        selection.prune(on: scribble)
        let kept = moving.enumerated().filter { $0.offset != 3 && $0.offset != 10 }.map { ObjectIdentifier($0.element) }
        #expect(selection.inDrawingOrder(on: scribble).map { ObjectIdentifier($0) } == kept)
    }

    @Test func movingPutsMovedCopiesInPlaceAndUndoRestoresTheOriginals() throws {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 2)
        stroke.append(Point(x: 1, y: 1))
        stroke.append(Point(x: 5, y: 9))
        scribble.add(stroke)
        let dot = dots(1, on: scribble)[0]
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        recorder.changes.removeAll()
        let history = CommandHistory()
        let command = ReplaceMarksCommand(scribble: scribble, marks: [stroke], edit: .move(dx: 10, dy: -1))
        history.execute(command)
        let moved = try #require(scribble.marks.first as? Stroke)
        #expect(moved !== stroke)
        #expect(moved.elements.count == 2)
        #expect(moved.location == Point(x: 11, y: 0))
        #expect(moved.bounds == Rect(minX: 10, minY: -1, maxX: 16, maxY: 9))
        #expect(stroke.location == Point(x: 1, y: 1)) // the original is untouched
        #expect(scribble.marks[1] === dot)
        #expect(recorder.kinds == ["replaced"])
        #expect(recorder.changes[0].dirty == stroke.bounds.union(moved.bounds))
        history.undo()
        #expect(scribble.marks[0] === stroke)
    }

    @Test func restylingAGroupRecoloursEveryPartAndLeavesTheOriginal() throws {
        let scribble = Scribble()
        let group = Stroke()
        group.add(Dot(location: .zero, color: .black, size: 3))
        let inner = Stroke(color: .black, size: 2)
        inner.append(Point(x: 1, y: 1))
        group.add(inner)
        scribble.add(group)
        let red = Color(red: 255, green: 0, blue: 0)
        let command = ReplaceMarksCommand(scribble: scribble, marks: [group], edit: .restyle(color: red, size: nil))
        command.execute()
        let edited = try #require(scribble.marks.first as? Stroke)
        #expect(edited.color == nil) // a group paints nothing itself
        #expect(edited.child(at: 0)?.color == red)
        #expect(edited.child(at: 1)?.color == red)
        #expect(edited.child(at: 1)?.size == 2)
        #expect(group.child(at: 0)?.color == .black)
        command.undo()
        #expect(scribble.marks.first === group)
    }

    @Test func aStampSharesNothingWithItsTemplate() throws {
        let template = Stroke()
        let part = Stroke(color: .black, size: 3)
        part.append(Point(x: 0, y: 0))
        part.append(Point(x: 10, y: 0))
        template.add(part)
        let stamp = template.translated(dx: 100, dy: 50)
        #expect(stamp.location == Point(x: 100, y: 50))
        let stampPart = try #require(stamp.child(at: 0) as? Stroke)
        stampPart.color = .white
        stampPart.append(Point(x: 999, y: 999))
        stampPart.location = Point(x: 5, y: 5)
        #expect(part.color == .black)
        #expect(part.count == 2)
        #expect(template.location == .zero)
        #expect(template.bounds == Rect(minX: -1.5, minY: -1.5, maxX: 11.5, maxY: 1.5))
    }

    @Test func templatesSurviveAndKeepTheirNumbersWhenOthersAreDeleted() throws {
        let folder = TemporaryDirectory()
        let manager = ScribbleManager(directory: folder.file("gallery"))
        #expect(manager.templates().isEmpty)
        let a = Dot(location: Point(x: 3, y: 4), color: .black, size: 5)
        let b = Stroke(color: .white, size: 2)
        b.append(Point(x: 1, y: 2))
        let c = Dot(location: Point(x: 9, y: 9), color: .black, size: 1)
        try manager.saveTemplate(Scribble.templateMemento(of: [a]))
        try manager.saveTemplate(Scribble.templateMemento(of: [b, c])) // grouped, in drawing order
        let reread = ScribbleManager(directory: folder.file("gallery")).templates()
        #expect(reread.map(\.number) == [1, 2])
        let first = try #require(Scribble(memento: reread[0].memento).marks.first)
        #expect(marksEqual(first, a))
        let group = try #require(Scribble(memento: reread[1].memento).marks.first as? Stroke)
        #expect(group.count == 2)
        #expect(marksEqual(try #require(group.child(at: 0)), b))
        #expect(marksEqual(try #require(group.child(at: 1)), c))

        try manager.deleteTemplate(id: reread[0].id)
        try manager.saveTemplate(Scribble.templateMemento(of: [c]))
        #expect(manager.templates().map(\.number) == [2, 3])
        #expect(try manager.entries().isEmpty) // templates are not gallery entries
    }

    @Test func aDamagedTemplateFileIsLeftOutAndLeftAlone() throws {
        let folder = TemporaryDirectory()
        let manager = ScribbleManager(directory: folder.file("gallery"))
        try manager.saveTemplate(Scribble.templateMemento(of: [Dot(location: .zero, color: .black, size: 2)]))
        folder.write(Array("not a scribble".utf8), to: "gallery/templates/template-7.scribble")
        #expect(manager.templates().map(\.number) == [1])
        #expect(folder.read("gallery/templates/template-7.scribble") != nil)
        #expect(throws: StorageError.self) { try manager.deleteTemplate(id: "../escape") }
    }
}
