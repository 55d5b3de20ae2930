import Testing
@testable import ScribbleKit

/// Every command's do → undo → redo, the history's stacks and notifications, and the pen.
@Suite(.timeLimit(.minutes(1))) struct CommandTests {
    let red = Color(red: 255, green: 0, blue: 0)

    private func ids(_ marks: [Mark]) -> [ObjectIdentifier] { marks.map(ObjectIdentifier.init) }

    private func stroke(from start: Point, to end: Point) -> Stroke {
        let stroke = Stroke(color: red, size: 3)
        stroke.append(start)
        stroke.append(end)
        return stroke
    }

    // MARK: DrawScribbleCommand

    @Test func drawStrokeDoUndoRedo() {
        let scribble = Scribble()
        let earlier = Dot(location: .zero, color: red, size: 2)
        scribble.add(earlier)
        let stroke = stroke(from: Point(x: 1, y: 1), to: Point(x: 9, y: 9))
        let command = DrawScribbleCommand(scribble: scribble, mark: stroke)
        #expect(ids(scribble.marks) == ids([earlier]))

        command.execute()
        #expect(ids(scribble.marks) == ids([earlier, stroke]))
        command.undo()
        #expect(ids(scribble.marks) == ids([earlier]))
        command.execute()
        #expect(ids(scribble.marks) == ids([earlier, stroke]))
        #expect(stroke.count == 2)
    }

    @Test func drawDotDoUndoRedoPutsItBackOnTop() {
        let scribble = Scribble()
        let dot = Dot(location: Point(x: 4, y: 4), color: red, size: 5)
        let command = DrawScribbleCommand(scribble: scribble, mark: dot)
        command.execute()
        command.undo()
        #expect(scribble.isEmpty)

        let other = Dot(location: .zero, color: red, size: 2)
        scribble.add(other)
        command.execute()
        #expect(ids(scribble.marks) == ids([other, dot]))
    }

    @Test func drawTellsObservers() {
        let scribble = Scribble()
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        let dot = Dot(location: Point(x: 4, y: 4), color: red, size: 4)
        let command = DrawScribbleCommand(scribble: scribble, mark: dot)

        command.execute()
        command.undo()

        #expect(recorder.kinds == ["reset", "added", "removed"])
        #expect(recorder.changes[1].dirty == dot.bounds)
    }

    @Test func executingTwiceDoesNotDuplicateTheMark() {
        let scribble = Scribble()
        let dot = Dot(location: Point(x: 4, y: 4), color: red, size: 5)
        let command = DrawScribbleCommand(scribble: scribble, mark: dot)
        command.execute()
        command.execute()
        #expect(scribble.marks.count == 1)
    }

    // MARK: ClearScribbleCommand

    @Test func clearDoUndoRedoRestoresOrder() {
        let scribble = Scribble()
        let a = stroke(from: Point(x: 1, y: 1), to: Point(x: 2, y: 2))
        let b = Dot(location: Point(x: 3, y: 3), color: red, size: 2)
        let c = stroke(from: Point(x: 4, y: 4), to: Point(x: 5, y: 5))
        [a, b, c].forEach(scribble.add)
        let command = ClearScribbleCommand(scribble: scribble)

        command.execute()
        #expect(scribble.isEmpty)
        command.undo()
        #expect(ids(scribble.marks) == ids([a, b, c]))
        command.execute()
        #expect(scribble.isEmpty)
        command.undo()
        #expect(ids(scribble.marks) == ids([a, b, c]))
    }

    @Test func undoingAClearKeepsMarksDrawnSinceOnTop() {
        let scribble = Scribble()
        let a = Dot(location: Point(x: 1, y: 1), color: red, size: 2)
        scribble.add(a)
        let command = ClearScribbleCommand(scribble: scribble)
        command.execute()
        let later = Dot(location: Point(x: 2, y: 2), color: red, size: 2)
        scribble.add(later)

        command.undo()

        #expect(ids(scribble.marks) == ids([a, later]))
    }

    @Test func undoingAClearOfNothingChangesNothing() {
        let scribble = Scribble()
        let command = ClearScribbleCommand(scribble: scribble)
        command.execute()
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)

        command.undo()

        #expect(scribble.isEmpty)
        #expect(recorder.kinds == ["reset"])
    }

    // MARK: CommandHistory

    @Test func historyUndoesAndRedoesOneStepAtATime() {
        let scribble = Scribble()
        let history = CommandHistory()
        let a = Dot(location: Point(x: 1, y: 1), color: red, size: 2)
        let b = Dot(location: Point(x: 2, y: 2), color: red, size: 2)
        history.execute(DrawScribbleCommand(scribble: scribble, mark: a))
        history.execute(DrawScribbleCommand(scribble: scribble, mark: b))
        history.execute(ClearScribbleCommand(scribble: scribble))
        #expect(scribble.isEmpty)

        history.undo()
        #expect(ids(scribble.marks) == ids([a, b]))
        history.undo()
        #expect(ids(scribble.marks) == ids([a]))
        history.redo()
        #expect(ids(scribble.marks) == ids([a, b]))
        history.redo()
        #expect(scribble.isEmpty)
        #expect(history.canUndo)
        #expect(!history.canRedo)
    }

    @Test func newCommandClearsRedo() {
        let scribble = Scribble()
        let history = CommandHistory()
        let a = Dot(location: Point(x: 1, y: 1), color: red, size: 2)
        let b = Dot(location: Point(x: 2, y: 2), color: red, size: 2)
        history.execute(DrawScribbleCommand(scribble: scribble, mark: a))
        history.undo()
        #expect(history.canRedo)

        history.execute(DrawScribbleCommand(scribble: scribble, mark: b))
        #expect(!history.canRedo)
        history.redo()
        #expect(ids(scribble.marks) == ids([b]))
    }

    @Test func undoAndRedoOnEmptyStacksDoNothing() {
        let scribble = Scribble()
        let a = Dot(location: Point(x: 1, y: 1), color: red, size: 2)
        scribble.add(a)
        let history = CommandHistory()
        var notifications = 0
        history.onAvailabilityChange = { _, _ in notifications += 1 }

        history.undo()
        history.redo()

        #expect(ids(scribble.marks) == ids([a]))
        #expect(!history.canUndo)
        #expect(!history.canRedo)
        #expect(notifications == 0)
    }

    @Test func oldestCommandsFallOffPastTheLimit() {
        let scribble = Scribble()
        let history = CommandHistory(limit: 1000)
        #expect(history.limit == 1000)
        var drawn: [Mark] = []
        for index in 0..<1005 {
            let dot = Dot(location: Point(x: Float(index), y: 0), color: red, size: 1)
            drawn.append(dot)
            history.execute(DrawScribbleCommand(scribble: scribble, mark: dot))
        }
        for _ in 0..<1000 { history.undo() }
        #expect(!history.canUndo)
        for _ in 0..<5 { history.undo() }

        #expect(ids(scribble.marks) == ids(Array(drawn.prefix(5))))
        for _ in 0..<1000 { history.redo() }
        #expect(scribble.marks.count == 1005)
        #expect(!history.canRedo)
    }

    @Test func zeroLimitRunsCommandsButKeepsNone() {
        let scribble = Scribble()
        let history = CommandHistory(limit: 0)
        history.execute(DrawScribbleCommand(scribble: scribble, mark: Dot(location: .zero, color: red, size: 1)))
        #expect(scribble.marks.count == 1)
        #expect(!history.canUndo)
        #expect(CommandHistory(limit: -3).limit == 0)
    }

    @Test func availabilityIsReportedExactlyOnTransitions() {
        let scribble = Scribble()
        let history = CommandHistory()
        var events: [String] = []
        history.onAvailabilityChange = { canUndo, canRedo in events.append("\(canUndo ? "U" : "-")\(canRedo ? "R" : "-")") }
        func draw() { history.execute(DrawScribbleCommand(scribble: scribble, mark: Dot(location: .zero, color: red, size: 1))) }

        draw() // -- → U-
        draw() // no change
        history.undo() // U- → UR
        history.undo() // UR → -R
        history.undo() // empty: no change
        history.redo() // -R → UR
        history.redo() // UR → U-
        history.redo() // empty: no change
        history.undo() // U- → UR
        draw() // UR → U- (redo cleared)
        history.removeAll() // U- → --
        history.removeAll() // no change

        #expect(events == ["U-", "UR", "-R", "UR", "U-", "UR", "U-", "--"])
        #expect(!history.canUndo && !history.canRedo)
    }

    @Test func removeAllStartsAFreshHistory() {
        let scribble = Scribble()
        let history = CommandHistory()
        let a = Dot(location: .zero, color: red, size: 1)
        history.execute(DrawScribbleCommand(scribble: scribble, mark: a))
        history.execute(ClearScribbleCommand(scribble: scribble))
        history.undo()

        history.removeAll()
        history.undo()
        history.redo()

        #expect(ids(scribble.marks) == ids([a]))
        #expect(!history.canUndo && !history.canRedo)
    }

    // MARK: StrokeStyle

    @Test func strokeStyleDefaultsAndClamps() {
        let style = StrokeStyle()
        #expect(style.color == .black)
        #expect(style.size == 4)
        #expect(StrokeStyle.sizeRange == 1...64)

        style.size = 0.25
        #expect(style.size == 1)
        style.size = 500
        #expect(style.size == 64)
        style.size = -.infinity
        #expect(style.size == 1)
        style.size = 12.5
        #expect(style.size == 12.5)
        style.size = .nan
        #expect(style.size == 1)
        #expect(StrokeStyle(color: red, size: 1000).size == 64)
    }

    @Test func strokeStyleNotifiesAtRegistrationAndOnEveryRealChange() {
        let style = StrokeStyle()
        var seen: [(Color, Float)] = []
        let token = style.addObserver { seen.append(($0.color, $0.size)) }
        #expect(seen.count == 1)
        #expect(seen.last?.0 == .black && seen.last?.1 == 4)

        style.color = red
        style.color = red // same value: no call
        style.size = 10
        style.size = 10 // same value: no call
        style.size = 64
        style.size = 90 // clamps to 64: no change, no call
        #expect(seen.count == 4)
        #expect(seen.last?.0 == red && seen.last?.1 == 64)

        style.removeObserver(token)
        style.size = 2
        #expect(seen.count == 4)
    }

    @Test func strokeStyleKeepsObserversApart() {
        let style = StrokeStyle()
        var first = 0, second = 0
        let firstToken = style.addObserver { _ in first += 1 }
        let secondToken = style.addObserver { _ in second += 1 }
        #expect(firstToken != secondToken)

        style.removeObserver(firstToken)
        style.removeObserver(12345)
        style.size = 8

        #expect(first == 1)
        #expect(second == 2)
    }

    // MARK: SetStrokeColorCommand

    @Test(
        arguments: [
            ((10.4, 10.5, 254.6), Color(red: 10, green: 11, blue: 255)),
            ((-5, 300, 128), Color(red: 0, green: 255, blue: 128)),
            ((.nan, .infinity, -.infinity), Color(red: 0, green: 255, blue: 0)),
            ((0, 0, 0), Color.black),
        ] as [((Double, Double, Double), Color)])
    func colorCommandClampsAndRounds(components: (Double, Double, Double), expected: Color) {
        let style = StrokeStyle(color: Color(red: 1, green: 2, blue: 3, alpha: 100))
        let source = ColorSource(components)
        let command = SetStrokeColorCommand(style: style)
        command.delegate = source

        command.execute()

        #expect(style.color == expected)
        #expect(style.color.alpha == 255)
        #expect(source.finished == [expected])
        #expect(source.asked == 1)
    }

    @Test(arguments: [(50.0, 128), (100, 255), (0, 0), (150, 255), (-3, 0), (.nan, 0), (33.3, 85)] as [(Double, UInt8)])
    func colorCommandSetsTheOpacityInPerCent(opacity: Double, alpha: UInt8) {
        let style = StrokeStyle()
        let source = ColorSource((250, 220, 0))
        source.opacity = opacity
        let command = SetStrokeColorCommand(style: style)
        command.delegate = source
        command.execute()
        #expect(style.color == Color(red: 250, green: 220, blue: 0, alpha: alpha))
    }

    @Test func colorCommandUndoRestoresThePreviousColour() {
        let before = Color(red: 1, green: 2, blue: 3, alpha: 100)
        let style = StrokeStyle(color: before)
        let source = ColorSource((200, 100, 50))
        let command = SetStrokeColorCommand(style: style)
        command.delegate = source

        command.execute()
        #expect(style.color == Color(red: 200, green: 100, blue: 50))
        command.undo()
        #expect(style.color == before)

        source.components = (7, 8, 9)
        command.execute()
        #expect(style.color == Color(red: 7, green: 8, blue: 9))
        command.execute()
        source.components = (70, 80, 90)
        command.execute()
        command.undo()
        #expect(style.color == Color(red: 7, green: 8, blue: 9))
    }

    @Test func colorCommandWithoutDelegateDoesNothing() {
        let style = StrokeStyle(color: red)
        let command = SetStrokeColorCommand(style: style)
        var calls = 0
        style.addObserver { _ in calls += 1 }

        command.execute()
        command.undo()

        #expect(style.color == red)
        #expect(calls == 1)
    }

    @Test func colorCommandHoldsItsDelegateWeakly() {
        let style = StrokeStyle(color: red)
        let command = SetStrokeColorCommand(style: style)
        do {
            let source = ColorSource((1, 2, 3))
            command.delegate = source
        }
        #expect(command.delegate == nil)
        command.execute()
        #expect(style.color == red)
    }

    @Test func colorCommandThroughTheHistory() {
        let style = StrokeStyle()
        let history = CommandHistory()
        let source = ColorSource((0, 0, 255))
        let command = SetStrokeColorCommand(style: style)
        command.delegate = source

        history.execute(command)
        #expect(style.color == Color(red: 0, green: 0, blue: 255))
        history.undo()
        #expect(style.color == .black)
        history.redo()
        #expect(style.color == Color(red: 0, green: 0, blue: 255))
    }

    // MARK: SetStrokeSizeCommand

    @Test(
        arguments: [(10.0, 10), (0.2, 1), (1000, 64), (.nan, 1), (-.infinity, 1), (.infinity, 64), (32.5, 32.5)]
            as [(Double, Float)])
    func sizeCommandClamps(requested: Double, expected: Float) {
        let style = StrokeStyle(size: 20)
        let source = SizeSource(requested)
        let command = SetStrokeSizeCommand(style: style)
        command.delegate = source

        command.execute()

        #expect(style.size == expected)
        #expect(source.finished == [expected])
        #expect(source.asked == 1)
    }

    @Test func sizeCommandUndoRestoresThePreviousSize() {
        let style = StrokeStyle(size: 20)
        let source = SizeSource(5)
        let command = SetStrokeSizeCommand(style: style)
        command.delegate = source

        command.execute()
        #expect(style.size == 5)
        command.undo()
        #expect(style.size == 20)
    }

    @Test func sizeCommandWithoutDelegateDoesNothing() {
        let style = StrokeStyle(size: 20)
        let command = SetStrokeSizeCommand(style: style)
        do {
            let source = SizeSource(5)
            command.delegate = source
        }
        #expect(command.delegate == nil)
        command.execute()
        #expect(style.size == 20)
        command.undo()
        #expect(style.size == 20)
    }
}

/// A palette stand-in that supplies colour components and records what it was told.
private final class ColorSource: SetStrokeColorCommandDelegate {
    var components: (red: Double, green: Double, blue: Double)
    var asked = 0
    var finished: [Color] = []

    init(_ components: (Double, Double, Double)) { self.components = components }

    func colorComponents(for command: SetStrokeColorCommand) -> (red: Double, green: Double, blue: Double) {
        asked += 1
        return components
    }

    /// `nil`: the protocol's default (opaque), as for a client with no opacity control.
    var opacity: Double?
    func opacity(for command: SetStrokeColorCommand) -> Double { opacity ?? 100 }

    func command(_ command: SetStrokeColorCommand, didFinishColorUpdateWith color: Color) {
        finished.append(color)
    }
}

/// A size slider stand-in that supplies a width and records what it was told.
private final class SizeSource: SetStrokeSizeCommandDelegate {
    var requested: Double
    var asked = 0
    var finished: [Float] = []

    init(_ requested: Double) { self.requested = requested }

    func size(for command: SetStrokeSizeCommand) -> Double {
        asked += 1
        return requested
    }

    func command(_ command: SetStrokeSizeCommand, didFinishSizeUpdateWith size: Float) {
        finished.append(size)
    }
}
