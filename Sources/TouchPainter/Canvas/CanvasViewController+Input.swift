import GtkKit
import ScribbleKit

extension CanvasViewController {
    /// Hands pointer input to the current tool (Strategy): the primary button's press, drag
    /// and release, and motion with no button down (for what follows the pointer). A press
    /// also gives the canvas the keyboard focus, for the tools' single-key shortcuts.
    ///
    /// SPEC §8: a stylus' eraser end erases whatever tool is chosen; fingers on a
    /// touchscreen draw each their own stroke; pointer events GDK makes up from a touch are
    /// ignored, since the touch itself arrives too.
    func handle(_ event: PointerEvent) {
        guard !event.isEmulated else { return }
        let point = Point(event.x, event.y)
        // Only a stylus' pressure shapes strokes: mouse and touch strokes keep their width.
        pressure = event.source == .pen ? event.pressure.map(Float.init) : nil
        if let finger = event.touchSequence { return handleTouch(event, finger: finger, at: point) }
        switch event.kind {
        case .press where event.button == 1 && !event.isDoubleClick:
            canvasView.drawingArea.grabFocus()
            isPressed = true
            let gesture: CanvasTool = event.source == .eraser ? EraserTool(host: self) : tool
            gestureTool = gesture
            gesture.press(at: point, modifiers: event.modifiers)
        case .motion where isPressed && event.isPrimaryDown:
            (gestureTool ?? tool).drag(to: point)
        case .motion:
            tool.hover(at: point)
        case .release where event.button == 1 && isPressed:
            isPressed = false
            (gestureTool ?? tool).release(at: point)
            gestureTool = nil
        default:
            break
        }
    }

    /// A finger: with the pen, each finger draws with a pen of its own, so several strokes
    /// grow at once, each its own undo step; with another tool, the first finger down works
    /// it as the mouse would.
    private func handleTouch(_ event: PointerEvent, finger: UInt, at point: Point) {
        switch event.kind {
        case .press:
            canvasView.drawingArea.grabFocus()
            let fingerTool: CanvasTool
            if toolKind == .pen, !isStamping {
                fingerTool = PenTool(host: self)
            } else {
                guard fingers.isEmpty, !isPressed else { return }
                fingerTool = tool
            }
            fingers[finger] = fingerTool
            fingerTool.press(at: point, modifiers: event.modifiers)
        case .motion:
            fingers[finger]?.drag(to: point)
        case .release:
            fingers.removeValue(forKey: finger)?.release(at: point)
        }
    }

    /// The canvas' single-key shortcuts, heard by the window whatever has the focus (but an
    /// entry): P, E, S pick a tool, T keeps the selection as a template. Returns false for
    /// keys it leaves to others.
    func handleShortcutKey(_ key: KeyEvent) -> Bool {
        guard key.modifiers.isDisjoint(with: [.control, .alt, .shift]) else { return false }
        let name = key.name.lowercased() // Caps Lock on
        if let kind = ToolKind.allCases.first(where: { $0.key == name }) {
            choose(kind)
            return true
        }
        guard name == "t" else { return false }
        keepSelectionAsTemplate()
        return true
    }

    /// Keys on the focused canvas: Escape clears the selection or ends stamping, Delete
    /// removes the selection, arrows move it (Shift: ten pixels). Returns false for keys it
    /// leaves to others.
    func handleKey(_ key: KeyEvent) -> Bool {
        guard key.modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        let step: Float = key.modifiers.contains(.shift) ? 10 : 1
        switch key.name {
        case "Escape": escape()
        case "Delete", "KP_Delete", "BackSpace": deleteSelection()
        case "Left": moveSelection(dx: -step, dy: 0)
        case "Right": moveSelection(dx: step, dy: 0)
        case "Up": moveSelection(dx: 0, dy: -step)
        case "Down": moveSelection(dx: 0, dy: step)
        default: return false
        }
        return true
    }
}
