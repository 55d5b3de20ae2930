/// The sizes and places a mark may have (SPEC §9): what the app can make, with room to
/// spare, and small enough that drawing any mark stays cheap. The reader refuses files
/// outside them; the model clamps marks made in code into them, so whatever is drawn can be
/// saved and read back. `docs/FORMAT.md` states the same numbers.
public enum MarkLimits {
    /// The widest stroke and the largest dot, in pixels (the palette's pen goes to 64).
    public static let maximumSize: Float = 1024
    /// The smallest size a mark may have: sizes must be above 0, so a width of 0, a negative
    /// one or NaN becomes this (which, like 0, paints nothing visible).
    public static let minimumSize: Float = .leastNonzeroMagnitude
    /// How far from the canvas origin a location may be, in pixels, along either axis.
    public static let maximumCoordinate: Float = 1_000_000

    /// True for a size in (0, `maximumSize`] (so false for NaN).
    @inline(__always)
    static func allows(size: Float) -> Bool { size > 0 && size <= maximumSize }

    /// True for a coordinate within ±`maximumCoordinate` (so false for NaN and infinities).
    @inline(__always)
    static func allows(coordinate: Float) -> Bool { abs(coordinate) <= maximumCoordinate }

    /// `size` brought into (0, `maximumSize`]; NaN and sizes ≤ 0 become `minimumSize`.
    @inline(__always)
    public static func clamped(size: Float) -> Float {
        size > 0 ? min(size, maximumSize) : minimumSize
    }

    /// `point` with each coordinate brought within ±`maximumCoordinate`; NaN becomes 0.
    @inline(__always)
    public static func clamped(_ point: Point) -> Point {
        if allows(coordinate: point.x), allows(coordinate: point.y) { return point }
        return Point(x: clamped(coordinate: point.x), y: clamped(coordinate: point.y))
    }

    /// One coordinate brought within ±`maximumCoordinate`; NaN becomes 0.
    private static func clamped(coordinate: Float) -> Float {
        coordinate.isNaN ? 0 : min(max(coordinate, -maximumCoordinate), maximumCoordinate)
    }
}
