@testable import ScribbleKit

/// Builds random scribbles that use every node kind the format stores: top-level strokes and
/// dots, strokes nested inside strokes with dots and vertex runs mixed, empty strokes,
/// uncoloured strokes, strokes with pen pressure (at values a file stores exactly: whole
/// 255ths), inline vertices directly on the root, any alpha, and awkward finite floats
/// (negative zero, subnormals, huge values; the model snaps locations to its grid).
struct RandomScribble {
    var rng: SplitMix64

    /// A generator for `seed`.
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// A random scribble with up to `maxMarks` top-level marks.
    mutating func scribble(maxMarks: Int = 8) -> Scribble {
        let scribble = Scribble()
        for _ in 0..<Int.random(in: 0...maxMarks, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<6: scribble.add(stroke(depth: 1))
            case 6..<9: scribble.add(dot())
            default: scribble.root.append(point())
            }
        }
        return scribble
    }

    /// Whether strokes may have pen pressure (format version 1 cannot store it).
    var pressure = true

    /// A random stroke; below depth 3 it may hold nested strokes. One in three has pressure.
    mutating func stroke(depth: Int) -> Stroke {
        let stroke = Stroke(color: Bool.random(using: &rng) || depth == 1 ? color() : nil, size: size())
        let withPressure = pressure && Int.random(in: 0..<3, using: &rng) == 0
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0 where depth < 3: stroke.add(self.stroke(depth: depth + 1))
            case 1: stroke.add(dot())
            default:
                if withPressure { stroke.append(point(), pressure: storedPressure()) } else { stroke.append(point()) }
            }
        }
        return stroke
    }

    /// A random pressure a file stores exactly (k/255), often 0 or 1.
    mutating func storedPressure() -> Float {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return 0
        case 1: return 1
        default: return Float(UInt8.random(in: 0...255, using: &rng)) / 255
        }
    }

    /// A random dot.
    mutating func dot() -> Dot { Dot(location: point(), color: color(), size: size()) }

    /// A random colour, alpha included.
    mutating func color() -> Color {
        Color(
            red: .random(in: 0...255, using: &rng), green: .random(in: 0...255, using: &rng),
            blue: .random(in: 0...255, using: &rng), alpha: .random(in: 0...255, using: &rng))
    }

    /// A random point.
    mutating func point() -> Point { Point(x: float(), y: float()) }

    /// A random coordinate a file may hold (within ±`maximumCoordinate`), often an awkward one.
    mutating func float() -> Float {
        let limit = ScribbleFormat.maximumCoordinate
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return -0.0
        case 1: return Float.leastNonzeroMagnitude
        case 2: return limit * (Bool.random(using: &rng) ? 1 : -1)
        case 3: return Float(bitPattern: UInt32.random(in: 0..<limit.bitPattern, using: &rng)) * (Bool.random(using: &rng) ? 1 : -1)
        default: return Float.random(in: -2000...2000, using: &rng)
        }
    }

    /// A random width or size a file may hold (0…`maximumSize`), often an awkward one.
    mutating func size() -> Float {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return 0
        case 1: return Float.leastNonzeroMagnitude
        case 2: return ScribbleFormat.maximumSize
        case 3: return Float(bitPattern: UInt32.random(in: 0..<ScribbleFormat.maximumSize.bitPattern, using: &rng))
        default: return Float.random(in: 0.5...64, using: &rng)
        }
    }
}
