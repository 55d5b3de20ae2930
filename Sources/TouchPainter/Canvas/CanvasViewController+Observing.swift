import ScribbleKit

/// The Observer of book chapter 12: the canvas view controller, not its view, observes the
/// scribble, and tells the view what changed. One call and one comparison per change, so a
/// motion event costs nothing it did not before.
extension CanvasViewController: @MainActor ScribbleObserver {
    /// Puts `scribble` on the canvas view and observes it; the `.reset` that starting to
    /// observe brings has the view draw it whole.
    func show(_ scribble: Scribble) {
        canvasView.show(scribble, observing: false)
        scribble.addObserver(self)
    }

    func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        guard scribble === document.scribble else { return scribble.removeObserver(self) } // one replaced
        canvasView.scribbleDidChange(change, of: scribble)
    }
}
