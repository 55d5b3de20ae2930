import Testing

@testable import ScribbleKit

/// The shape tools, the pen's hold, the lasso and the selection's handles, driven headless
/// through `ToolDispatcher` as the canvas drives them.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EditingToolTests {
    typealias Host = ToolHost

    private func press(_ host: Host, _ point: Point, _ modifiers: ToolModifiers = []) {
        host.input.handle(ToolEvent(kind: .press, point: point, device: .mouse, button: 1, modifiers: modifiers))
    }

    private func move(_ host: Host, _ point: Point, _ modifiers: ToolModifiers = []) {
        host.input.handle(ToolEvent(kind: .motion, point: point, device: .mouse, isPrimaryDown: true, modifiers: modifiers))
    }

    private func release(_ host: Host, _ point: Point) {
        host.input.handle(ToolEvent(kind: .release, point: point, device: .mouse, button: 1))
    }

    private func drag(_ host: Host, _ points: [Point], _ modifiers: ToolModifiers = []) {
        guard let first = points.first, let last = points.last else { return }
        press(host, first, modifiers)
        for point in points.dropFirst() { move(host, point, modifiers) }
        release(host, last)
    }

    @Test func eachShapeToolDrawsOneOrdinaryStrokeAsOneUndoStep() throws {
        let host = Host()
        host.strokeStyle.color = Color(red: 200, green: 0, blue: 0, alpha: 128)
        for kind in ShapeTool.Kind.allCases {
            host.input.install(ShapeTool(host: host, kind: kind))
            drag(host, [Point(x: 100, y: 100), Point(x: 150, y: 130), Point(x: 200, y: 160)])
        }
        let marks = host.document.scribble.marks
        #expect(marks.count == 4)
        #expect(host.document.history.undoCount == 4)
        #expect(marks.allSatisfy { ($0 as? Stroke)?.isSealed == true && $0.color == host.strokeStyle.color })
        #expect(marks.map(\.count) == [2, 5, marks[2].count, 5])
        #expect(marks[2].count > 16) // the ellipse
        // A click draws nothing.
        press(host, Point(x: 5, y: 5))
        release(host, Point(x: 5, y: 5))
        #expect(host.document.scribble.marks.count == 4)
    }

    @Test func shiftConstrainsAndCtrlDrawsFromTheCentre() {
        let start = Point(x: 100, y: 100)
        let line = ShapeTool.points(.line, from: start, to: Point(x: 200, y: 110), modifiers: .shift, width: 2)
        #expect(abs(line[1].y - 100) < 0.01) // 5.7° snaps to level
        let square = ShapeTool.points(.rectangle, from: start, to: Point(x: 160, y: 130), modifiers: .shift, width: 2)
        let box = square.reduce(Rect.null) { $0.union($1) }
        #expect(box.width == 60 && box.height == 60)
        let centred = ShapeTool.points(.ellipse, from: start, to: Point(x: 140, y: 120), modifiers: .control, width: 2)
        let oval = centred.reduce(Rect.null) { $0.union($1) }
        #expect(abs(oval.minX - 60) < 0.5 && abs(oval.maxX - 140) < 0.5 && abs(oval.minY - 80) < 0.5)
        let circle = ShapeTool.points(.ellipse, from: start, to: Point(x: 180, y: 120), modifiers: [.shift, .control], width: 2)
        let round = circle.reduce(Rect.null) { $0.union($1) }
        #expect(abs(round.width - round.height) < 0.01)
    }

    @Test func holdingThePenStillRecognisesTheStrokeAndOneUndoGivesItBack() throws {
        let host = Host()
        let pen = try #require(host.input.tool as? PenTool)
        var now: UInt64 = 0
        pen.clock = { now }
        let corners = [Point(x: 0, y: 0), Point(x: 200, y: 2), Point(x: 201, y: 120), Point(x: 1, y: 121), Point(x: 0, y: 4)]
        press(host, corners[0])
        for (a, b) in zip(corners, corners.dropFirst()) {
            for step in 1...10 {
                let t = Float(step) / 10
                move(host, Point(x: a.x + (b.x - a.x) * t + (step % 2 == 0 ? 1 : -1), y: a.y + (b.y - a.y) * t))
            }
        }
        let drawn = try #require(host.document.scribble.marks.first as? Stroke)
        // Still moving when the timer fires: it waits for the rest of the hold.
        now = 300_000_000
        host.runScheduled()
        #expect(host.document.scribble.marks.first === drawn)
        now = 600_000_000
        host.runScheduled()
        let shape = try #require(host.document.scribble.marks.first as? Stroke)
        #expect(shape !== drawn && shape.count == 5 && shape.color == drawn.color)
        release(host, Point(x: 0, y: 4))
        #expect(host.document.scribble.marks.count == 1)
        host.document.undo()
        #expect(host.document.scribble.marks.first === drawn)
        host.document.undo()
        #expect(host.document.scribble.isEmpty)
    }

    @Test func withoutAHoldNothingIsRecognised() throws {
        let host = Host()
        drag(host, [Point(x: 0, y: 0), Point(x: 100, y: 1), Point(x: 200, y: 0)])
        host.runScheduled() // the timer fires after the release: cancelled
        #expect(host.document.scribble.marks.first?.count == 3) // as drawn
    }

    @Test func aLassoSelectsWhatItEnclosesAndAltWhatItTouches() {
        let host = Host()
        let scribble = host.document.scribble
        for x: Float in [50, 150, 250] {
            let stroke = Stroke(color: .black, size: 2)
            stroke.append(Point(x: x, y: 50))
            stroke.append(Point(x: x + 40, y: 60))
            scribble.add(stroke)
        }
        host.input.install(SelectTool(host: host))
        let loop = [Point(x: 20, y: 20), Point(x: 220, y: 20), Point(x: 220, y: 100), Point(x: 20, y: 100), Point(x: 20, y: 22)]
        drag(host, loop)
        #expect(host.selection.marks.count == 2)
        drag(host, [Point(x: 5, y: 5), Point(x: 270, y: 5), Point(x: 270, y: 55), Point(x: 5, y: 55), Point(x: 5, y: 6)], .alt)
        #expect(host.selection.marks.count == 3)
    }

    @Test func theHandlesScaleAndRotateAboutTheCentreAsOneUndoStep() throws {
        let host = Host()
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 100, y: 100))
        stroke.append(Point(x: 200, y: 100))
        host.document.scribble.add(stroke)
        let select = SelectTool(host: host)
        host.input.install(select)
        press(host, Point(x: 150, y: 100))
        release(host, Point(x: 150, y: 100))
        let box = try #require(select.box)
        // The right handle, dragged out by the box's half-width: twice as wide.
        let right = box.position(of: .right)
        drag(host, [right, Point(x: right.x + box.rect.width / 4, y: right.y), Point(x: right.x + box.rect.width / 2, y: right.y)])
        let wider = try #require(host.document.scribble.marks.first as? Stroke)
        // Twice as long; the pen's width scales by √2 (the area's factor's root) with a 2×1 scale.
        let expected: Float = 200 + 4 * Float(2).squareRoot()
        #expect(abs(wider.bounds.width - expected) < 0.5)
        #expect(host.document.history.undoCount == 1)
        // The rotate handle, dragged a quarter turn round (Shift: whole 15° steps).
        let turnBox = try #require(select.box)
        let knob = turnBox.position(of: .rotate), center = turnBox.center
        let reach = center.y - knob.y
        drag(host, [knob, Point(x: center.x + reach * 0.7, y: center.y - reach * 0.7), Point(x: center.x + reach, y: center.y + 1)], .shift)
        let turned = try #require(host.document.scribble.marks.first as? Stroke)
        #expect(abs(turned.bounds.width - turned.size) < 1) // upright now
        #expect(host.document.history.undoCount == 2)
        host.document.undo()
        #expect(host.document.scribble.marks.first === wider)
    }

    @Test func reorderingMovesOnlyTheRunThatChangesAndUndoes() {
        let scribble = Scribble()
        let marks = (0..<5).map { Dot(location: Point(x: Float($0), y: 0), color: .black, size: 2) }
        marks.forEach(scribble.add)
        let front = ReorderMarksCommand(scribble: scribble, marks: [marks[1]], order: .front)
        front.execute()
        #expect(scribble.marks.map { $0.location.x } == [0, 2, 3, 4, 1])
        front.undo()
        #expect(scribble.marks.map { $0.location.x } == [0, 1, 2, 3, 4])
        #expect(ReorderMarksCommand(scribble: scribble, marks: [marks[4]], order: .raise).isEmpty) // on top already
        let lower = ReorderMarksCommand(scribble: scribble, marks: [marks[2], marks[3]], order: .lower)
        lower.execute()
        #expect(scribble.marks.map { $0.location.x } == [0, 2, 3, 1, 4])
    }

    @Test func copiedMarksComeBackFromTheClipboardsBytes() throws {
        let stroke = Stroke(color: .white, size: 3)
        stroke.append(Point(x: 1, y: 2), pressure: 0.4)
        stroke.append(Point(x: 3, y: 4), pressure: 0.8)
        let dot = Dot(location: Point(x: 9, y: 9), color: .black, size: 5)
        let marks = try #require(MarkClipboard.marks(from: MarkClipboard.data(of: [stroke, dot])))
        #expect(marks.count == 2 && marksEqual(marks[0], stroke) && marksEqual(marks[1], dot))
        #expect(MarkClipboard.marks(from: Array("not marks".utf8)) == nil)
    }

    @Test func theRotateHandleHangsBelowABoxAtTheTopOfTheView() {
        let view = Rect(minX: 0, minY: 0, maxX: 800, maxY: 600)
        let atTop = SelectionBox(around: Rect(minX: 100, minY: 10, maxX: 200, maxY: 50), viewPixel: 1, visible: view)
        #expect(atTop.position(of: .rotate).y > atTop.rect.maxY)
        #expect(atTop.handle(at: atTop.position(of: .rotate)) == .rotate)
        #expect(atTop.area().maxY > atTop.position(of: .rotate).y)
        let lower = SelectionBox(around: Rect(minX: 100, minY: 200, maxX: 200, maxY: 250), viewPixel: 1, visible: view)
        #expect(lower.position(of: .rotate).y < lower.rect.minY)
    }
}
