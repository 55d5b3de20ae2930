import Glibc

/// A 2-D affine transform, `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (Cairo's and Core
/// Graphics' layout): what a move, a scale about a point and a rotation about a point are,
/// and what `TransformVisitor` applies to a mark tree. Doubles, so composed steps lose
/// nothing before the result is snapped to the marks' grid.
public struct AffineTransform: Equatable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The transform with these coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Leaves every point where it is.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by (`dx`, `dy`).
    public static func translation(dx: Double, dy: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// A scale by `sx`, `sy` that keeps `center` in place.
    public static func scale(sx: Double, sy: Double, about center: Point) -> AffineTransform {
        let x = Double(center.x), y = Double(center.y)
        return AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: x - sx * x, ty: y - sy * y)
    }

    /// A rotation by `angle` radians (clockwise on screen, where y grows downwards) that
    /// keeps `center` in place.
    public static func rotation(_ angle: Double, about center: Point) -> AffineTransform {
        let cosine = cos(angle), sine = sin(angle)
        let x = Double(center.x), y = Double(center.y)
        return AffineTransform(
            a: cosine, b: sine, c: -sine, d: cosine, tx: x - cosine * x + sine * y, ty: y - sine * x - cosine * y)
    }

    /// This transform, then `next`.
    public func then(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b,
            c: next.a * c + next.c * d, d: next.b * c + next.d * d,
            tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// The transform that undoes this one; `nil` when it flattens the plane (a zero scale).
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return AffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    /// Where `point` goes (not yet clamped or snapped: the marks do that).
    public func apply(_ point: Point) -> Point {
        let x = Double(point.x), y = Double(point.y)
        return Point(a * x + c * y + tx, b * x + d * y + ty)
    }

    /// How much the transform scales lengths, on average: the square root of the area it
    /// scales by. A pen's width follows it, so a uniform scale by 2 makes lines twice as wide
    /// and a rotation or a move leaves them as they are.
    public var lengthScale: Double { abs(a * d - b * c).squareRoot() }

    /// Whether it only moves points (no scale, rotation or shear): widths and shapes stay.
    public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}
