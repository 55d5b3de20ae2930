import Glibc
import ScribbleKit

/// A pen wandering over the canvas: 3 px steps in random directions, bouncing off the edges,
/// which is what a long scribble by hand looks like to the renderer.
struct RandomWalk {
    /// The canvas the walk stays in.
    static let canvas = (width: Float(1024), height: Float(768))
    /// Length of one step, in pixels.
    static let step: Float = 3

    private var rng: SplitMix64
    private var position: Point

    /// Starts at a random place on the canvas.
    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        position = Point(
            x: .random(in: 0...Self.canvas.width, using: &rng),
            y: .random(in: 0...Self.canvas.height, using: &rng))
    }

    /// Jumps to a random place, as the pen does between strokes.
    mutating func lift() {
        position = Point(
            x: .random(in: 0...Self.canvas.width, using: &rng),
            y: .random(in: 0...Self.canvas.height, using: &rng))
    }

    /// Where the pen is.
    var current: Point { position }

    /// Takes one step and returns the new position.
    mutating func next() -> Point {
        let angle = Float.random(in: 0..<(2 * .pi), using: &rng)
        position = Point(
            x: Self.reflect(position.x + Self.step * cos(angle), within: Self.canvas.width),
            y: Self.reflect(position.y + Self.step * sin(angle), within: Self.canvas.height))
        return position
    }

    /// A random pen: an opaque colour and a width of 1–12 px.
    mutating func pen() -> (color: Color, size: Float) {
        let color = Color(
            red: .random(in: 0...255, using: &rng), green: .random(in: 0...255, using: &rng),
            blue: .random(in: 0...255, using: &rng))
        return (color, .random(in: 1...12, using: &rng))
    }

    /// `value` mirrored back inside 0…`limit`.
    private static func reflect(_ value: Float, within limit: Float) -> Float {
        if value < 0 { return -value }
        if value > limit { return 2 * limit - value }
        return value
    }
}

/// The benchmark's "big scribble": 1,000 strokes of 1,000 vertices each on a 1024×768
/// canvas — a million vertices, the size the goals are set for.
enum BigScribble {
    /// Strokes in the big scribble.
    static let strokeCount = 1000
    /// Vertices in each stroke.
    static let verticesPerStroke = 1000
    /// Vertices in the whole scribble.
    static let vertexCount = strokeCount * verticesPerStroke
    /// The seed every run uses.
    static let seed: UInt64 = 0x5452_4348_5041_494E

    /// The first `count` strokes of the big scribble, fresh objects each call; `withPressure`,
    /// as a stylus draws them: the pressure rising and falling along each stroke.
    /// - Complexity: O(count × verticesPerStroke).
    static func strokes(count: Int = strokeCount, withPressure: Bool = false) -> [Stroke] {
        var walk = RandomWalk(seed: seed)
        return (0..<count).map { _ in
            walk.lift()
            let pen = walk.pen()
            let stroke = Stroke(color: pen.color, size: pen.size)
            stroke.reserveCapacity(verticesPerStroke)
            guard withPressure else {
                stroke.append(walk.current)
                for _ in 1..<verticesPerStroke { stroke.append(walk.next()) }
                return stroke
            }
            stroke.append(walk.current, pressure: pressure(at: 0))
            for index in 1..<verticesPerStroke { stroke.append(walk.next(), pressure: pressure(at: index)) }
            return stroke
        }
    }

    /// The pressure at a stroke's vertex `index`: light at the touch-down, then rising and
    /// falling along the stroke.
    static func pressure(at index: Int) -> Float {
        index == 0 ? 0.2 : 0.6 + 0.4 * sin(Float(index) / 25)
    }

    /// A scribble of the first `strokeCount` strokes, each put on through a
    /// `DrawScribbleCommand` in `history` (when given), as the canvas does.
    static func scribble(
        strokes strokeCount: Int = strokeCount, history: CommandHistory? = nil,
        withPressure: Bool = false
    ) -> Scribble {
        let scribble = Scribble()
        for stroke in strokes(count: strokeCount, withPressure: withPressure) {
            if let history {
                history.execute(DrawScribbleCommand(scribble: scribble, mark: stroke))
            } else {
                scribble.add(stroke)
            }
        }
        return scribble
    }
}
