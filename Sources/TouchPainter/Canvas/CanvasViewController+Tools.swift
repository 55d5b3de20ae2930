import GtkKit
import ScribbleKit

/// The tools (book chapter 19, the Strategy): choosing one, the selection's commands,
/// templates and stamping. The engine hosts them (`CanvasEngine`); the pen is the tool at
/// every launch.
extension CanvasViewController {
    /// Makes the tool `kind` current; the gesture of the one before ends first. Leaving the
    /// select tool clears the selection.
    func choose(_ kind: ToolKind) {
        let tool: CanvasTool =
            switch kind {
            case .pen: PenTool(host: engine)
            case .eraser: EraserTool(host: engine)
            case .select: SelectTool(host: engine)
            case .line, .rectangle, .ellipse, .arrow: ShapeTool(host: engine, kind: kind.shape ?? .line)
            case .laser: LaserTool(host: engine)
            case .text: TextTool(host: engine, style: textStyle)
            }
        if kind != .select { selection.clear() }
        install(tool)
        toolStrip.show(kind)
    }

    /// Starts stamping `template`; Escape or another tool ends it.
    func startStamping(_ template: TemplateLibrary.Item) {
        toolStrip.templatesButton.isOpen = false
        selection.clear()
        install(StampTool(host: engine, template: template.mark, size: template.size, picture: template.picture))
        toolStrip.show(nil)
        canvasView.drawingArea.grabFocus()
    }

    /// The bench's stamp (`TOUCHPAINTER_BENCH_STAMP_TEMPLATE`): the first kept template
    /// chosen, once the list is read, and stamped where it was kept (its middle), as a click
    /// there would; `report` hears `template-open-soon` half a second before the template is
    /// read and `template-stamp` as it is clicked.
    func stampFirstTemplate(report: @escaping @MainActor (String) -> Void) {
        guard let entry = templates.library.entries.first else {
            MainLoop.after(milliseconds: 100) { [weak self] in self?.stampFirstTemplate(report: report) }
            return
        }
        report("template-open-soon")
        MainLoop.after(milliseconds: 500) { [weak self] in
            self?.templates.library.open(entry) { [weak self] item in
                guard let self else { return }
                self.startStamping(item)
                let box = item.mark.bounds, middle = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
                report("template-stamp")
                let press = ToolEvent(kind: .press, point: middle, device: .mouse, button: 1)
                self.canvasView.apply(self.engine.handle(press))
                self.canvasView.apply(self.engine.handle(ToolEvent(kind: .release, point: middle, device: .mouse, button: 1)))
            }
        }
    }

    /// Whether a stamp tool is current.
    var isStamping: Bool { tool is StampTool }

    /// The tool pointer input goes to.
    var tool: CanvasTool { engine.tool }

    /// Ends the gesture under way, keeping what it did, and hides what follows the pointer.
    func endGesture() {
        canvasView.apply(engine.endGesture())
    }

    private func install(_ tool: CanvasTool) {
        canvasView.apply(engine.install(tool))
    }

    /// Escape: ends stamping (back to the tool before it), else clears the selection.
    func escape() {
        if isStamping { choose(toolKind) } else { selection.clear() }
    }

    /// Removes the selected marks, as one undo step.
    func deleteSelection() {
        engine.deleteSelection()
    }

    /// Delete: the selection if there is one, else the whole drawing (a new scribble, undoable).
    func deleteSelectionOrDrawing() {
        guard !refusesWhileOpening() else { return }
        selection.prune(on: document.scribble)
        if selection.isEmpty { startNewScribble() } else { deleteSelection() }
    }

    /// Moves the selected marks by (`dx`, `dy`), as one undo step.
    func moveSelection(dx: Float, dy: Float) {
        engine.moveSelection(dx: dx, dy: dy)
    }

    /// Keeps a deep copy of the selection as the newest template.
    func keepSelectionAsTemplate() {
        selection.prune(on: document.scribble)
        guard !selection.isEmpty else { return }
        templates.keep(selection.inDrawingOrder(on: document.scribble))
    }
}
