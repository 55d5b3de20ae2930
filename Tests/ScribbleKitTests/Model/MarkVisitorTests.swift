import Testing
@testable import ScribbleKit

/// The Visitor on the real path: a composite passes the visitor to its children, a kind of
/// mark the visitors do not know reaches them through the catch-all, and full frames are
/// drawn through `accept`.
@Suite(.timeLimit(.minutes(1))) struct MarkVisitorTests {
    /// Counts what it is shown and walks nothing itself: whatever it sees, the marks' own
    /// `accept` passed to it.
    final class CountingVisitor: MarkVisitor {
        var dots = 0, strokes = 0, left = 0, vertices = 0, others = 0

        func visit(dot: Dot) { dots += 1 }
        func visit(stroke: Stroke) -> Bool {
            strokes += 1
            return true
        }
        func visit(vertices range: Range<Int>, of stroke: Stroke) { vertices += range.count }
        func leave(stroke: Stroke) { left += 1 }
        func visit(mark: Mark) {
            others += 1
            for index in 0..<mark.count { mark.child(at: index)?.accept(self) }
        }
    }

    /// root(line(3 vertices), group(dot, inner(2 vertices), pin(head)), 1 inline vertex)
    private func tree() -> (root: Stroke, pin: Pin) {
        let root = Stroke()
        let line = Stroke(color: .black, size: 2)
        line.append(contentsOf: [Point(x: 1, y: 1), Point(x: 2, y: 2), Point(x: 3, y: 3)])
        let group = Stroke()
        group.add(Dot(location: Point(x: 5, y: 5), color: .black, size: 2))
        let inner = Stroke(color: .black, size: 1)
        inner.append(contentsOf: [Point(x: 6, y: 6), Point(x: 7, y: 7)])
        group.add(inner)
        let pin = Pin(at: Point(x: 8, y: 8))
        group.add(pin)
        group.isSealed = true
        root.add(line)
        root.add(group)
        root.append(Point(x: 9, y: 9))
        return (root, pin)
    }

    @Test func aStrokePassesTheVisitorToEveryChild() {
        let (root, pin) = tree()
        let visitor = CountingVisitor()
        root.accept(visitor)
        #expect(visitor.strokes == 4) // root, line, group, inner
        #expect(visitor.left == 4)
        #expect(visitor.dots == 2) // the dot and the pin's head
        #expect(visitor.vertices == 3 + 2 + 1)
        #expect(visitor.others == 1)
        #expect(pin.visits == 1)
    }

    @Test func aVisitorThatDeclinesAStrokeSeesNoneOfItsChildren() {
        final class Declining: MarkVisitor {
            var dots = 0, strokes = 0
            func visit(dot: Dot) { dots += 1 }
            /// Enters the root and coloured strokes, not a group.
            func visit(stroke: Stroke) -> Bool {
                strokes += 1
                return strokes == 1 || stroke.color != nil
            }
        }
        let (root, _) = tree()
        let visitor = Declining()
        root.accept(visitor)
        #expect(visitor.strokes == 3) // the root, the line, the group (not inner: it is in the group)
        #expect(visitor.dots == 0) // the group held them all
    }

    @Test func theRendererDrawsANewKindThroughTheCatchAll() {
        let pin = Pin(at: Point(x: 20, y: 20))
        let image = ImageSurface(width: 40, height: 40)
        image.render(pin)
        #expect(image.pixel(x: 20, y: 20, is: Color(red: 200, green: 0, blue: 0)))
        #expect(pin.visits == 1)
    }

    @Test func fullFramesDrawEveryMarkThroughAccept() {
        let scribble = Scribble()
        let loose = Pin(at: Point(x: 30, y: 30))
        scribble.add(loose)
        let (root, nested) = tree() // a sealed group holding a pin
        for case .mark(let mark) in root.elements { scribble.add(mark) }
        let drawing = Stroke(color: .black, size: 3) // a stroke in progress: not sealed
        drawing.append(contentsOf: [Point(x: 60, y: 10), Point(x: 90, y: 40)])
        scribble.add(drawing)
        #expect(!drawing.isSealed)

        let frame = CanvasBackdrop(rendering: scribble.root, width: 120, height: 80, scale: 1, background: .plain)
        let blank = CanvasBackdrop(rendering: nil as Stroke?, width: 120, height: 80, scale: 1, background: .plain)
        #expect(loose.visits >= 1) // once a tile it lies in
        #expect(nested.visits >= 1)
        let difference = PixelDifference(frame.surface, blank.surface)
        #expect(difference.pixels.contains { $0.x == 30 && $0.y == 30 }) // the pin's head
        #expect(difference.pixels.contains { $0.x == 75 && $0.y == 25 }) // the stroke in progress
    }

    @Test func editVisitorsCopeWithANewKind() {
        let pin = Pin(at: Point(x: 10, y: 10))
        let moved = pin.translated(dx: 5, dy: 0)
        #expect(moved.location == Point(x: 15, y: 10))
        #expect(moved.bounds.width == pin.bounds.width)
        let recoloured = pin.restyled(color: .black, size: nil)
        var colours: [Color] = []
        recoloured.enumerateMarks { part, _ in if let color = part.color { colours.append(color) } }
        #expect(colours == [.black])
    }
}
