/// The deep copy an edit visitor is making (`TransformVisitor`, `StyleVisitor`): the copies
/// of the strokes entered and not yet left, the innermost last, each child's copy going into
/// its parent's, and the finished copy. (A class: a visit changes it while its children's
/// visits, which reach it through the same visitor, change it too.)
final class MarkCopies {
    /// The copies of the strokes entered and not yet left, the innermost last.
    private var open: [Stroke] = []
    /// The copy of the mark the visit began with, once it is made.
    private(set) var result: Mark?

    /// The innermost stroke being copied, into which the next copies go.
    var current: Stroke? { open.last }

    /// Begins the copy of a stroke: the next copies go into `copy` until `leave`.
    func enter(_ copy: Stroke) {
        open.append(copy)
    }

    /// Ends the innermost stroke's copy, with `stroke`'s pressures, sealed (a copy goes on
    /// the canvas whole, never drawn on, as `Stroke.copy`; its groups' boxes are worked out
    /// for what it now is).
    func leave(_ stroke: Stroke) {
        let copy = open.removeLast()
        copy.setPressures(stroke.pressures)
        copy.isSealed = true
        made(copy)
    }

    /// A kind of mark the visitor has no method for: its children's copies, made by
    /// `visitor`, grouped as a stroke.
    func group(_ mark: Mark, visitor: MarkVisitor) {
        let group = Stroke()
        open.append(group)
        for index in 0..<mark.count { mark.child(at: index)?.accept(visitor) }
        open.removeLast()
        group.isSealed = true
        made(group)
    }

    /// Puts a copy into the stroke being copied around it, or makes it the result.
    func made(_ copy: Mark) {
        if let parent = open.last { parent.add(copy) } else { result = copy }
    }
}
