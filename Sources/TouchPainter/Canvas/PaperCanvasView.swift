import ScribbleKit

/// A canvas of recycled paper (book chapter 4's `PaperCanvasView`): the product
/// `PaperCanvasViewGenerator` makes. The paper texture, shared by every paper canvas, lies
/// under the marks.
final class PaperCanvasView: CanvasView {
    /// An empty paper canvas.
    init() {
        super.init(background: .paper)
    }

    override func prepareBackground() {
        prepareTexture()
    }
}
