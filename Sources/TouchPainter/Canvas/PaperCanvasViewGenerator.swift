import ScribbleKit

/// Makes canvases of recycled paper (book chapter 4's `PaperCanvasViewGenerator`).
final class PaperCanvasViewGenerator: CanvasViewGenerator {
    /// A canvas with the shared paper texture beneath the marks.
    override func canvasView(engine: CanvasEngine) -> CanvasView {
        PaperCanvasView(engine: engine)
    }
}
