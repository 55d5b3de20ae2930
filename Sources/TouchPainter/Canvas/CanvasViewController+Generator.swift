import GtkKit
import ScribbleKit

/// Loading the canvas view through a generator (book chapter 4's
/// `loadCanvasViewWithGenerator:`). The drawing, its undo history, the pen and the gesture
/// under way belong to the engine, not to the view, so a new view takes the engine over
/// untouched: it shows the same scribble (on a session of its own kind), and its pointer
/// events go to the same gesture, so a stroke in progress goes on in the new view.
extension CanvasViewController {
    /// Replaces the canvas view with one that `generator` makes, showing the same scribble.
    func loadCanvasView(with generator: CanvasViewGenerator) {
        let old = canvasView
        canvasPage.remove(old.drawingArea)
        // The old session may still be rendering a frame; it gets no more changes.
        canvasView = generator.canvasView(engine: old.engine)
        canvasView.instrumentation = old.instrumentation
        installCanvasView(looking: old.viewport)
        navigation.reset()
    }

    /// Puts `canvasView` on the page beside the tool bar, showing the document's scribble
    /// where `viewport` looks (the view it replaces), else as the scribble was last seen, with
    /// its pointer events coming here; starts making its texture in the background so the
    /// first frame need not.
    func installCanvasView(looking viewport: Viewport? = nil) {
        let area = canvasView.drawingArea
        area.onPointer { [weak self] event in self?.handle(event) }
        area.onPointerLeave { [weak self] in
            guard let self else { return }
            self.canvasView.apply(self.engine.pointerLeft())
        }
        area.onProximity { [weak self] near, time in self?.inputChain.stylus(near: near, time: time) }
        area.onKeyPress { [weak self] key in self?.handleKey(key) ?? false }
        installNavigation(on: area)
        area.onRealize { [weak self, weak area] in
            guard let self, let area else { return }
            area.setCursor(named: self.tool.cursorName)
        }
        area.canFocus = true
        canvasView.onWindowChange = { [weak self] update in self?.applyToWindow(update) }
        if let viewport {
            changeView { $0 = viewport }
        } else {
            canvasView.apply(engine.show(view: document.scribble.view))
        }
        canvasView.prepareBackground()
        canvasPage.install(area)
    }

    /// The kind of canvas on show.
    var canvasKind: CanvasKind { canvasView.background }
}
