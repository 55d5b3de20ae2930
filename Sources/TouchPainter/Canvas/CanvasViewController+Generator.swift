import GtkKit
import ScribbleKit

/// Loading the canvas view through a generator (book chapter 4's
/// `loadCanvasViewWithGenerator:`). The drawing, its undo history, the pen and the gesture
/// under way belong to the controller, not to the view, so a new view takes over all of
/// them untouched: it shows the same scribble, and its pointer events go to the same
/// gesture, so a stroke in progress goes on in the new view.
extension CanvasViewController {
    /// Replaces the canvas view with one that `generator` makes, showing the same scribble.
    func loadCanvasView(with generator: CanvasViewGenerator) {
        let old = canvasView
        document.scribble.removeObserver(old) // it may still be rendering a frame; it gets no more changes
        page.remove(old.drawingArea)
        canvasView = generator.canvasView()
        installCanvasView()
    }

    /// Puts `canvasView` on the page under the info bar, showing the document's scribble,
    /// with its pointer events coming here; starts making its texture in the background so
    /// the first frame need not.
    func installCanvasView() {
        canvasView.drawingArea.onPointer { [weak self] event in self?.handle(event) }
        canvasView.show(document.scribble)
        canvasView.prepareBackground()
        page.packStart(canvasView.drawingArea, expand: true)
        canvasView.drawingArea.showAll()
    }

    /// The kind of canvas on show.
    var canvasKind: CanvasKind { canvasView.background }
}
