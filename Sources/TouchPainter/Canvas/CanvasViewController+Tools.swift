import GtkKit
import ScribbleKit

/// The tools (book chapter 19, the Strategy): choosing one, the selection's commands, templates and stamping. The
/// pen is the tool at every launch.
extension CanvasViewController: CanvasToolHost {
    /// Makes the tool `kind` current; the gesture of the one before ends first. Leaving the
    /// select tool clears the selection.
    func choose(_ kind: ToolKind) {
        let tool: CanvasTool =
            switch kind {
            case .pen: PenTool(host: self)
            case .eraser: EraserTool(host: self)
            case .select: SelectTool(host: self)
            case .line, .rectangle, .ellipse, .arrow: ShapeTool(host: self, kind: kind.shape ?? .line)
            case .laser: LaserTool(host: self)
            }
        if kind != .select { selection.clear() }
        toolKind = kind
        install(tool)
        toolStrip.show(kind)
    }

    /// Starts stamping `template`; Escape or another tool ends it.
    func startStamping(_ template: TemplateLibrary.Item) {
        toolStrip.templatesButton.isOpen = false
        selection.clear()
        install(StampTool(host: self, template: template.mark, size: template.size, picture: template.picture))
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
                self.tool.press(at: middle, modifiers: [])
                self.tool.release(at: middle)
            }
        }
    }

    /// Whether a stamp tool is current.
    var isStamping: Bool { tool is StampTool }

    /// The tool pointer input goes to.
    var tool: CanvasTool { input.tool }

    /// The stylus' pressure of the event being handled.
    var pressure: Float? { input.pressure }

    /// Ends the gesture under way, keeping what it did, and hides what follows the pointer.
    func endGesture() {
        input.endGesture()
    }

    private func install(_ tool: CanvasTool) {
        input.install(tool)
        canvasView.drawingArea.setCursor(named: tool.cursorName)
        canvasView.drawingArea.queueDraw()
    }

    /// Escape: ends stamping (back to the tool before it), else clears the selection.
    func escape() {
        if isStamping { choose(toolKind) } else { selection.clear() }
    }

    /// Removes the selected marks, as one undo step.
    func deleteSelection() {
        selection.prune(on: document.scribble)
        guard !selection.isEmpty else { return }
        document.execute(
            RemoveMarksCommand(scribble: document.scribble, marks: selection.pickedMarks, takingPacked: selection.selectsPacked))
        selection.clear()
    }

    /// Delete: the selection if there is one, else the whole drawing (a new scribble, undoable).
    func deleteSelectionOrDrawing() {
        guard !refusesWhileOpening() else { return }
        selection.prune(on: document.scribble)
        if selection.isEmpty { startNewScribble() } else { deleteSelection() }
    }

    /// Moves the selected marks by (`dx`, `dy`), as one undo step.
    func moveSelection(dx: Float, dy: Float) {
        selection.prune(on: document.scribble)
        guard !selection.isEmpty else { return }
        let command = ReplaceMarksCommand(
            scribble: document.scribble, marks: selection.pickedMarks, edit: .move(dx: dx, dy: dy), editingPacked: selection.selectsPacked)
        document.execute(command)
        selection.set(command.editedMarks, keepingPackedOf: document.scribble)
    }

    /// Keeps a deep copy of the selection as the newest template.
    func keepSelectionAsTemplate() {
        selection.prune(on: document.scribble)
        guard !selection.isEmpty else { return }
        templates.keep(selection.inDrawingOrder(on: document.scribble))
    }

    /// Redraws the selection's outlines where they were and where they are.
    func selectionDidChange() {
        overlayNeedsDisplay(in: highlight.outlineChanged(viewPixel: viewPixel))
        toolStrip.keepButton.isSensitive = !selection.isEmpty
    }

    var eraserOptions: EraserOptions { settings.eraser }

    var smoothing: Smoothing { settings.input.smoothing }

    /// Ticks about every 16 ms (a frame at 60 Hz) on the main loop until `tick` says stop.
    func animate(_ tick: @escaping @MainActor () -> Bool) {
        MainLoop.every(milliseconds: 16, tick)
    }

    func overlayNeedsDisplay(in rect: Rect) {
        canvasView.invalidate(rect)
    }

    var viewPixel: Float { Float(1 / canvasView.viewport.zoom) }

    /// The canvas engine, which lifts a big selection off the backdrop while a drag moves it.
    var canvasSession: CanvasSession? { canvasView.session }

    var visibleRect: Rect { canvasView.viewport.visibleRect }

    func schedule(afterMilliseconds milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> ScheduledWork {
        let work = ScheduledWork()
        let pending = PendingWork(work: work, body: body)
        MainLoop.after(milliseconds: milliseconds) {
            guard !pending.work.isCancelled else { return }
            pending.work.cancel() // done: a later cancel does nothing
            pending.body()
        }
        return work
    }
}

/// Work waiting on a main-loop timeout; made, run and dropped on the main thread only.
private struct PendingWork: @unchecked Sendable {
    let work: ScheduledWork
    let body: @MainActor () -> Void
}
