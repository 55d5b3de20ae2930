import Testing

@testable import ScribbleKit

/// A picture under the tools (issue 54): its handles keep its proportions unless Shift is
/// held, the part eraser leaves it while Whole marks takes it, ink over it stays above it,
/// and it goes through the clipboard between scribbles with its bytes.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PictureEditingTests {
    typealias Host = ToolHost

    /// A drag through `points`, `modifiers` held from the first motion on (Shift at the press
    /// would add to the selection instead).
    private func drag(_ host: Host, _ points: [Point], _ modifiers: ToolModifiers = []) {
        guard let first = points.first, let last = points.last else { return }
        host.input.handle(ToolEvent(kind: .press, point: first, device: .mouse, button: 1))
        for point in points.dropFirst() {
            host.input.handle(ToolEvent(kind: .motion, point: point, device: .mouse, isPrimaryDown: true, modifiers: modifiers))
        }
        host.input.handle(ToolEvent(kind: .release, point: last, device: .mouse, button: 1))
    }

    /// A 120 × 80 picture at (100, 100).
    private func picture() -> Picture {
        Picture(content: MarkKindSample.pictureContent, width: 120, height: 80, at: Point(x: 100, y: 100))
    }

    @Test(arguments: [false, true])
    func aPicturesHandleKeepsItsProportionsUnlessShiftIsHeld(shift: Bool) throws {
        let host = Host()
        host.document.scribble.add(picture())
        let select = SelectTool(host: host)
        host.input.install(select)
        drag(host, [Point(x: 160, y: 140)]) // a click selects it
        let box = try #require(select.box)
        // The right handle dragged out by half the box's width: the box 1.5 times as wide.
        let right = box.position(of: .right)
        drag(host, [right, Point(x: right.x + box.rect.width / 4, y: right.y)], shift ? .shift : [])
        let scaled = try #require(host.document.scribble.marks.first as? Picture)
        let ratio = scaled.bounds.width / scaled.bounds.height
        #expect(scaled.bounds.width > 160)
        #expect(shift ? ratio > 2 : abs(ratio - 1.5) < 0.01, "\(scaled.bounds)")
    }

    @Test func thePartEraserLeavesAPictureAndWholeMarksTakesIt() throws {
        let host = Host()
        let shown = picture()
        host.document.scribble.add(shown)
        host.input.install(EraserTool(host: host))
        drag(host, [Point(x: 90, y: 140), Point(x: 230, y: 140)])
        #expect(host.document.scribble.marks.first === shown, "not cut")
        host.eraserOptions.mode = .wholeMarks
        host.input.install(EraserTool(host: host))
        drag(host, [Point(x: 90, y: 140), Point(x: 230, y: 140)])
        #expect(host.document.scribble.marks.isEmpty, "taken whole")
        host.document.undo()
        #expect(host.document.scribble.marks.first === shown)
    }

    @Test func inkDrawnOverAPictureStaysAboveIt() {
        let scribble = Scribble()
        scribble.add(picture())
        let stroke = Stroke(color: .black, size: 6)
        stroke.append(Point(x: 90, y: 140))
        stroke.append(Point(x: 230, y: 140))
        scribble.add(stroke)
        let surface = ImageSurface(width: 300, height: 250)
        surface.render(scribble.root)
        #expect(surface.pixel(x: 160, y: 140, is: .black) && !surface.pixel(x: 160, y: 120, is: .black))
        #expect(scribble.topmostMark(at: Point(x: 160, y: 140))?.mark === stroke)
        #expect(scribble.topmostMark(at: Point(x: 160, y: 120))?.mark is Picture)
    }

    @Test func aPictureGoesThroughTheClipboardWithItsBytes() throws {
        let turned = picture().transformed(by: .rotation(0.3, about: Point(x: 160, y: 140)))
        let marks = try #require(MarkClipboard.marks(from: MarkClipboard.data(of: [turned])))
        #expect(marks.count == 1 && marksEqual(marks[0], turned))
        #expect((marks[0] as? Picture)?.content.bytes == MarkKindSample.pictureContent.bytes)
    }
}
