@testable import ScribbleKit

extension Scribble {
    /// A scribble of one dot at (`x`, 10), so saved versions can be told apart by `x`.
    static func withDot(atX x: Float) -> Scribble {
        let scribble = Scribble()
        scribble.add(Dot(location: Point(x: x, y: 10), color: .black, size: 6))
        return scribble
    }
}
