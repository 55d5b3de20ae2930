import ScribbleKit

/// A canvas of recycled paper (book chapter 4's `PaperCanvasView`): the product
/// `PaperCanvasViewGenerator` makes. The paper texture, shared by every paper canvas, lies
/// under the marks.
final class PaperCanvasView: CanvasView {
    /// A paper canvas showing `engine`'s drawing.
    init(engine: CanvasEngine) {
        super.init(engine: engine, background: .paper)
    }

    override func prepareBackground() {
        prepareTexture()
    }
}
