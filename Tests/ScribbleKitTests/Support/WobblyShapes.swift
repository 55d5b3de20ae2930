import Glibc

@testable import ScribbleKit

/// A corpus for the shape recogniser: shapes drawn the way a hand draws them — wobbling
/// about the ideal line, jittering a little, starting anywhere sensible, overshooting or
/// falling short of the start when closing, sampled at an uneven pace — and scribbles that
/// are no shape (random walks, cursive loops, zigzags).
struct WobblyShapes {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    private mutating func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
    private mutating func coin() -> Bool { Bool.random(using: &rng) }

    /// A hand-drawn `shape`.
    mutating func stroke(_ shape: ShapeRecognizer.Shape) -> [Point] {
        let origin = (x: random(100...800), y: random(100...800))
        var ideal: [(x: Double, y: Double)]
        switch shape {
        case .line:
            let length = random(80...500), angle = random(0...(2 * .pi))
            ideal = [origin, (origin.x + length * cos(angle), origin.y + length * sin(angle))]
        case .rectangle:
            let w = random(60...400), h = random(60...400)
            let angle = random(0...1) < 0.7 ? random(-0.07...0.07) : random(0...(.pi / 2))
            var corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { u, v in
                (x: origin.x + u * cos(angle) - v * sin(angle), y: origin.y + u * sin(angle) + v * cos(angle))
            }
            if coin() { corners.reverse() }
            let start = Int.random(in: 0..<4, using: &rng)
            corners = Array(corners[start...] + corners[..<start])
            ideal = closing(corners)
        case .triangle:
            var corners: [(x: Double, y: Double)] = []
            repeat {
                corners = (0..<3).map { _ in (x: origin.x + random(0...350), y: origin.y + random(0...350)) }
            } while !isFair(triangle: corners)
            ideal = closing(corners)
        case .ellipse:
            let rx = random(30...250), ry = rx * random(0.35...1), angle = random(0...(.pi))
            let start = random(0...(2 * .pi)), sweep = (2 * .pi + random(-0.12...0.3)) * (coin() ? 1 : -1)
            let steps = 200
            ideal = (0...steps).map { index in
                let t = start + sweep * Double(index) / Double(steps)
                let u = rx * cos(t), v = ry * sin(t)
                return (x: origin.x + u * cos(angle) - v * sin(angle), y: origin.y + u * sin(angle) + v * cos(angle))
            }
        case .arrow:
            let length = random(120...500), angle = random(0...(2 * .pi))
            let tip = (x: origin.x + length * cos(angle), y: origin.y + length * sin(angle))
            func barb(_ turn: Double) -> (x: Double, y: Double) {
                let reach = length * random(0.15...0.35), direction = angle + .pi + turn
                return (tip.x + reach * cos(direction), tip.y + reach * sin(direction))
            }
            ideal = [origin, tip, barb(random(0.35...0.8)), tip, barb(-random(0.35...0.8))]
        }
        return wobble(ideal)
    }

    /// A scribble that is no shape.
    mutating func scribble() -> [Point] {
        var points: [(x: Double, y: Double)] = []
        var position = (x: random(100...800), y: random(100...800))
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: // a random walk, turning as it goes
            var heading = random(0...(2 * .pi))
            for _ in 0..<Int.random(in: 30...300, using: &rng) {
                heading += random(-0.7...0.7)
                let step = random(3...8)
                position = (position.x + step * cos(heading), position.y + step * sin(heading))
                points.append(position)
            }
        case 1: // cursive loops, like handwriting
            let loops = Int.random(in: 2...8, using: &rng), radius = random(8...40), advance = random(0.6...1.6) * radius
            for index in 0...(loops * 24) {
                let t = Double(index) / 24 * 2 * .pi
                points.append((position.x + advance * t / (2 * .pi) + radius * cos(t), position.y + radius * sin(t) * random(0.8...1.2)))
            }
        default: // a zigzag
            let teeth = Int.random(in: 2...9, using: &rng), width = random(10...60), height = random(15...80)
            for index in 0...teeth {
                points.append((position.x + Double(index) * width + random(-4...4), position.y + (index % 2 == 0 ? 0 : height) + random(-6...6)))
            }
            return wobble(points)
        }
        return points.map { Point($0.x + random(-0.8...0.8), $0.y + random(-0.8...0.8)) }
    }

    /// `corners` back to the first, falling short of it or overshooting a little.
    private mutating func closing(_ corners: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        guard let first = corners.first, corners.count > 1 else { return corners }
        let second = corners[1]
        let reach = random(-0.06...0.1) // < 0: short of the start; > 0: on past it
        let last =
            reach < 0
            ? (x: first.x + (corners[corners.count - 1].x - first.x) * -reach, y: first.y + (corners[corners.count - 1].y - first.y) * -reach)
            : (x: first.x + (second.x - first.x) * reach, y: first.y + (second.y - first.y) * reach)
        return corners + [reach < 0 ? last : first] + (reach > 0 ? [last] : [])
    }

    /// Whether a triangle's angles are all at least 25°, as one drawn on purpose has.
    private func isFair(triangle p: [(x: Double, y: Double)]) -> Bool {
        for index in 0..<3 {
            let a = p[index], b = p[(index + 1) % 3], c = p[(index + 2) % 3]
            let u = (b.x - a.x, b.y - a.y), v = (c.x - a.x, c.y - a.y)
            let lu = (u.0 * u.0 + u.1 * u.1).squareRoot(), lv = (v.0 * v.0 + v.1 * v.1).squareRoot()
            guard lu > 60, lv > 60 else { return false }
            if acos((u.0 * v.0 + u.1 * v.1) / (lu * lv)) < 25 * .pi / 180 { return false }
        }
        return true
    }

    /// Points along `ideal` every few pixels, wobbling about it (a slow sway of 1–3 % of its
    /// size, and sub-pixel jitter).
    private mutating func wobble(_ ideal: [(x: Double, y: Double)]) -> [Point] {
        var length = 0.0
        for index in 1..<ideal.count { length += hypot(ideal[index].x - ideal[index - 1].x, ideal[index].y - ideal[index - 1].y) }
        let xs = ideal.map(\.x), ys = ideal.map(\.y)
        let size = max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
        let amplitude = size * random(0.005...0.02), cycles = random(1...3), phase = random(0...(2 * .pi))
        let spacing = random(2...6)
        var points: [Point] = []
        var travelled = 0.0
        for index in 1..<ideal.count {
            let a = ideal[index - 1], b = ideal[index]
            let segment = hypot(b.x - a.x, b.y - a.y)
            guard segment > 0 else { continue }
            let normal = (x: -(b.y - a.y) / segment, y: (b.x - a.x) / segment)
            var along = 0.0
            while along < segment {
                let t = along / segment
                let sway = amplitude * sin(phase + 2 * .pi * cycles * (travelled + along) / length)
                points.append(
                    Point(
                        a.x + (b.x - a.x) * t + normal.x * sway + random(-0.7...0.7),
                        a.y + (b.y - a.y) * t + normal.y * sway + random(-0.7...0.7)))
                along += spacing * random(0.6...1.4)
            }
            travelled += segment
        }
        if let last = ideal.last { points.append(Point(last.x, last.y)) }
        return points
    }
}
