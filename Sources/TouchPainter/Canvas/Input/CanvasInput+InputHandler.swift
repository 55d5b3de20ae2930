import ScribbleKit

/// The tools as the input chain's last link: they take whatever reaches them.
extension CanvasInput: CanvasInputHandler {
    /// Hands the event to the tools. A press also gives the canvas the keyboard focus, for
    /// the tools' single-key shortcuts; a pen's motion tells the instrumentation, when timings
    /// are asked for.
    func handle(_ input: CanvasInputEvent) -> Bool {
        let event = input.pointer
        if event.kind == .press, event.touchSequence != nil || (event.button == 1 && !event.isDoubleClick) {
            input.canvasView.drawingArea.grabFocus()
        }
        if let instrumentation = input.canvasView.instrumentation, event.kind == .motion,
            event.isPrimaryDown || event.touchSequence != nil, tool is PenTool
        {
            instrumentation.motionArrived(at: event.time)
        }
        preferences = input.preferences
        handle(input.tool)
        return true
    }
}
