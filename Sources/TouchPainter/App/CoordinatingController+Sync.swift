import GtkKit
import ScribbleKit

/// The open drawing when its file changes underneath it: another computer's version arrives
/// through a synced folder, or another TouchPainter saves it. Nothing is lost either way:
/// a drawing with no unsaved changes simply shows the new version (Undo brings back the
/// old one); one with unsaved changes asks, in the info bar, whether to reload or keep
/// them — kept, the next save becomes a conflict copy beside the other version.
extension CoordinatingController {
    /// Starts watching the open drawing's file, and follows it as the drawing moves.
    func watchDocument() {
        guard documentWatcher == nil else { return }
        let watcher = DocumentWatcher(document: document)
        watcher.onChangedElsewhere = { [weak self] memento, identity in self?.drawingChangedElsewhere(memento, identity) }
        watcher.onDeletedElsewhere = { [weak self] in self?.drawingDeletedElsewhere() }
        document.onOriginChange = { [weak watcher] _ in watcher?.follow() }
        documentWatcher = watcher
    }

    /// Another version of the open drawing's file arrived, read whole as `memento`.
    private func drawingChangedElsewhere(_ memento: ScribbleMemento, _ identity: FileIdentity) {
        let name = document.displayName
        let canvas = canvasViewController
        let reload: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            self.document.reload(Scribble(adopting: memento), basis: identity)
            canvas.notify(
                tr("“%1$s” was changed on another computer or in another window: this is that version. Undo brings back the one you had.", name))
        }
        guard document.hasUnsavedWork else { return reload() }
        canvas.notify(
            tr(
                "“%1$s” was changed on another computer or in another window. Reload it (your changes stay in Undo), or keep yours: saving then keeps both versions.",
                name),
            actions: [(label: tr("_Reload"), perform: reload), (label: tr("_Keep Mine"), perform: Self.keepMine)])
    }

    /// Keep Mine: nothing to do now; the next save finds the other version and keeps both.
    private static let keepMine: @MainActor @Sendable () -> Void = {}

    /// The open drawing's file was deleted elsewhere: the drawing stays, as unsaved work.
    private func drawingDeletedElsewhere() {
        let name = document.displayName
        guard document.fileWasDeleted() else { return }
        canvasViewController.notify(
            tr("“%1$s” was deleted on another computer or in another window. The drawing is still here as unsaved work: save it to keep it.", name))
    }
}
