import GtkKit
import ScribbleKit

/// The canvas screen (book chapter 2): owns the scribble on show, its undo history, the
/// current pen, and the stroke in progress; turns pointer input into marks and commands.
/// It never draws: `CanvasView` repaints from the scribble's notifications.
final class CanvasViewController: ViewController, ScribbleObserver {
    /// The pen for the next marks; the palette's commands set it.
    let strokeStyle = StrokeStyle()
    /// Undo and redo for the scribble on show.
    let history = CommandHistory()
    /// The drawing surface.
    let canvasView = CanvasView()
    /// The drawing on show; replaced when another is opened.
    var scribble = Scribble()
    /// The buttons in the header bar while the canvas is on show.
    let toolbar: CanvasToolbar
    /// Pointer state of the gesture under way (see `CanvasViewController+Input`).
    var gesture = Gesture()
    /// The gallery, through its Facade; the only way to storage.
    let manager: ScribbleManager
    /// Where Save writes.
    var origin = DocumentOrigin.new {
        didSet { CoordinatingController.shared.titleDidChange(for: self) }
    }
    /// True while the registration `.reset` of a newly shown scribble arrives.
    var isOpening = false
    /// Counts the drawing's changes, so a save can tell whether it saved the latest state.
    var changeCount = 0
    /// The save being written in the background, if any (see `CanvasViewController+Saving`).
    var runningSave: SaveJob?
    /// Set when Save is pressed while a save is being written: save again when it is done.
    var saveAgain = false
    /// Whether the drawing changed since it was opened or saved; the title shows it.
    var isDirty = false {
        didSet { CoordinatingController.shared.titleDidChange(for: self) }
    }

    /// Makes the canvas with an empty scribble; `manager` is where Save writes.
    init(manager: ScribbleManager) {
        self.manager = manager
        toolbar = CanvasToolbar(style: strokeStyle)
        canvasView.show(scribble)
        observe(scribble)
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
        case .open: CoordinatingController.shared.requestViewChange(tag: ButtonTag.openGallery.rawValue)
        case .save: save()
        }
    }

    /// Starts hearing of `scribble`'s changes, without counting its first report as one.
    func observe(_ scribble: Scribble) {
        isOpening = true
        scribble.addObserver(self)
        isOpening = false
    }

    /// Wipes the canvas and starts a new scribble, through an undoable command; an empty
    /// canvas is left alone so the history does not fill with no-ops.
    func clear() {
        guard !scribble.isEmpty else { return }
        history.execute(StartNewScribbleCommand(canvas: self))
    }
}
