import GtkKit
import ScribbleKit

/// The canvas screen (book chapter 2): owns the scribble on show, its undo history, the
/// current pen, and the stroke in progress; turns pointer input into marks and commands.
/// It never draws: `CanvasView` repaints from the scribble's notifications.
final class CanvasViewController: ViewController {
    /// The pen for the next marks; the palette's commands set it.
    let strokeStyle = StrokeStyle()
    /// Undo and redo for the scribble on show.
    let history = CommandHistory()
    let canvasView = CanvasView()
    private(set) var scribble = Scribble()
    let toolbar: CanvasToolbar
    /// Pointer state of the gesture under way (see `CanvasViewController+Input`).
    var gesture = Gesture()

    init() {
        toolbar = CanvasToolbar(style: strokeStyle)
        canvasView.show(scribble)
        canvasView.drawingArea.onPointer { [weak self] event in self?.handle(event) }
        toolbar.onAction = { [weak self] action in self?.perform(action) }
        history.onAvailabilityChange = { [weak self] canUndo, canRedo in
            self?.toolbar.setUndoAvailable(canUndo, redoAvailable: canRedo)
        }
    }

    var view: Widget { canvasView.drawingArea }
    var pageName: String { "canvas" }
    var toolbarStart: [Widget] { toolbar.startItems }
    var toolbarEnd: [Widget] { toolbar.endItems }

    /// Runs a toolbar or keyboard action.
    func perform(_ action: CanvasToolbar.Action) {
        switch action {
        case .delete: clear()
        case .undo: history.undo()
        case .redo: history.redo()
        case .palette: CoordinatingController.shared.requestViewChange(tag: ButtonTag.openPalette.rawValue)
        case .save, .open: break // arrive with saving; their buttons stay insensitive until then
        }
    }

    /// Wipes the canvas through an undoable command; an empty canvas is left alone so
    /// the history does not fill with no-ops.
    func clear() {
        guard !scribble.isEmpty else { return }
        history.execute(ClearScribbleCommand(scribble: scribble))
    }
}
