@testable import ScribbleKit

/// A kind of mark ScribbleKit does not know (a map pin): it holds a dot, its head, as its one
/// child, and its `accept` calls the visitors' catch-all, so old visitors must cope with it.
/// It counts the visits, so a test can tell whether a path drew it through `accept`.
final class Pin: Mark {
    let head: Dot
    /// How many times `accept` was called.
    private(set) var visits = 0

    init(at point: Point, size: Float = 12) {
        head = Dot(location: point, color: Color(red: 200, green: 0, blue: 0), size: size)
    }

    var color: Color? {
        get { head.color }
        set { head.color = newValue }
    }
    var size: Float {
        get { head.size }
        set { head.size = newValue }
    }
    var location: Point {
        get { head.location }
        set { head.location = newValue }
    }
    var count: Int { 1 }
    var lastChild: Mark? { head }
    var bounds: Rect { head.bounds }
    func add(_ mark: Mark) {}
    func remove(_ mark: Mark) {}
    func child(at index: Int) -> Mark? { index == 0 ? head : nil }
    func copy() -> Mark { Pin(at: location, size: size) }
    func accept(_ visitor: MarkVisitor) {
        visits += 1
        visitor.visit(mark: self)
    }
}

/// A kind of mark that holds no children but shows walks a ring it paints around its
/// location (its `enumerator()` override, the book's factory method): whatever walks marks
/// through the iterator — hit testing, the lasso — sees the ring; a walk of `child(at:)` would not.
final class Beacon: Mark {
    let ring: Dot

    init(at point: Point) {
        ring = Dot(location: point, color: .black, size: 20)
    }

    var color: Color? {
        get { nil }
        set {}
    }
    var size: Float {
        get { 0 }
        set {}
    }
    var location: Point {
        get { ring.location }
        set { ring.location = newValue }
    }
    var count: Int { 0 }
    var lastChild: Mark? { nil }
    var bounds: Rect { ring.bounds }
    func add(_ mark: Mark) {}
    func remove(_ mark: Mark) {}
    func child(at index: Int) -> Mark? { nil }
    func copy() -> Mark { Beacon(at: location) }
    func accept(_ visitor: MarkVisitor) { ring.accept(visitor) }
    func enumerator() -> MarkEnumerator { MarkEnumerator(marks: [ring, self]) }
}
