import Testing

@testable import ScribbleKit

/// The edit Visitors (book §15.4): transformed and restyled copies, never the original.
@Suite struct TransformVisitorTests {
    private func pressureStroke() -> Stroke {
        let stroke = Stroke(color: .black, size: 6)
        for (index, x) in [10, 40, 80, 130].enumerated() {
            stroke.append(Point(x: Float(x), y: Float(index * 15 + 20)), pressure: Float(index + 1) / 5)
        }
        return stroke
    }

    private func group() -> Stroke {
        let group = Stroke()
        group.add(pressureStroke())
        group.add(Dot(location: Point(x: 200, y: 50), color: .white, size: 8))
        group.isSealed = true
        return group
    }

    @Test func aRotationThenItsInverseGivesTheOriginalBackWithinTheGrid() throws {
        let original = group()
        for angle in stride(from: 0.1, through: 6.2, by: 0.7) {
            let turn = AffineTransform.rotation(angle, about: Point(x: 333.5, y: -21))
            let there = original.transformed(by: turn)
            let back = there.transformed(by: try #require(turn.inverted))
            var points: [(Point, Point)] = []
            func collect(_ a: Mark, _ b: Mark) {
                if let a = a as? Stroke, let b = b as? Stroke {
                    for (x, y) in zip(a.elements, b.elements) {
                        switch (x, y) {
                        case (.vertex(let p), .vertex(let q)): points.append((p, q))
                        case (.mark(let m), .mark(let n)): collect(m, n)
                        default: Issue.record("the tree changed shape")
                        }
                    }
                } else {
                    points.append((a.location, b.location))
                }
            }
            collect(original, back)
            let grid = 2 / MarkLimits.gridScale // a snap each way
            #expect(points.allSatisfy { abs($0.0.x - $0.1.x) <= grid && abs($0.0.y - $0.1.y) <= grid }, "angle \(angle)")
            #expect(back.size == original.size)
        }
    }

    @Test func transformsCompose() {
        let mark = pressureStroke()
        let scale = AffineTransform.scale(sx: 2, sy: 0.5, about: Point(x: 5, y: 5))
        let turn = AffineTransform.rotation(0.4, about: Point(x: 50, y: 60))
        let stepwise = mark.transformed(by: scale).transformed(by: turn) as? Stroke
        let atOnce = mark.transformed(by: scale.then(turn)) as? Stroke
        let pairs = zip(stepwise?.elements ?? StrokeElements(), atOnce?.elements ?? StrokeElements())
        #expect(stepwise?.count == mark.count)
        for case (.vertex(let p), .vertex(let q)) in pairs {
            #expect(abs(p.x - q.x) <= 2 / MarkLimits.gridScale && abs(p.y - q.y) <= 2 / MarkLimits.gridScale)
        }
    }

    @Test func pressuresStayAndWidthsFollowAUniformScale() throws {
        let mark = pressureStroke()
        let doubled = try #require(mark.transformed(by: .scale(sx: 2, sy: 2, about: .zero)) as? Stroke)
        #expect(doubled.pressures == mark.pressures)
        #expect(doubled.size == 12)
        #expect(doubled.location == Point(x: 20, y: 40))
        let turned = try #require(mark.transformed(by: .rotation(1, about: .zero)) as? Stroke)
        #expect(turned.size == mark.size)
        #expect(turned.pressures == mark.pressures)
        let dot = Dot(location: Point(x: 4, y: 4), color: .black, size: 3)
        #expect(dot.transformed(by: .scale(sx: 3, sy: 3, about: .zero)).size == 9)
    }

    @Test func theOriginalIsLeftAloneAndAGroupsBoundsFollowItsCopy() throws {
        let original = group()
        let before = original.bounds
        let moved = original.translated(dx: 100, dy: -50)
        #expect(original.bounds == before)
        #expect(moved.bounds == Rect(minX: before.minX + 100, minY: before.minY - 50, maxX: before.maxX + 100, maxY: before.maxY - 50))
        #expect(moved !== original)
        let locked = Stroke(color: .black, size: 1)
        locked.append(Point(x: 1, y: 1))
        locked.isLocked = true
        #expect(locked.translated(dx: 1, dy: 1).isLocked)
    }

    @Test func theStyleVisitorRestylesEveryPaintingMarkOfAGroupAndKeepsPressures() throws {
        let original = group()
        let restyled = try #require(original.restyled(color: .white, size: 20) as? Stroke)
        #expect(restyled.color == nil) // a group's root paints nothing
        let stroke = try #require(restyled.child(at: 0) as? Stroke)
        #expect(stroke.color == .white && stroke.size == 20)
        #expect(stroke.pressures == pressureStroke().pressures)
        #expect(restyled.child(at: 1)?.size == 20)
        #expect(restyled.bounds.maxX >= 210) // the wider dot widens the group's box
        #expect((original.child(at: 0) as? Stroke)?.color == .black)
    }
}
