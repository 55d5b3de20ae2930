import GtkKit
import ScribbleKit

/// The Text tool's keys and typed text (issue 55): while a box is open, the window's keys go
/// to it first — editing keys here, everything else through GTK's input method context
/// (`InputMethod`: dead keys, Compose, the desktop's input method), whose commits are typed.
extension CanvasViewController {
    /// The style a new box starts in: the desktop's sans at 24 px in the palette's colour.
    var textStyle: TextStyle {
        TextStyle(family: "Sans", size: 24, color: engine.strokeStyle.color)
    }

    /// The Text tool, when it is the tool and a box is open.
    var editingText: TextTool? {
        (engine.tool as? TextTool).flatMap { $0.isEditing ? $0 : nil }
    }

    /// Sends the keys `window` hears, after its shortcuts passed them on, through an input
    /// method context while a text box is open; what it commits is typed into the box.
    func attachTextInput(to window: Widget) {
        let input = InputMethod()
        input.onCommit { [weak self] text in
            guard let tool = self?.editingText else { return }
            if !tool.type(text) { self?.showTextCutNotice() }
        }
        input.attach(to: window) { [weak self] in
            _ = input // kept as long as the window's handler
            return self?.editingText != nil
        }
        input.setFocused(true)
    }

    /// The editing keys of an open box: Escape ends it; arrows, Home/End (Ctrl: by word, to
    /// the text's ends; Shift: selecting), Backspace, Delete, Enter; Ctrl+A in the box,
    /// Ctrl+C/X/V plain text, Ctrl+B/I bold and italic. Other keys go on to the input method.
    func handleTextKey(_ key: KeyEvent, _ tool: TextTool) -> Bool {
        let shift = key.modifiers.contains(.shift), control = key.modifiers.contains(.control)
        if key.modifiers.contains(.alt) { return false }
        switch key.key {
        case .escape: tool.finishGesture()
        case .left: tool.move { $0.move(control ? .wordLeft : .left, extending: shift) }
        case .right: tool.move { $0.move(control ? .wordRight : .right, extending: shift) }
        case .home: tool.move { $0.move(control ? .textStart : .lineStart, extending: shift) }
        case .end: tool.move { $0.move(control ? .textEnd : .lineEnd, extending: shift) }
        case .backSpace: tool.edit { $0.deleteBackward() }
        case .delete: tool.edit { $0.deleteForward() }
        case .other("Return"), .other("KP_Enter"): tool.type("\n")
        case .character("b") where control: tool.edit { $0.toggleBold() }
        case .character("i") where control: tool.edit { $0.toggleItalic() }
        case .character("a") where control: tool.move { $0.selectAll() }
        case .character("c") where control: copyText(of: tool)
        case .character("x") where control:
            copyText(of: tool)
            tool.edit { $0.deleteBackward() }
        case .character("v") where control: pasteText(into: tool)
        default: return false
        }
        return true
    }

    /// Puts the box's selection on the clipboard as plain text.
    private func copyText(of tool: TextTool) {
        guard let text = tool.editor?.selectedText, !text.isEmpty else { return }
        _ = Clipboard.set([("text/plain;charset=utf-8", Array(text.utf8)), ("UTF8_STRING", Array(text.utf8))])
    }

    /// Types the clipboard's plain text at the caret (cut at the box's limit, with a notice).
    private func pasteText(into tool: TextTool) {
        Clipboard.request("UTF8_STRING") { [weak self] bytes in
            guard let bytes, let self, let tool = self.editingText else { return }
            if !tool.type(String(decoding: bytes.prefix(TextBox.maximumTextBytes * 2), as: UTF8.self)) { self.showTextCutNotice() }
        }
    }

    /// Says a paste or a typing went past what a box holds.
    private func showTextCutNotice() {
        notify(tr("The text was cut: a text box holds at most 256 KB of text."))
    }
}
