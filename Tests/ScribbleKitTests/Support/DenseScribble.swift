import Foundation
@testable import ScribbleKit

/// The dense drawing the rendering and export suites compare renderers on.
enum DenseScribble {
    /// A dense scribble: random walks that overlap many times over (so the occlusion map
    /// hides much), opaque and translucent colours, thin and fat pens, dots, a stroke with a
    /// nested stroke and a dot inside, a one-vertex stroke and an empty one.
    static func make(
        seed: UInt64, strokes: Int = 120, vertices: ClosedRange<Int> = 20...400,
        width: Float = 320, height: Float = 240
    ) -> Scribble {
        var rng = SplitMix64(seed: seed)
        let scribble = Scribble()
        func color() -> Color {
            Color(
                red: .random(in: 0...255, using: &rng), green: .random(in: 0...255, using: &rng),
                blue: .random(in: 0...255, using: &rng),
                alpha: Int.random(in: 0..<5, using: &rng) == 0 ? .random(in: 40...254, using: &rng) : 255)
        }
        func walk(_ count: Int, into stroke: Stroke) {
            // Start a little off the canvas at times: marks that hang over the edge must clip alike.
            var x = Float.random(in: -10...(width + 10), using: &rng), y = Float.random(in: -10...(height + 10), using: &rng)
            for _ in 0..<count {
                stroke.append(Point(x: x, y: y))
                let angle = Float.random(in: 0..<(2 * .pi), using: &rng)
                x = min(max(x + 3 * Float(cos(Double(angle))), -10), width + 10)
                y = min(max(y + 3 * Float(sin(Double(angle))), -10), height + 10)
            }
        }
        for index in 0..<strokes {
            let size: Float = index % 17 == 0 ? .random(in: 20...40, using: &rng) : .random(in: 1...12, using: &rng)
            let stroke = Stroke(color: color(), size: size)
            walk(Int.random(in: vertices, using: &rng), into: stroke)
            scribble.add(stroke)
            if index % 10 == 0 {
                scribble.add(
                    Dot(
                        location: Point(x: .random(in: 0...width, using: &rng), y: .random(in: 0...height, using: &rng)),
                        color: color(), size: .random(in: 2...30, using: &rng)))
            }
        }
        let nesting = Stroke(color: color(), size: 8)
        walk(30, into: nesting)
        let nested = Stroke(color: color(), size: 5)
        walk(30, into: nested)
        nesting.add(nested)
        nesting.add(Dot(location: Point(x: width / 2, y: height / 2), color: color(), size: 12))
        walk(30, into: nesting)
        scribble.add(nesting)
        let single = Stroke(color: color(), size: 14)
        walk(1, into: single)
        scribble.add(single)
        scribble.add(Stroke(color: color(), size: 5))
        // More opaque strokes on top, so that much of what is under them is hidden.
        for _ in 0..<20 {
            let stroke = Stroke(color: Color(red: .random(in: 0...255, using: &rng), green: 0, blue: 0), size: 12)
            walk(200, into: stroke)
            scribble.add(stroke)
        }
        return scribble
    }
}
