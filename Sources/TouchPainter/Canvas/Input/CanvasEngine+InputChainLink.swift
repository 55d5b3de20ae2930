import ScribbleKit

/// The engine as the input chain's last link: it takes whatever reaches it, and what it
/// returns goes straight to the canvas view.
extension CanvasEngine: InputChainLink {
    /// Hands the event to the tools, with the settings as they are now. A press also gives the
    /// canvas the keyboard focus, for the tools' single-key shortcuts; a pen's motion tells
    /// the instrumentation, when timings are asked for.
    func handle(_ input: InputChainEvent) -> Bool {
        let event = input.pointer
        let view = input.canvasView
        if event.kind == .press, event.touchSequence != nil || (event.button == 1 && !event.isDoubleClick) {
            view.drawingArea.grabFocus()
        }
        if let instrumentation = view.instrumentation, event.kind == .motion,
            event.isPrimaryDown || event.touchSequence != nil, tool is PenTool
        {
            instrumentation.motionArrived(at: event.time)
        }
        preferences = input.preferences
        eraserOptions = input.eraserOptions
        view.apply(handle(input.tool))
        return true
    }
}
