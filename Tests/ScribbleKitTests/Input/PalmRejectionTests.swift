import Testing
@testable import ScribbleKit

/// Palm rejection over synthetic sequences of touch and stylus events, and the stylus'
/// barrel buttons through `ToolDispatcher`.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PalmRejectionTests {
    /// `palm.admits` (a mutating call cannot sit inside `#expect`).
    private func admit(_ palm: inout PalmRejection, _ device: ToolEvent.Device, time: UInt32) -> Bool {
        palm.admits(device, time: time)
    }

    @Test func touchesAreIgnoredForASecondAfterTheStylusAndWhileItIsNear() {
        var palm = PalmRejection()
        #expect(admit(&palm, .touch(finger: 1), time: 100)) // no stylus yet
        #expect(admit(&palm, .pen, time: 1000))
        #expect(!admit(&palm, .touch(finger: 1), time: 1001))
        #expect(!admit(&palm, .touch(finger: 2), time: 1999))
        #expect(admit(&palm, .touch(finger: 2), time: 2000))
        #expect(admit(&palm, .mouse, time: 1500)) // a mouse is never a palm
        // Near the screen, however long ago it last touched.
        palm.stylus(near: true, time: 5000)
        #expect(!admit(&palm, .touch(finger: 3), time: 60_000))
        palm.stylus(near: false, time: 61_000)
        #expect(!admit(&palm, .touch(finger: 3), time: 61_500))
        #expect(admit(&palm, .touch(finger: 3), time: 62_000))
        // The eraser end counts as the stylus too.
        #expect(admit(&palm, .eraser, time: 70_000))
        #expect(!admit(&palm, .touch(finger: 4), time: 70_400))
    }

    @Test func theServersClockWrappingDoesNotLetAPalmThrough() {
        var palm = PalmRejection()
        #expect(admit(&palm, .pen, time: UInt32.max - 100))
        #expect(!admit(&palm, .touch(finger: 1), time: 200)) // 301 ms later
        #expect(admit(&palm, .touch(finger: 1), time: 900)) // 1001 ms later
    }

    @Test func turnedOffEveryTouchIsAdmitted() {
        var palm = PalmRejection()
        palm.isEnabled = false
        palm.stylus(near: true, time: 10)
        #expect(admit(&palm, .pen, time: 20))
        #expect(admit(&palm, .touch(finger: 1), time: 30))
    }

    @Test func theStylusEndsWhatAPalmWasDrawing() {
        let host = CanvasInputTests.Host()
        let input = host.input
        input.handle(ToolEvent(kind: .press, point: Point(x: 10, y: 10), device: .touch(finger: 1)))
        input.handle(ToolEvent(kind: .motion, point: Point(x: 30, y: 10), device: .touch(finger: 1)))
        input.handle(ToolEvent(kind: .press, point: Point(x: 10, y: 80), device: .pen, pressure: 0.5, button: 1))
        input.handle(ToolEvent(kind: .motion, point: Point(x: 60, y: 80), device: .touch(finger: 1))) // no longer the palm's stroke
        input.handle(ToolEvent(kind: .motion, point: Point(x: 60, y: 80), device: .pen, pressure: 0.5, isPrimaryDown: true))
        input.handle(ToolEvent(kind: .release, point: Point(x: 60, y: 80), device: .pen, pressure: 0.5, button: 1))
        let marks = host.document.scribble.marks
        #expect(marks.count == 2)
        #expect(marks[0].bounds.maxX < 40) // the palm's stroke ended where the stylus came
    }

    /// A stylus' tip drag from `start` to `end` with barrel button `number` held.
    private func barrelDrag(_ input: ToolDispatcher, button number: Int, from start: Point, to end: Point) {
        input.handle(ToolEvent(kind: .press, point: start, device: .pen, pressure: 0.5, button: 1, stylusButton: number))
        input.handle(ToolEvent(kind: .motion, point: end, device: .pen, pressure: 0.5, isPrimaryDown: true, stylusButton: number))
        input.handle(ToolEvent(kind: .release, point: end, device: .pen, pressure: 0.5, button: 1, stylusButton: number))
    }

    @Test func eachBarrelButtonWorksTheToolThePreferencesGiveIt() {
        let host = CanvasInputTests.Host()
        let input = host.input
        barrelDrag(input, button: 0, from: Point(x: 10, y: 10), to: Point(x: 90, y: 10)) // a stroke
        #expect(host.document.scribble.marks.count == 1)
        input.preferences.firstStylusButton = .select
        barrelDrag(input, button: 1, from: Point(x: 50, y: 10), to: Point(x: 50, y: 10))
        #expect(host.selection.marks.count == 1)
        #expect(host.document.scribble.marks.count == 1) // selecting drew nothing
        input.preferences.secondStylusButton = .eraser
        barrelDrag(input, button: 2, from: Point(x: 0, y: 10), to: Point(x: 100, y: 10))
        #expect(host.document.scribble.isEmpty)
        #expect(input.tool is PenTool) // the chosen tool stays
        input.preferences.firstStylusButton = .pan // the canvas view pans; the tools draw nothing
        barrelDrag(input, button: 1, from: Point(x: 10, y: 40), to: Point(x: 90, y: 40))
        #expect(host.document.scribble.isEmpty)
        input.preferences.firstStylusButton = .nothing // the tip draws as if no button were held
        barrelDrag(input, button: 1, from: Point(x: 10, y: 40), to: Point(x: 90, y: 40))
        #expect(host.document.scribble.marks.count == 1)
    }

    @Test func aBarrelButtonClickedAboveTheScreenWorksItsToolToo() {
        let host = CanvasInputTests.Host()
        let input = host.input
        barrelDrag(input, button: 0, from: Point(x: 10, y: 10), to: Point(x: 90, y: 10))
        input.preferences.firstStylusButton = .eraser
        // GDK's button 2 from the pen: the first barrel button pressed, dragged and released.
        input.handle(ToolEvent(kind: .press, point: Point(x: 0, y: 10), device: .pen, button: 2, stylusButton: 1))
        input.handle(ToolEvent(kind: .motion, point: Point(x: 100, y: 10), device: .pen, stylusButton: 1))
        input.handle(ToolEvent(kind: .release, point: Point(x: 100, y: 10), device: .pen, button: 2, stylusButton: 1))
        #expect(host.document.scribble.isEmpty)
    }
}
