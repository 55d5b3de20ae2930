import CCairo
import GtkKit
import ScribbleKit

/// The canvas' six toolbar buttons in the book's order — Delete, Save, Open, Palette at the
/// left, Undo and Redo at the right — with themed icons, tooltips naming the shortcut,
/// accessible names, and a swatch of the current pen on the Palette button.
@MainActor
final class CanvasToolbar {
    /// What a button (or its shortcut) asks for.
    enum Action: CaseIterable {
        case delete, save, open, palette, undo, redo
    }

    /// Told when a button is clicked.
    var onAction: ((Action) -> Void)?
    /// The buttons by action (tests and shortcuts reach them here).
    private(set) var buttons: [Action: Button] = [:]
    private let swatch = DrawingArea()
    private let style: StrokeStyle

    /// Makes the buttons; the swatch follows `style`.
    init(style: StrokeStyle) {
        self.style = style
        for action in Action.allCases {
            let button = action == .palette ? paletteButton() : Button(iconName: action.iconName)
            button.accessibleName = action.accessibleName
            button.tooltip = action.tooltip
            button.tag = action.tag.rawValue
            button.onClicked { [weak self] _ in self?.onAction?(action) }
            buttons[action] = button
        }
        setUndoAvailable(false, redoAvailable: false)
        swatch.setSizeRequest(width: 18, height: 18)
        swatch.onDraw { [weak self] cr in self?.drawSwatch(cr) }
        style.addObserver { [weak self] _ in self?.swatch.queueDraw() }
    }

    /// Header bar items at the left: the document buttons, linked in one group.
    private(set) lazy var startItems: [Widget] = [linked([.delete, .save, .open, .palette])]
    /// Header bar items at the right: Undo and Redo, linked.
    private(set) lazy var endItems: [Widget] = [linked([.undo, .redo])]

    /// The buttons for `actions` side by side with no gap, as one control (GNOME's "linked"
    /// style): a compact toolbar that still fits a narrow window.
    private func linked(_ actions: [Action]) -> Widget {
        let group = Box(.horizontal)
        group.addStyleClass("linked")
        actions.compactMap { buttons[$0] }.forEach { group.packStart($0) }
        return group
    }

    /// Greys Undo and Redo out exactly when there is nothing to undo or redo.
    func setUndoAvailable(_ canUndo: Bool, redoAvailable canRedo: Bool) {
        buttons[.undo]?.isSensitive = canUndo
        buttons[.redo]?.isSensitive = canRedo
    }

    private func paletteButton() -> Button {
        // The pen itself says what the button is for: a disc of its colour, no icon beside it.
        let button = Button(iconName: Action.palette.iconName)
        button.setChild(swatch)
        return button
    }

    /// The swatch: a disc in the current colour, framed so white stays visible.
    private func drawSwatch(_ cr: OpaquePointer) {
        let (width, height) = swatch.allocatedSize
        let radius = Double(min(width, height)) / 2 - 1
        let c = style.color.unitComponents
        cairo_arc(cr, Double(width) / 2, Double(height) / 2, radius, 0, 2 * .pi)
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.35)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
    }
}

extension CanvasToolbar.Action {
    /// Which view the button asks the coordinator for.
    var tag: ButtonTag {
        switch self {
        case .palette: .openPalette
        case .open: .openGallery
        default: .done
        }
    }

    /// The freedesktop icon.
    var iconName: String {
        switch self {
        case .delete: "user-trash-symbolic"
        case .save: "document-save-symbolic"
        case .open: "document-open-symbolic"
        case .palette: "applications-graphics-symbolic"
        case .undo: "edit-undo-symbolic"
        case .redo: "edit-redo-symbolic"
        }
    }

    /// The name screen readers and AT-SPI tests use (SPEC §1).
    var accessibleName: String {
        switch self {
        case .delete: tr("Delete")
        case .save: tr("Save")
        case .open: tr("Open")
        case .palette: tr("Palette")
        case .undo: tr("Undo")
        case .redo: tr("Redo")
        }
    }

    /// The tooltip, naming the shortcut.
    var tooltip: String {
        switch self {
        case .delete: tr("Delete the drawing and start a new scribble (Ctrl+N)")
        case .save: tr("Save the scribble (Ctrl+S)")
        case .open: tr("Open a saved scribble (Ctrl+O)")
        case .palette: tr("Colour and width of the pen (Ctrl+K)")
        case .undo: tr("Undo (Ctrl+Z)")
        case .redo: tr("Redo (Ctrl+Shift+Z)")
        }
    }
}
