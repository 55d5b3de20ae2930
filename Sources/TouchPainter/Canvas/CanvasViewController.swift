import GtkKit
import ScribbleKit

/// The canvas screen (book chapter 2): shows the document's drawing, the current pen and
/// the stroke in progress; turns pointer input into marks and commands, and toolbar actions
/// into document operations. It never draws (`CanvasView` repaints from the scribble's
/// notifications) and keeps no document state of its own: the `Document` does.
@MainActor
final class CanvasViewController: ViewController {
    /// The pen for the next marks; the palette's commands set it.
    let strokeStyle = StrokeStyle()
    /// The user's scribble, its history and its save state.
    let document: Document
    /// The drawing surface, made by a `CanvasViewGenerator` (see `loadCanvasView(with:)`).
    var canvasView: CanvasView
    /// The buttons in the header bar while the canvas is on show.
    let toolbar: CanvasToolbar
    /// News about the document that needs no answer, above the drawing.
    let infoBar = InfoBar()
    /// The page: the info bar over the drawing surface.
    let page = Box(.vertical)
    /// Pointer state of the gesture under way (see `CanvasViewController+Input`).
    var gesture = Gesture()
    unowned let coordinator: CoordinatingController

    /// Makes the canvas for `document` on a canvas view from `generator`; `coordinator`
    /// switches views and asks questions.
    init(document: Document, coordinator: CoordinatingController, generator: CanvasViewGenerator = CanvasViewGenerator()) {
        self.document = document
        self.coordinator = coordinator
        toolbar = CanvasToolbar(style: strokeStyle)
        canvasView = generator.canvasView()
        toolbar.onAction = { [weak self] action in self?.perform(action) }
        document.onScribbleReplaced = { [weak self] scribble in
            self?.gesture = Gesture()
            self?.infoBar.dismiss()
            self?.canvasView.show(scribble)
        }
        document.onStateChange = { [weak self] state in self?.apply(state) }
        document.onSaveFailure = { [weak self] name, error in
            self?.coordinator.presenter?.showError("Could not save “\(name)”",
                                                   detail: "\(error) Your drawing is still here; try saving again.")
        }
        apply(document.state)
        page.packStart(infoBar)
        installCanvasView()
    }

    var view: Widget { page }
    var pageName: String { "canvas" }
    var title: String { document.state.title }
    var toolbarStart: [Widget] { toolbar.startItems }
    var toolbarEnd: [Widget] { toolbar.endItems }

    /// Runs a toolbar or keyboard action.
    func perform(_ action: CanvasToolbar.Action) {
        switch action {
        case .delete: document.clear()
        case .undo: document.undo()
        case .redo: document.redo()
        case .palette: coordinator.requestViewChange(tag: ButtonTag.openPalette.rawValue)
        case .open: coordinator.requestViewChange(tag: ButtonTag.openGallery.rawValue)
        case .save: save()
        }
    }

    /// Saves; the first save of a new scribble asks for its name first, proposing the next
    /// "Scribble N" (found off the main thread: it lists the gallery).
    func save() {
        guard document.origin == .new, document.scribble.title == nil else {
            return document.save(canvasWidth: canvasSize.width, canvasHeight: canvasSize.height)
        }
        let manager = document.manager
        CoordinatingController.loading.async {
            let proposal = manager.nextDefaultTitle()
            MainLoop.perform { [weak self] in
                guard let self, self.document.origin == .new, self.document.scribble.title == nil,
                      let name = self.coordinator.presenter?.askName("Name the scribble", initial: proposal, accept: "_Save")
                else { return }
                self.document.scribble.title = name
                self.document.save(canvasWidth: self.canvasSize.width, canvasHeight: self.canvasSize.height)
            }
        }
    }

    /// Asks what to do with unsaved changes before they would be lost. Returns true when it
    /// is fine to go on (saved, discarded, or nothing to lose).
    func confirmDiscardingChanges() -> Bool {
        document.finishSaveInProgress() // a Save just pressed may be what makes the work safe
        guard document.hasUnsavedWork else { return true }
        let answer = coordinator.presenter?.ask(
            "Save changes to “\(document.displayName)”?",
            detail: "If you don’t save, your changes will be lost.",
            choices: [.init("_Cancel"), .init("_Discard", style: "destructive-action"), .init("_Save", style: "suggested-action")],
            defaultChoice: 2)
        switch answer {
        case 2: return document.saveAndWait(canvasWidth: canvasSize.width, canvasHeight: canvasSize.height)
        case 1: return true
        default: return false
        }
    }

    /// Shows `message` above the drawing until the user closes it.
    func notify(_ message: String) {
        infoBar.show(message)
    }

    /// The area the thumbnail of a save shows: the canvas as it is on screen.
    private var canvasSize: (width: Int, height: Int) { canvasView.drawingArea.allocatedSize }

    /// The one place the document's state reaches the screen: Undo/Redo and the title.
    /// Called only when the state changed, never per motion event.
    private func apply(_ state: DocumentState) {
        toolbar.setUndoAvailable(state.canUndo, redoAvailable: state.canRedo)
        coordinator.titleDidChange(for: self)
    }
}
