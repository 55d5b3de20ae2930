/// The sizes and places a mark may have: what the app can make, with room to
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
    /// Locations lie on a grid of 1/`gridScale` px: the file format (version 2) stores them
    /// as whole numbers of grid steps, so the model snaps every point to the grid as it comes
    /// in and a drawing reads back from its file exactly as it was drawn. A 256th of a pixel is
    /// far below what the eye or the renderer can tell, and a power of two, so snapping is exact
    /// float arithmetic and every point within ±`maximumCoordinate` has an exact grid number.
    public static let gridScale: Float = 256

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

    /// `point` with each coordinate brought within ±`maximumCoordinate` (NaN becomes 0) and
    /// snapped to the nearest point of the 1/`gridScale` px grid (negative zero becomes 0):
    /// what every location entering the model goes through.
    @inline(__always)
    public static func clamped(_ point: Point) -> Point {
        Point(x: snapped(clamped(coordinate: point.x)), y: snapped(clamped(coordinate: point.y)))
    }

    /// One coordinate brought within ±`maximumCoordinate`; NaN becomes 0.
    @inline(__always)
    private static func clamped(coordinate: Float) -> Float {
        if allows(coordinate: coordinate) { return coordinate }
        return coordinate.isNaN ? 0 : min(max(coordinate, -maximumCoordinate), maximumCoordinate)
    }

    /// `coordinate` (finite, in range) on the nearest grid point, ties to even. Scaling by a
    /// power of two and rounding are exact in `Float`; adding 0 turns −0 into +0, so a point
    /// has one grid number and one bit pattern.
    @inline(__always)
    static func snapped(_ coordinate: Float) -> Float {
        (coordinate * gridScale).rounded(.toNearestOrEven) / gridScale + 0
    }
}
