import GtkKit
import ScribbleKit

/// Editing the selection from the keyboard: select all, duplicate, the drawing order, and
/// copy, cut and paste through the desktop clipboard. The edits themselves are the engine's
/// (`CanvasEngine+Editing`); here are the tool they leave chosen and the clipboard.
extension CanvasViewController {
    /// Ctrl+A: selects every mark the select tool may pick, with the select tool (the packed
    /// ticks of a big file whole, without an object each: `Selection.selectAll(on:)`).
    func selectAll() {
        if toolKind != .select || isStamping { choose(.select) }
        selection.selectAll(on: document.scribble)
    }

    /// Ctrl+D: copies of the selection, a little down and to the right, on top and selected,
    /// with the select tool.
    func duplicateSelection() {
        let marks = engine.selectedMarks()
        guard !marks.isEmpty else { return }
        add(marks.map { $0.translated(dx: CanvasEngine.duplicateOffset, dy: CanvasEngine.duplicateOffset) })
    }

    /// Page Up/Down, Home/End: moves the selection in the drawing order, as one undo step.
    func reorderSelection(_ order: ReorderMarksCommand.Order) {
        engine.reorderSelection(order)
    }

    /// Ctrl+C with a selection: the marks onto the desktop clipboard, as TouchPainter's own
    /// type and, drawn off the main thread, as PNG and SVG pictures for other apps.
    func copySelection() {
        let marks = engine.selectedMarks()
        guard !marks.isEmpty else { return }
        let memento = ScribbleMemento(marks: marks)
        WorkLanes.run(
            on: .export,
            { () throws -> ClipboardPictures in
                let exporter = Exporter(memento: memento)
                let options = ExportOptions(transparent: true)
                return ClipboardPictures(
                    marks: memento.data,
                    png: try exporter.export(.png, options: exporter.fitting(.png, options: options).options),
                    svg: try exporter.export(.svg, options: options))
            }, failing: tr("Could not copy the selection"), dialogs: dialogs,
            then: { [weak self] pictures in
                Clipboard.set([(MarkClipboard.mimeType, pictures.marks), ("image/png", pictures.png), ("image/svg+xml", pictures.svg)])
                self?.dialogs.notify(tr("Copied %1$s", Self.markCount(marks.count)))
            })
    }

    /// Ctrl+X: copies the selection, then removes it as one undo step.
    func cutSelection() {
        selection.prune(on: document.scribble)
        guard !selection.isEmpty else { return }
        copySelection()
        deleteSelection()
    }

    /// Ctrl+V: the marks on the clipboard, on top and selected: where they were copied from
    /// when that is in view, else in the middle of the view. Without marks, a picture or
    /// picture files from another app (`pasteFromOtherApp`).
    func paste() {
        Clipboard.request(MarkClipboard.mimeType) { [weak self] data in
            guard let self else { return }
            guard let data, let marks = MarkClipboard.marks(from: data), !marks.isEmpty else {
                return self.pasteFromOtherApp()
            }
            let visible = self.canvasView.viewport.visibleRect
            let bounds = marks.reduce(Rect.null) { $0.union($1.bounds) }
            guard !bounds.intersects(visible) else { return self.add(marks) }
            let dx = (visible.minX + visible.maxX - bounds.minX - bounds.maxX) / 2
            let dy = (visible.minY + visible.maxY - bounds.minY - bounds.maxY) / 2
            self.add(marks.map { $0.translated(dx: dx, dy: dy) })
        }
    }

    /// Puts `marks` on top as one undo step and selects them, with the select tool.
    func add(_ marks: [Mark]) {
        endGesture()
        if toolKind != .select || isStamping { choose(.select) }
        engine.add(marks)
    }

    /// “1 mark”, “3 marks”.
    private static func markCount(_ count: Int) -> String {
        count == 1 ? tr("1 mark") : tr("%1$s marks", count)
    }
}

/// What a copy puts on the clipboard, made off the main thread.
private struct ClipboardPictures: Sendable {
    let marks: [UInt8], png: [UInt8], svg: [UInt8]
}
