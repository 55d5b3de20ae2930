import FoundationEssentials
import Glibc
import GtkKit
import ScribbleKit

/// The drawing leaves the app (book chapter 9, the Bridge): Export… to PNG, SVG or PDF
/// through the desktop's file chooser, Copy as an image, and Print. The drawing is
/// snapshotted on the main thread (a memento); the files are made on the export lane
/// (`WorkLanes`) and written atomically.
@MainActor
final class ExportController {
    private let document: Document
    private let settings: SettingsStore
    private unowned let dialogs: Dialogs
    /// What lies under the marks on the canvas now (an export may show it).
    private let canvasKind: @MainActor () -> CanvasKind

    /// Exports `document`'s drawing, remembering the folder in `settings` and talking to the
    /// user through `dialogs`; `canvasKind` tells the canvas' kind at the time of an export.
    init(document: Document, settings: SettingsStore, dialogs: Dialogs, canvasKind: @escaping @MainActor () -> CanvasKind) {
        self.document = document
        self.settings = settings
        self.dialogs = dialogs
        self.canvasKind = canvasKind
    }

    /// Export… (Ctrl+E): asks where and how, starting in the folder exported to last (else
    /// the pictures folder), then exports in the background; a message shows while it takes
    /// longer than 200 ms, and errors come in a dialog. Whether those folders still exist is
    /// asked off the main thread (a disk may be gone, a network share slow).
    func exportDrawing() {
        guard !refusesWhileOpening() else { return }
        let remembered = settings.exportFolder
        WorkLanes.run(
            on: .files, { Self.startingFolder(remembered: remembered) }, then: { [weak self] folder in self?.exportDrawing(startingIn: folder) })
    }

    /// Where an export's chooser starts: the folder the last export went to, else the pictures
    /// folder, whichever still exists. Run off the main thread: it asks the disk (which may be
    /// gone, a network share slow), and GLib reads `user-dirs.dirs` the first time it is asked
    /// for the pictures folder.
    nonisolated static func startingFolder(remembered: String?) -> String? {
        [remembered, FileChooser.picturesFolder].compactMap { $0 }.first { path in
            var isFolder = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder
        }
    }

    private func exportDrawing(startingIn folder: String?) {
        guard
            let answer = FileChooser.save(
                parent: dialogs.dialogParent, title: tr("Export Drawing"), accept: tr("_Export"),
                suggestedName: document.displayName + ".png", folder: folder,
                filters: ExportFormat.allCases.map { .init($0.typeName, pattern: "*." + $0.rawValue) },
                choices: [
                    .init("scale", label: tr("Size"), options: [("1", "1×"), ("2", "2×")]),
                    .init(
                        "background", label: tr("Background"),
                        options: [("canvas", tr("The canvas")), ("white", tr("White")), ("transparent", tr("Transparent (PNG and SVG)"))]),
                ])
        else { return }
        // The typed extension decides; else the filter chosen, whose extension is then added.
        let typed = ExportFormat(path: answer.path)
        let format = typed ?? answer.filter.map { ExportFormat.allCases[$0] } ?? .png
        let path = typed == nil ? answer.path + "." + format.rawValue : answer.path
        let background = answer.choices["background"] ?? "canvas"
        let options = ExportOptions(
            scale: answer.choices["scale"] == "2" ? 2 : 1,
            transparent: background == "transparent" && format != .pdf,
            canvas: background == "canvas" ? canvasKind() : .plain)
        let memento = document.scribble.makeMemento()
        // The file the drawing is kept in: an export never writes over it.
        let input = document.manager.path(of: document.origin)
        let progress = ProgressNotice(tr("Exporting to %1$s…", path), dialogs: dialogs)
        WorkLanes.run(
            on: .export,
            { () throws -> String? in
                let exporter = Exporter(memento: memento)
                let fitted = exporter.fitting(format, options: options)
                try exporter.write(format, options: fitted.options, to: path, input: input)
                let pagesNote = exporter.pagesNote(for: format, path: path)
                let notes = [fitted.note, pagesNote].compactMap { $0 }
                return notes.isEmpty ? nil : notes.joined(separator: " ")
            }, failing: tr("Could not export to “%1$s”", path), dialogs: dialogs,
            then: { [weak self] note in
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                self?.settings.exportFolder = folder
                self?.exported(to: path, in: folder, note: note)
            }, after: { progress.end() })
    }

    /// Whether the drawing is still opening: half of it is never exported, copied or
    /// printed; the opening's progress notification says why. Returns true when it refused.
    private func refusesWhileOpening() -> Bool {
        guard document.isOpening else { return false }
        dialogs.showProgress(CanvasViewController.stillOpening(document.displayName))
        return true
    }

    /// Says where the export went ("Exported to Pictures/trip.svg"), with a button that opens
    /// its folder in the file manager; and, when the size had to change to fit, why.
    private func exported(to path: String, in folder: String, note: String?) {
        let shown = (folder.split(separator: "/").last.map { $0 + "/" } ?? "") + (path.split(separator: "/").last ?? "")
        let message = [tr("Exported to %1$s", shown), note].compactMap { $0 }.joined(separator: " ")
        dialogs.notify(message, actionLabel: tr("Open Folder")) { [weak self] in
            guard let window = self?.dialogs.dialogParent, let failure = window.showInDesktop(path: folder) else { return }
            self?.dialogs.showError(tr("Could not open the folder “%1$s”", folder), detail: failure)
        }
    }

    /// Copy (Ctrl+C): the whole drawing onto the clipboard as an image, for GIMP,
    /// LibreOffice or a chat.
    func copyDrawing() {
        guard !refusesWhileOpening() else { return }
        let memento = document.scribble.makeMemento()
        let options = ExportOptions(canvas: canvasKind()) // as it looks on the canvas
        WorkLanes.run(
            on: .export,
            { () throws -> [UInt8] in
                let exporter = Exporter(memento: memento)
                return try exporter.export(.png, options: exporter.fitting(.png, options: options).options)
            }, failing: tr("Could not copy the drawing"), dialogs: dialogs,
            then: { [weak self] bytes in
                Clipboard.setImage(png: bytes)
                self?.dialogs.notify(tr("The drawing is on the clipboard, as an image"))
            })
    }

    /// Print… (Ctrl+P): GTK's print dialog; the drawing fitted to the page, as vectors.
    func printDrawing() {
        guard !refusesWhileOpening() else { return }
        let exporter = Exporter(memento: document.scribble.makeMemento())
        if let failure = PrintOperation.run(
            parent: dialogs.dialogParent, jobName: document.displayName,
            draw: { cr, width, height in
                exporter.print(on: cr, fitting: width, height: height)
            })
        {
            dialogs.showError(tr("Could not print “%1$s”", document.displayName), detail: failure)
        }
    }
}
