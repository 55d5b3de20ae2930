import ScribbleKit

/// Makes canvases of woven cloth (book chapter 4's `ClothCanvasViewGenerator`).
final class ClothCanvasViewGenerator: CanvasViewGenerator {
    /// A canvas with the shared cloth texture beneath the marks.
    override func canvasView(engine: CanvasEngine) -> CanvasView {
        ClothCanvasView(engine: engine)
    }
}
