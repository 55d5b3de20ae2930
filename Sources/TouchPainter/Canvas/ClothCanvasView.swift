import ScribbleKit

/// A canvas of woven cloth (book chapter 4's `ClothCanvasView`): the product
/// `ClothCanvasViewGenerator` makes. The cloth texture, shared by every cloth canvas, lies
/// under the marks.
final class ClothCanvasView: CanvasView {
    /// An empty cloth canvas.
    init() {
        super.init(background: .cloth)
    }

    override func prepareBackground() {
        prepareTexture()
    }
}
