import ScribbleKit

/// The Factory Method of book chapter 4: `CanvasViewController` gets its canvas view from a
/// generator, never by making one itself, so the kind of canvas can change without the
/// controller knowing the kinds. This base generator makes a plain (white) canvas;
/// `PaperCanvasViewGenerator` and `ClothCanvasViewGenerator` override `canvasView(engine:)`.
@MainActor
class CanvasViewGenerator {
    /// A generator of plain canvases.
    init() {}

    /// The factory method: a new canvas view of this generator's kind, showing `engine`'s
    /// drawing (the engine starts a session of the kind for it).
    func canvasView(engine: CanvasEngine) -> CanvasView {
        CanvasView(engine: engine)
    }

    /// A canvas view of this generator's kind that only shows drawings (`CanvasEngine.viewer`).
    final func canvasView() -> CanvasView {
        canvasView(engine: .viewer())
    }

    /// The generator for canvases of `kind`: what the chooser and the saved preference pick.
    static func generator(for kind: CanvasKind) -> CanvasViewGenerator {
        switch kind {
        case .plain: CanvasViewGenerator()
        case .paper: PaperCanvasViewGenerator()
        case .cloth: ClothCanvasViewGenerator()
        }
    }
}
