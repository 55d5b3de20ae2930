import Testing
@testable import ScribbleKit

/// Hostile sizes: marks made in code are clamped to the limits the reader enforces, and whatever
/// the model holds saves to a file that reads back and draws.
@Suite(.timeLimit(.minutes(1))) struct MarkLimitsTests {
    @Test func strokeWidthsAreClampedWhenMadeAndWhenSet() {
        #expect(Stroke(size: 1e12).size == 1024)
        #expect(Stroke(size: 0).size == MarkLimits.minimumSize)
        #expect(Stroke(size: -3).size == MarkLimits.minimumSize)
        #expect(Stroke(size: .nan).size == MarkLimits.minimumSize)
        #expect(Stroke(size: 1024).size == 1024)
        let stroke = Stroke(size: 3)
        stroke.size = .infinity
        #expect(stroke.size == 1024)
        stroke.size = -.infinity
        #expect(stroke.size == MarkLimits.minimumSize)
        stroke.size = 7.5
        #expect(stroke.size == 7.5)
    }

    @Test func dotSizesAreClampedWhenMadeAndWhenSet() {
        let dot = Dot(location: .zero, color: .black, size: 3.4e38)
        #expect(dot.size == 1024)
        dot.size = -4
        #expect(dot.size == MarkLimits.minimumSize)
        dot.size = 12
        #expect(dot.size == 12)
    }

    @Test func locationsAreClampedEveryWayTheyEnter() {
        let stroke = Stroke(color: .black, size: 2)
        stroke.append(Point(x: 1e9, y: -1e9))
        stroke.append(contentsOf: [Point(x: .nan, y: .infinity), Point(x: 999_999, y: -1_000_000)])
        stroke.insert(Vertex(location: Point(x: -.infinity, y: 5)), at: 0)
        #expect(
            stroke.elements.compactMap { if case .vertex(let point) = $0 { point } else { nil } } == [
                Point(x: -1_000_000, y: 5), Point(x: 1_000_000, y: -1_000_000), Point(x: 0, y: 1_000_000),
                Point(x: 999_999, y: -1_000_000),
            ])
        stroke.location = Point(x: 3e6, y: 1)
        #expect(stroke.location == Point(x: 1_000_000, y: 1))
        #expect(stroke.bounds.maxX == 1_000_001) // the clamped box, grown by half the width

        let dot = Dot(location: Point(x: 2e6, y: .nan), color: .black, size: 4)
        #expect(dot.location == Point(x: 1_000_000, y: 0))
        dot.location = Point(x: -5e6, y: 7)
        #expect(dot.location == Point(x: -1_000_000, y: 7))
        let vertex = Vertex(location: Point(x: 1, y: 1e30))
        #expect(vertex.location == Point(x: 1, y: 1_000_000))
    }

    @Test func locationsSnapToTheGridEveryWayTheyEnter() {
        // 1/256 px: what format version 2 stores, so a drawing reads back as it was drawn.
        let step = 1 / MarkLimits.gridScale
        let stroke = Stroke(color: .black, size: 2)
        stroke.append(Point(x: 0.1, y: -0.1))
        stroke.append(Point(x: 10.3, y: 2.5), pressure: 0.5)
        stroke.append(contentsOf: [Point(x: -0.001, y: 0.001)])
        #expect(
            stroke.elements.compactMap { if case .vertex(let point) = $0 { point } else { nil } } == [
                Point(x: 26 * step, y: -26 * step), Point(x: 2637 * step, y: 2.5), Point(x: 0, y: 0),
            ])
        // −0 becomes +0: one bit pattern per grid point.
        let zero = Vertex(location: Point(x: -0.0, y: -0.0001))
        #expect(zero.location.x.sign == .plus && zero.location.y.sign == .plus)
        #expect(Dot(location: Point(x: 1.0 / 3, y: 7), color: .black, size: 2).location == Point(x: 85 * step, y: 7))
        // Far out, floats are coarser than the grid and stay as they are.
        #expect(Vertex(location: Point(x: 999_999.94, y: -70_000.01)).location == Point(x: 999_999.94, y: -70_000.01))
        // Moving snaps too, and keeps the box right.
        let moved = stroke.translated(dx: 0.3, dy: 0) as! Stroke
        #expect(moved.location == Point(x: 103 * step, y: -26 * step))
        #expect(moved.bounds == Rect(minX: 77 * step - 1, minY: -26 * step - 1, maxX: 2714 * step + 1, maxY: 3.5))
    }

    @Test func aDrawingAtTheLimitsSavesAndReadsBack() throws {
        let scribble = Scribble()
        let wide = Stroke(color: .black, size: 1e9)
        wide.append(contentsOf: [Point(x: -.infinity, y: -2e6), Point(x: 2e6, y: .infinity)])
        scribble.add(wide)
        scribble.add(Dot(location: Point(x: 5, y: 5), color: .black, size: -1))
        let restored = try ScribbleMemento(data: scribble.makeMemento().data)
        #expect(marksEqual(Scribble(memento: restored).root, scribble.root))
    }

    @Test func aStrokeAtTheLimitsDrawsAcrossTheCanvas() {
        // 1024 px wide, corner to corner of the allowed area: the pen covers this whole
        // surface, which lies on its diagonal.
        let stroke = Stroke(color: .black, size: 1e12)
        stroke.append(contentsOf: [Point(x: -1e9, y: -1e9), Point(x: 1e9, y: 1e9)])
        let surface = ImageSurface(width: 100, height: 100)
        surface.render(stroke)
        #expect(surface.countPixels(differentFrom: .black) == 0)
    }

    @Test func lineSpanningTheWholeAllowedAreaDraws() {
        // Cairo alone paints nothing for this line (it spans 2.8 million px); the renderer
        // hands it only the part that can show.
        let stroke = Stroke(color: .black, size: 8)
        stroke.append(contentsOf: [Point(x: -1e6, y: -1e6), Point(x: 1e6, y: 1e6), Point(x: 1e6, y: 300)])
        let surface = ImageSurface(width: 500, height: 400)
        surface.render(stroke)
        #expect(surface.pixel(x: 5, y: 5, is: .black))
        #expect(surface.pixel(x: 390, y: 390, is: .black))
        #expect(surface.pixel(x: 390, y: 370, is: .white))
        #expect(surface.countPixels(differentFrom: .white) < 500 * 14)
        let clipped = ImageSurface(width: 500, height: 400)
        clipped.render(stroke, clip: Rect(x: 100, y: 100, width: 50, height: 50))
        #expect(clipped.pixel(x: 120, y: 120, is: .black))
        #expect(clipped.pixel(x: 5, y: 5, is: .white))
    }
}
