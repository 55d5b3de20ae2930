import Foundation
import GtkKit
import ScribbleKit

/// Where the scribble on the canvas is kept, if anywhere yet.
enum DocumentOrigin: Equatable {
    /// Never saved.
    case new
    /// An entry of the gallery, updated in place by Save.
    case gallery(id: String)
    /// A file named on the command line, written back in place by Save.
    case file(path: String)
}

extension CanvasViewController {
    /// The window title: the scribble's name with a `•` while it has unsaved changes;
    /// just the app's name for a fresh, untouched canvas.
    var title: String {
        guard origin != .new || hasUnsavedWork else { return "TouchPainter" }
        return (hasUnsavedWork ? "• " : "") + (scribble.title ?? "Untitled")
    }

    /// Unsaved changes worth asking about: a fresh canvas left empty has none.
    var hasUnsavedWork: Bool { isDirty && !(origin == .new && scribble.isEmpty) }

    /// Shows `scribble` with a fresh undo history (SPEC §5).
    func open(_ scribble: Scribble, from origin: DocumentOrigin) {
        gesture = Gesture()
        self.scribble.removeObserver(self)
        self.scribble = scribble
        history.removeAll()
        canvasView.show(scribble)
        observe(scribble)
        self.origin = origin
        isDirty = false
    }

    /// Opens the scribble file at `path` (from the command line), decoding it off the main
    /// thread; says why if it cannot.
    func openFile(at path: String) {
        CoordinatingController.loading.async {
            let result = Result { try ScribbleManager.loadScribble(path: path) }
            MainLoop.perform { [weak self] in
                switch result {
                case .success(let scribble):
                    self?.open(scribble, from: .file(path: path)) // titled after the file if untitled
                case .failure(let error):
                    MessageDialog.showError(parent: CoordinatingController.shared.window,
                                            text: "Could not open “\(path)”", detail: String(describing: error))
                }
            }
        }
    }

    /// Asks what to do with unsaved changes before they would be lost. Returns true when it
    /// is fine to go on (saved, discarded, or nothing to lose).
    func confirmDiscardingChanges() -> Bool {
        finishSaveInProgress() // a Save just pressed may be what makes the work safe
        guard hasUnsavedWork else { return true }
        let answer = MessageDialog.ask(
            parent: CoordinatingController.shared.window,
            text: "Save changes to “\(scribble.title ?? "Untitled")”?",
            detail: "If you don’t save, your changes will be lost.",
            choices: [.init("_Cancel"), .init("_Discard", style: "destructive-action"), .init("_Save", style: "suggested-action")],
            defaultChoice: 2)
        switch answer {
        case 2: return saveAndWait()
        case 1: return true
        default: return false
        }
    }

    /// The gallery entry the canvas shows was deleted: what is on screen becomes new work.
    func entryWasDeleted(_ id: String) {
        guard origin == .gallery(id: id) else { return }
        origin = .new
        scribble.title = nil
        isDirty = !scribble.isEmpty
    }

    /// Any change to the drawing makes it unsaved.
    func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        guard !isOpening else { return }
        changeCount += 1
        isDirty = true
    }
}
