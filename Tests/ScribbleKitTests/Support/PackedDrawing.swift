import Testing
@testable import ScribbleKit

/// The drawing of many small strokes the packed-stroke suites share (`PackedStrokeTests`,
/// `PackedStrokeEditTests`, `PackedSelectAllTests`): as a file, read in parts (packed), and
/// how many of its packed strokes have their objects.
enum PackedDrawing {
    /// Ticks and taps (opaque and translucent, thin and fat, some timed), then a long stroke
    /// and a dot (which end the packed ones), then ticks again; as a file.
    static func file(seed: UInt64 = 1, small: Int = 300) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let scribble = Scribble()
        func tick() -> Stroke {
            let alpha: UInt8 = Int.random(in: 0..<4, using: &rng) == 0 ? 120 : 255
            let stroke = Stroke(
                color: Color(red: .random(in: 0...255, using: &rng), green: 40, blue: 90, alpha: alpha), size: .random(in: 1...9, using: &rng))
            let x = Float.random(in: -5...325, using: &rng), y = Float.random(in: -5...245, using: &rng)
            stroke.append(Point(x: x, y: y))
            if Bool.random(using: &rng) { stroke.append(Point(x: x + .random(in: -6...6, using: &rng), y: y + .random(in: -6...6, using: &rng))) }
            if Int.random(in: 0..<5, using: &rng) == 0 { stroke.times = .at(.random(in: 0...90_000, using: &rng)) }
            return stroke
        }
        for _ in 0..<small { scribble.root.add(tick()) }
        let long = Stroke(color: .black, size: 4)
        for step in 0..<40 { long.append(Point(x: Float(step * 8), y: 100 + Float(step % 5))) }
        scribble.root.add(long)
        scribble.root.add(Dot(location: Point(x: 50, y: 60), color: .black, size: 12))
        for _ in 0..<(small / 3) { scribble.root.add(tick()) }
        return scribble.makeMemento().data
    }

    /// `bytes` read in parts, as the app opens a large file: packed.
    static func packed(_ bytes: [UInt8]) throws -> Scribble {
        let memento = try #require(try ScribbleFormat.decodeInParts(bytes, cores: 2, partBytes: 512))
        return Scribble(adopting: memento)
    }

    /// How many packed strokes of `scribble`'s root have their objects.
    static func objectCount(_ scribble: Scribble) -> Int {
        scribble.root.storedElements.packedObjects.count
    }
}
