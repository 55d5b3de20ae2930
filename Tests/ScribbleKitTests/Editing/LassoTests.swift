import Testing

@testable import ScribbleKit

/// The lasso: marks wholly inside it, or with Alt every mark it touches.
@Suite struct LassoTests {
    private func stroke(_ points: [(Float, Float)]) -> Stroke {
        let stroke = Stroke(color: .black, size: 2)
        for (x, y) in points { stroke.append(Point(x: x, y: y)) }
        return stroke
    }

    /// A U-shaped loop: the notch between its arms (x 40–60, y 0–70) is outside it.
    private let horseshoe = Lasso(
        [(0, 0), (40, 0), (40, 70), (60, 70), (60, 0), (100, 0), (100, 100), (0, 100)].map { Point(x: $0.0, y: $0.1) })

    @Test func pointsInsideAConcaveLoopAndOutOfItsNotch() {
        #expect(horseshoe.contains(Point(x: 20, y: 50)))
        #expect(horseshoe.contains(Point(x: 50, y: 90)))
        #expect(!horseshoe.contains(Point(x: 50, y: 30))) // in the notch
        #expect(!horseshoe.contains(Point(x: 150, y: 50)))
    }

    @Test func wholyInsideOrTouching() {
        let scribble = Scribble()
        let inside = stroke([(10, 10), (30, 80)])
        let acrossTheNotch = stroke([(20, 50), (80, 50)])
        let outside = stroke([(200, 200), (250, 260)])
        let dotInside = Dot(location: Point(x: 80, y: 80), color: .black, size: 4)
        let lockedInside = stroke([(10, 90), (30, 90)])
        lockedInside.isLocked = true
        for mark: Mark in [inside, acrossTheNotch, outside, dotInside, lockedInside] { scribble.add(mark) }
        let enclosed = scribble.marks(in: horseshoe, touching: false)
        #expect(enclosed.count == 2, "\(enclosed.map(\.location))")
        #expect(enclosed.first === inside && enclosed.last === dotInside)
        let touched = scribble.marks(in: horseshoe, touching: true)
        #expect(touched.count == 3 && touched[1] === acrossTheNotch)
        // A stroke that only crosses the loop, with no vertex inside, is touched too.
        let crossing = stroke([(-50, 50), (150, 50)])
        #expect(horseshoe.touches(crossing) && !horseshoe.encloses(crossing))
    }

    @Test func aLoopOfFewerThanThreePointsSelectsNothing() {
        let scribble = Scribble()
        scribble.add(stroke([(1, 1), (2, 2)]))
        #expect(scribble.marks(in: Lasso([Point(x: 0, y: 0), Point(x: 5, y: 5)]), touching: true).isEmpty)
    }
}
