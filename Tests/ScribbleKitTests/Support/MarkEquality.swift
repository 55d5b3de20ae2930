@testable import ScribbleKit

/// True when two mark trees have the same shape, node kinds, colours, and bit-identical
/// sizes, locations and pen pressures (so -0.0 and 0.0 differ, and a stroke without pressure
/// differs from one with every pressure full): what a lossless round trip must keep.
func marksEqual(_ lhs: Mark, _ rhs: Mark) -> Bool {
    switch (lhs, rhs) {
    case let (left as Stroke, right as Stroke):
        guard left.color == right.color, left.size.bitPattern == right.size.bitPattern,
            left.elements.count == right.elements.count,
            left.pressures == right.pressures
        else { return false }
        return zip(left.elements, right.elements).allSatisfy { pair in
            switch pair {
            case let (.vertex(p), .vertex(q)): sameBits(p, q)
            case let (.mark(m), .mark(n)): marksEqual(m, n)
            default: false
            }
        }
    case let (left as Dot, right as Dot):
        return left.color == right.color && left.size.bitPattern == right.size.bitPattern
            && sameBits(left.location, right.location)
    case let (left as Page, right as Page):
        return left.content.digest == right.content.digest && left.pageIndex == right.pageIndex && left.frame == right.frame
    case let (left as Picture, right as Picture):
        let (p, q) = (left.placement, right.placement)
        return left.content.digest == right.content.digest && left.width.bitPattern == right.width.bitPattern
            && left.height.bitPattern == right.height.bitPattern
            && [p.a, p.b, p.c, p.d, p.tx, p.ty].map(\.bitPattern) == [q.a, q.b, q.c, q.d, q.tx, q.ty].map(\.bitPattern)
    case let (left as TextBox, right as TextBox):
        return left.runs == right.runs && sameBits(left.origin, right.origin) && left.wrapWidth == right.wrapWidth
            && left.angle.bitPattern == right.angle.bitPattern
    case (is Dot, _), (_, is Dot), (is Stroke, _), (_, is Stroke), (is Page, _), (_, is Page), (is Picture, _), (_, is Picture),
        (is TextBox, _), (_, is TextBox):
        return false
    default:
        return type(of: lhs) == type(of: rhs) && sameBits(lhs.location, rhs.location)
    }
}

/// True when both points have bit-identical coordinates.
func sameBits(_ p: Point, _ q: Point) -> Bool {
    p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern
}
