/// A stroke's packed children (`PackedStroke`, `PackedChildren`): plain small strokes kept by
/// value rather than as objects — how they are made into objects, appended packed as a file
/// is read, and taken off and put back whole.
extension Stroke {
    /// Makes the packed strokes among the children (`PackedStroke`) into the `Stroke`
    /// objects they stand for, in their places, for good: what a walk of every child as a
    /// mark needs (`elements`). The tools and the commands do not: they reach a packed
    /// stroke by index (`child(at:)`), which makes its object alone.
    /// Called on the thread that changes the scribble.
    /// - Complexity: O(children) when some are packed, else O(1).
    func unpack() {
        guard storedElements.packedCount > 0 else { return }
        storedElements.withArray { _ in }
    }

    /// Appends `stroke`, a stroke nobody else holds (one just read), packed when it can be
    /// (`PackedStroke`): kept by value, with no object, while all the children before it are,
    /// in a stroke that keeps nothing per child (no pressures, no steps).
    func addPacking(_ stroke: Stroke) {
        if pressures.isEmpty, !times.isDrawn, let packed = PackedStroke(stroke), storedElements.appendPacked(packed) {
            markCount += 1
            if isSealed { recomputeBox() }
        } else {
            add(stroke)
        }
    }

    /// Takes `packed` as its packed children (a copy of another root's: they are values),
    /// when it has no children yet.
    func adoptPacked(_ packed: [PackedStroke]) {
        guard !packed.isEmpty, storedElements.isEmpty else { return }
        storedElements = StrokeElements(packed: packed)
        markCount = Int32(truncatingIfNeeded: packed.count)
        if isSealed { recomputeBox() }
    }

    /// Appends `packed` (a transformed copy of a packed child: `TransformVisitor`), packed
    /// while every child before it is, else as the stroke it stands for.
    func addPacked(_ packed: [PackedStroke]) {
        if storedElements.isEmpty, pressures.isEmpty, !times.isDrawn {
            adoptPacked(packed)
        } else {
            for child in packed { add(Stroke(child)) }
        }
    }

    /// Takes the packed children off whole (`StrokeElements.takePacked`), kept for undo;
    /// `nil` when there are none.
    func takePacked() -> PackedChildren? {
        guard let packed = storedElements.takePacked() else { return nil }
        markCount -= Int32(truncatingIfNeeded: packed.strokes.count)
        if markCount == 0 { storedElements.compact() }
        if isSealed { recomputeBox() }
        return packed
    }

    /// Puts `packed`, taken by `takePacked()`, back before the children (which have no packed
    /// ones now); returns whether it did.
    func restorePacked(_ packed: PackedChildren) -> Bool {
        guard storedElements.restorePacked(packed) else { return false }
        markCount += Int32(truncatingIfNeeded: packed.strokes.count)
        if isSealed { recomputeBox() }
        return true
    }

    /// Runs `change` on the packed children (to give them times: what `change` may change
    /// of them); `nil` when there are none.
    func withPackedStrokes<Result>(_ change: (inout [PackedStroke]) -> Result) -> Result? {
        storedElements.withPacked(change)
    }

    /// Appends `children`, taken from a stroke that gives them up (parts read from a file):
    /// plain small strokes packed when they can be (`addPacking`).
    /// - Complexity: O(children).
    func adopt(_ children: StrokeElements) {
        for element in children {
            switch element {
            case .vertex(let point): append(point)
            case .mark(let stroke as Stroke): addPacking(stroke)
            case .mark(let mark): add(mark)
            }
        }
    }
}
