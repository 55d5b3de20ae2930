import GtkKit
import ScribbleKit

extension CanvasViewController {
    /// Hands pointer input to the current tool (Strategy): the primary button's press, drag
    /// and release, and motion with no button down (for what follows the pointer). A press
    /// also gives the canvas the keyboard focus, for the tools' single-key shortcuts.
    func handle(_ event: PointerEvent) {
        let point = Point(event.x, event.y)
        switch event.kind {
        case .press where event.button == 1 && !event.isDoubleClick:
            canvasView.drawingArea.grabFocus()
            isPressed = true
            tool.press(at: point, modifiers: event.modifiers)
        case .motion where isPressed && event.isPrimaryDown:
            tool.drag(to: point)
        case .motion:
            tool.hover(at: point)
        case .release where event.button == 1 && isPressed:
            isPressed = false
            tool.release(at: point)
        default:
            break
        }
    }

    /// Keys on the focused canvas: P, E, S pick a tool, T keeps the selection as a template,
    /// Escape clears the selection or ends stamping, Delete removes the selection, arrows
    /// move it (Shift: ten pixels). Returns false for keys it leaves to others.
    func handleKey(_ key: KeyEvent) -> Bool {
        guard key.modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        if let kind = ToolKind.allCases.first(where: { $0.key == key.name.lowercased() }), !key.modifiers.contains(.shift) {
            choose(kind)
            return true
        }
        let step: Float = key.modifiers.contains(.shift) ? 10 : 1
        switch key.name {
        case "t", "T": keepSelectionAsTemplate()
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
