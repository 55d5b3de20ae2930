import ScribbleKit

/// A canvas of woven cloth (book chapter 4's `ClothCanvasView`): the product
/// `ClothCanvasViewGenerator` makes. The cloth texture, shared by every cloth canvas, lies
/// under the marks.
final class ClothCanvasView: CanvasView {
    /// A cloth canvas showing `engine`'s drawing.
    init(engine: CanvasEngine) {
        super.init(engine: engine, background: .cloth)
    }

    override func prepareBackground() {
        prepareTexture()
    }
}
