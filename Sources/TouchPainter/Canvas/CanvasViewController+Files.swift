import GtkKit
import ScribbleKit

/// Files outside the gallery, as GNOME apps handle them: Open… (Ctrl+Shift+O), Import…
/// (Ctrl+I) and Save As… (Ctrl+Shift+S) through the desktop's file chooser. Reading and
/// writing happen off the main thread (`CoordinatingController.openFile`, `Document.saveAs`).
extension CanvasViewController {
    /// The file types the choosers offer.
    private static var scribbleFilter: FileChooser.Filter { .init(tr("Scribbles"), pattern: "*.scribble") }
    private static var pdfFilter: FileChooser.Filter { .init(tr("PDF documents"), pattern: "*.pdf") }
    private static var notebookFilter: FileChooser.Filter {
        .init(tr("Xournal++ notebooks"), patterns: XoppImporter.fileExtensions.sorted().map { "*." + $0 })
    }

    /// Open…: asks for a scribble file (or a notebook, or a PDF) anywhere, then opens it
    /// (asking about unsaved work first).
    func openFileChooser() {
        open(
            title: tr("Open Scribble"), accept: tr("_Open"), filters: [Self.scribbleFilter, Self.pdfFilter, Self.notebookFilter])
    }

    /// Import…: asks for a PDF or a Xournal++ notebook, then opens it as a new, unsaved scribble.
    func importFileChooser() {
        open(title: tr("Import"), accept: tr("_Import"), filters: [Self.pdfFilter, Self.notebookFilter])
    }

    /// Asks for a file of one of `filters`' types, then opens it (`Navigator.openFile` tells
    /// a scribble from a notebook).
    private func open(title: String, accept: String, filters: [FileChooser.Filter]) {
        guard let path = FileChooser.open(parent: dialogs.dialogParent, title: title, accept: accept, filters: filters) else { return }
        navigator.openFile(at: path)
    }

    /// Save As…: asks where, proposing the scribble's name, and saves there — exactly where
    /// the user said (the chooser confirmed replacing that file); the window then shows it.
    func saveAs() {
        guard !refusesWhileOpening(),
            let answer = FileChooser.save(
                parent: dialogs.dialogParent, title: tr("Save Scribble As"),
                accept: tr("_Save"), suggestedName: document.displayName + ".scribble",
                filters: [Self.scribbleFilter])
        else { return }
        let size = canvasView.drawingArea.allocatedSize
        document.saveAs(path: answer.path, canvasWidth: size.width, canvasHeight: size.height)
    }
}
