import ScribbleKit

/// Delete and Ctrl+N (book chapter 20's clear, plus a desktop expectation): wipe the canvas
/// and start a new scribble, so the next Save makes a new gallery entry instead of
/// overwriting the one the marks came from. Undo brings back the marks and where they were
/// saved, so nothing is lost either way.
final class StartNewScribbleCommand: Command {
    private let clear: ClearScribbleCommand
    private weak var canvas: CanvasViewController?
    private let previousOrigin: DocumentOrigin
    private let previousTitle: String?

    /// Remembers where the canvas' marks were saved, to restore it on undo.
    init(canvas: CanvasViewController) {
        self.canvas = canvas
        clear = ClearScribbleCommand(scribble: canvas.scribble)
        previousOrigin = canvas.origin
        previousTitle = canvas.scribble.title
    }

    func execute() {
        clear.execute()
        canvas?.origin = .new
        canvas?.scribble.title = nil
    }

    func undo() {
        canvas?.origin = previousOrigin
        canvas?.scribble.title = previousTitle
        clear.undo()
    }
}
