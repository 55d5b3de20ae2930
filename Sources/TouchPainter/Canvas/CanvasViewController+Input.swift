import GtkKit
import ScribbleKit

extension CanvasViewController {
    /// Hands pointer input to the input chain: palm rejection, navigation, the opening gate
    /// (while the drawing is still opening only the camera moves, and a press says why), then
    /// the engine, with the settings as they are now, so a change in the Preferences window
    /// applies to the next event (`InputChain`). The engine's update goes to the view.
    func handle(_ event: PointerEvent) {
        inputChain.handle(event, on: canvasView) { apply($0) }
    }

    /// The canvas' single-key shortcuts, heard by the window whatever has the focus (but an
    /// entry): P, E, S, L, R, O, A pick a tool, T keeps the selection as a template; the
    /// selection's edits (`handleEditingKey`) and, with nothing selected, the page keys
    /// (`handlePageKey`) too. Returns false for keys it leaves to others.
    func handleShortcutKey(_ key: KeyEvent) -> Bool {
        if let text = editingText { return handleTextKey(key, text) }
        if handleEditingKey(key) || handlePageKey(key) { return true }
        guard key.modifiers.isDisjoint(with: [.control, .alt, .shift]) else { return false }
        if let kind = ToolKind.allCases.first(where: { $0.key == key.key }) {
            choose(kind)
            return true
        }
        guard key.key == .character("t") else { return false }
        keepSelectionAsTemplate()
        return true
    }

    /// Ctrl+A selects all; with a selection Ctrl+C, Ctrl+X and Ctrl+D copy, cut and
    /// duplicate it and Page Up/Down, Home/End move it in the drawing order; Ctrl+V pastes.
    /// Without a selection Ctrl+C is left to the Copy action (the drawing as an image), and
    /// the other keys to whoever wants them.
    private func handleEditingKey(_ key: KeyEvent) -> Bool {
        if inputChain.openingGate.isClosed, key.modifiers == [.control],
            [Key.character("a"), .character("v"), .character("x"), .character("d")].contains(key.key)
        {
            return refusesWhileOpening()
        }
        selection.prune(on: document.scribble)
        let hasSelection = !selection.isEmpty
        if key.modifiers == [.control] {
            switch key.key {
            case .character("a"): selectAll()
            case .character("v"): paste()
            case .character("c") where hasSelection: copySelection()
            case .character("x") where hasSelection: cutSelection()
            case .character("d") where hasSelection: duplicateSelection()
            default: return false
            }
            return true
        }
        guard key.modifiers.isEmpty, hasSelection else { return false }
        switch key.key {
        case .pageUp: reorderSelection(.raise)
        case .pageDown: reorderSelection(.lower)
        case .home: reorderSelection(.front)
        case .end: reorderSelection(.back)
        default: return false
        }
        return true
    }

    /// Keys on the focused canvas: Space held makes a primary drag pan, Escape clears the
    /// selection or ends stamping, Delete removes the selection, arrows move it (Shift: ten
    /// pixels). Returns false for keys it
    /// leaves to others.
    func handleKey(_ key: KeyEvent) -> Bool {
        guard key.modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        let step: Float = key.modifiers.contains(.shift) ? 10 : 1
        if inputChain.openingGate.isClosed, [Key.delete, .backSpace, .left, .right, .up, .down].contains(key.key) {
            return refusesWhileOpening()
        }
        switch key.key {
        case .space: holdSpace(true)
        case .escape: escape()
        case .delete, .backSpace: deleteSelection()
        case .left: moveSelection(dx: -step, dy: 0)
        case .right: moveSelection(dx: step, dy: 0)
        case .up: moveSelection(dx: 0, dy: -step)
        case .down: moveSelection(dx: 0, dy: step)
        default: return false
        }
        return true
    }
}
