/// An eraser's drag as one command (book chapter 20; issue 26), whatever the eraser's mode: the
/// eraser tool hands it each step while the pointer drags, and commits it on release, so
/// the tool knows no mode's rules.
public protocol EraserGesture: Command {
    /// Takes what the eraser covers moving along `step`, and shows it at once.
    func erase(_ step: EraserStep)
    /// Whether nothing was taken yet, so there is nothing to commit.
    var isEmpty: Bool { get }
}

/// "Whole marks": every top-level mark the eraser touches goes, whole.
extension RemoveMarksCommand: EraserGesture {
    /// Removes every top-level mark the step touches.
    /// - Complexity: as `Scribble.marks(touchedAlongSegmentFrom:to:radius:)`, plus O(marks) for
    ///   all it removes (one change).
    public func erase(_ step: EraserStep) {
        let touched = scribble.indexedMarks(touchedAlongSegmentFrom: step.from, to: step.to, radius: step.radius)
        take(touched, loggedAs: touched.map(\.mark))
    }

    /// Whether no mark was removed yet.
    public var isEmpty: Bool { removed.isEmpty }
}

/// "Part of marks": what the eraser's disc covers goes, and strokes are cut.
extension CutMarksCommand: EraserGesture {}
