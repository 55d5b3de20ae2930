import PropertyBased
import Testing
@testable import ScribbleKit

/// Random sequences of drawing, clearing, undo and redo against a reference model of the
/// history: the canvas must always show exactly the marks the model says, in order.
@Suite(.timeLimit(.minutes(1))) struct CommandHistoryPropertyTests {
    /// One user action.
    enum Action: CaseIterable, Sendable {
        case drawStroke, drawDot, clear, undo, redo
    }

    /// The reference model: undo and redo stacks of operations over an array of mark ids.
    struct Model {
        /// A recorded operation; a clear remembers what it removed when it last ran.
        enum Operation {
            case draw(Int)
            case clear(removed: [Int])
        }

        let limit: Int
        var marks: [Int] = []
        var undoStack: [Operation] = []
        var redoStack: [Operation] = []

        var canUndo: Bool { !undoStack.isEmpty }
        var canRedo: Bool { !redoStack.isEmpty }

        mutating func record(_ operation: Operation) {
            undoStack.append(operation)
            if undoStack.count > limit { undoStack.removeFirst() }
            redoStack = []
        }

        mutating func draw(_ id: Int) {
            marks.append(id)
            record(.draw(id))
        }

        mutating func clear() {
            record(.clear(removed: marks))
            marks = []
        }

        mutating func undo() {
            guard let operation = undoStack.popLast() else { return }
            switch operation {
            case .draw(let id): marks.removeAll { $0 == id }
            case .clear(let removed): marks = removed + marks
            }
            redoStack.append(operation)
        }

        mutating func redo() {
            guard let operation = redoStack.popLast() else { return }
            switch operation {
            case .draw(let id):
                marks.append(id)
                undoStack.append(operation)
            case .clear:
                undoStack.append(.clear(removed: marks))
                marks = []
            }
        }
    }

    @Test func historyMatchesTheReferenceModel() async {
        let limits = Gen.int(in: 1...12)
        let actions = Gen<Action>.case.array(of: 0...60)
        await propertyCheck(count: 2000, input: limits, actions) { limit, actions in
            let scribble = Scribble()
            let history = CommandHistory(limit: limit)
            var model = Model(limit: limit)
            var marksByID: [Int: Mark] = [:]
            var reported = (canUndo: false, canRedo: false)
            history.onAvailabilityChange = { reported = ($0, $1) }

            for (step, action) in actions.enumerated() {
                switch action {
                case .drawStroke, .drawDot:
                    let id = marksByID.count
                    let point = Point(x: Float(id), y: Float(step))
                    let mark: Mark
                    if action == .drawDot {
                        mark = Dot(location: point, color: .black, size: 3)
                    } else {
                        let stroke = Stroke(color: .black, size: 2)
                        stroke.append(point)
                        mark = stroke
                    }
                    marksByID[id] = mark
                    history.execute(DrawScribbleCommand(scribble: scribble, mark: mark))
                    if let stroke = mark as? Stroke { scribble.append(Point(x: 0, y: 0), to: stroke) }
                    model.draw(id)
                case .clear:
                    history.execute(ClearScribbleCommand(scribble: scribble))
                    model.clear()
                case .undo:
                    history.undo()
                    model.undo()
                case .redo:
                    history.redo()
                    model.redo()
                }

                let visible = scribble.marks.map(ObjectIdentifier.init)
                let expected = try model.marks.map { try ObjectIdentifier(#require(marksByID[$0])) }
                try #require(visible == expected, "step \(step) (\(action)) of \(actions), limit \(limit)")
                try #require(Set(visible).count == visible.count, "duplicate marks at step \(step)")
                try #require(history.canUndo == model.canUndo, "canUndo at step \(step) of \(actions)")
                try #require(history.canRedo == model.canRedo, "canRedo at step \(step) of \(actions)")
                try #require(reported == (history.canUndo, history.canRedo), "last notification at step \(step)")
            }
        }
    }

    @Test func strokeInProgressKeepsItsPointsThroughUndoAndRedo() {
        let scribble = Scribble()
        let history = CommandHistory()
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 0, y: 0))
        history.execute(DrawScribbleCommand(scribble: scribble, mark: stroke))
        scribble.append(Point(x: 1, y: 1), to: stroke)

        history.undo()
        #expect(!scribble.isOnCanvas(stroke))
        recorder.changes.removeAll()
        for index in 2...5 { scribble.append(Point(x: Float(index), y: Float(index)), to: stroke) }
        #expect(recorder.changes.isEmpty)
        #expect(stroke.count == 6)

        history.redo()
        #expect(scribble.marks.count == 1)
        #expect(scribble.marks.first === stroke)
        #expect(stroke.count == 6)
        #expect((0..<6).map { stroke.child(at: $0)?.location } == (0...5).map { Point(x: Float($0), y: Float($0)) })
        #expect(recorder.kinds == ["added"])
        #expect(recorder.changes.first?.dirty == Rect(minX: -2, minY: -2, maxX: 7, maxY: 7))

        scribble.append(Point(x: 6, y: 6), to: stroke)
        #expect(recorder.kinds == ["added", "extended"])
    }

    /// While drawing: a point, undo or redo, at random.
    enum DrawingAction: CaseIterable, Sendable {
        case point, undo, redo
    }

    @Test func strokeInProgressGetsEveryPointWhateverUndoDoes() async {
        await propertyCheck(count: 500, input: Gen<DrawingAction>.case.array(of: 0...40)) { actions in
            let scribble = Scribble()
            let history = CommandHistory()
            let earlier = Dot(location: .zero, color: .black, size: 2)
            history.execute(DrawScribbleCommand(scribble: scribble, mark: earlier))
            let stroke = Stroke(color: .black, size: 2)
            stroke.append(Point(x: 0, y: 0))
            history.execute(DrawScribbleCommand(scribble: scribble, mark: stroke))
            var sent = [Point(x: 0, y: 0)]

            for (step, action) in actions.enumerated() {
                switch action {
                case .point:
                    let point = Point(x: Float(step), y: 1)
                    scribble.append(point, to: stroke)
                    sent.append(point)
                case .undo: history.undo()
                case .redo: history.redo()
                }
            }
            while history.canRedo { history.redo() }

            let received = (0..<stroke.count).compactMap { stroke.child(at: $0)?.location }
            #expect(received == sent)
            #expect(scribble.marks.map(ObjectIdentifier.init) == [earlier, stroke].map(ObjectIdentifier.init))
        }
    }
}
