/// How much the pen smooths the pointer's path before it becomes a stroke's vertices, a
/// preference. Every level keeps the stroke's first and last points where the pointer
/// pressed and released; what lies between follows the pointer more or less loosely.
public enum Smoothing: String, CaseIterable, Sendable {
    /// The vertices are exactly the points the pointer reported (the drawn curve passes
    /// through every one of them).
    case off
    /// Takes the edge off a shaky hand: each vertex goes half way from the last to the pointer.
    case light
    /// Smoother: each vertex goes 30 % of the way.
    case medium
    /// A stabiliser: the pen trails the pointer on a string of `stringLength` pixels and then
    /// goes half way, so a wobble shorter than the string draws nothing; the stroke catches
    /// up with the pointer when it is released.
    case strong

    /// How far each new vertex moves from the last towards the (string-pulled) pointer, 0…1.
    var weight: Float {
        switch self {
        case .off: 1
        case .light: 0.5
        case .medium: 0.3
        case .strong: 0.5
        }
    }

    /// The stabiliser's string, in canvas pixels (0: none).
    var stringLength: Float { self == .strong ? 8 : 0 }

    /// How far the pen may trail the pointer, in canvas pixels, when the pointer moved at most
    /// `step` pixels between events: the exponential average's lag is bounded by
    /// `step × (1 − weight) / weight`, and the string adds its length.
    public func lagBound(step: Float) -> Float {
        step * (1 - weight) / weight + stringLength
    }
}
