import CairoKit
import GtkKit
import ScribbleKit

/// The canvas' six toolbar buttons in the book's order — New (the book's Delete), Save, Open,
/// Palette at the left, Undo and Redo at the right — with themed icons, tooltips naming the
/// shortcut, accessible names, and a sample of the current pen (its colour at its width) on the Palette button. A click never
/// leaves a button with the keyboard focus, so Space and Enter do not repeat it and the
/// canvas' single-key shortcuts keep working. Each button carries its `ButtonTag`, and a
/// click goes with the button to the Mediator, which reads the tag (book chapter 11): the
/// toolbar and the canvas decide nothing.
@MainActor
final class CanvasToolbar {
    /// The toolbar's tags, in the book's order.
    static let tags: [ButtonTag] = [.newScribble, .save, .openThumbnails, .openPalette, .undo, .redo]

    /// The buttons by the tag they were made with (tests reach them here).
    private(set) var buttons: [ButtonTag: TaggedButton] = [:]
    /// The zoom in percent; its menu zooms in and out, to 100 % and to fit.
    let zoomButton = MenuButton(
        label: ZoomAction.label(for: Viewport(width: 0, height: 0)),
        sections: [ZoomAction.allCases.map(\.menuItem)])
    /// The page the view is on, of how many ("12 / 2415"), in a drawing with pages (a PDF);
    /// a click asks Go to Page.
    let pageButton = Button(label: "")
    /// The page button's text: a label of its own, shown from the start, so that it is laid
    /// out with the button whenever that shows (a label shown at the same time as its button
    /// was left unallocated in the header bar, and the button stayed blank).
    private let pageLabel = Label()
    /// Told whether the drawing has pages when that changes (the page actions follow it).
    var onPagesAvailable: ((Bool) -> Void)?
    private let swatch = DrawingArea()
    private let style: StrokeStyle

    /// Makes the buttons, whose clicks go to `mediator`; the swatch follows `style`.
    init(style: StrokeStyle, mediator: Navigator) {
        self.style = style
        for tag in Self.tags {
            let button = tag == .openPalette ? paletteButton() : Button(iconName: tag.iconName)
            button.focusOnClick = false
            button.accessibleName = tag.accessibleName
            button.tooltip = tag.tooltip
            buttons[tag] = TaggedButton(button, tag: tag, mediator: mediator)
        }
        setUndoAvailable(false, redoAvailable: false)
        zoomButton.accessibleName = tr("Zoom")
        zoomButton.tooltip = tr("Zoom (Ctrl+plus, Ctrl+minus, Ctrl+0 fits the drawing)")
        zoomButton.focusOnClick = false
        zoomButton.accessibleDescription = zoomButton.label
        pageButton.accessibleName = tr("Page")
        pageButton.tooltip = tr("Go to page (Ctrl+G)")
        pageButton.focusOnClick = false
        pageButton.setChild(pageLabel)
        pageLabel.isVisible = true
        pageButton.isLeftOutOfShowAll = true // shown only with pages, by `showPage`
        swatch.setSizeRequest(width: 24, height: 18)
        swatch.onDraw { [weak self] cr in self?.drawSwatch(cr) }
        style.addObserver { [weak self] _ in self?.swatch.queueDraw() }
    }

    /// Header bar items at the left: the document buttons, linked in one group.
    private(set) lazy var startItems: [Widget] = [linked([.newScribble, .save, .openThumbnails, .openPalette])]
    /// Header bar items at the right: Undo and Redo, linked, and the zoom to their left —
    /// clipped in a window narrowed to 360 px rather than holding it wider.
    private(set) lazy var endItems: [Widget] = [linked([.undo, .redo]), zoomArea, pageButton]

    /// The zoom button's place in the header bar.
    private lazy var zoomArea: Widget = {
        let area = ScrolledWindow()
        area.clipSideways()
        area.add(zoomButton)
        return area
    }()

    /// Shows `viewport`'s zoom on the zoom button.
    func showZoom(of viewport: Viewport) {
        let label = ZoomAction.label(for: viewport)
        guard zoomButton.label != label else { return }
        zoomButton.label = label
        zoomButton.accessibleDescription = label // a screen reader says "Zoom, 141 %"
    }

    /// Shows page `current` (from 0) of `count` on the page button; hides it without pages.
    func showPage(_ current: Int?, of count: Int) {
        let hasPages = current != nil && count > 0
        if let current, hasPages {
            let label = tr("%1$s / %2$s", current + 1, count)
            if pageLabel.text != label {
                // Room for the widest "current / count" of this count, so the width never jumps.
                pageLabel.widthCharacters = 2 * String(count).count + 3
                pageLabel.text = label
                pageButton.accessibleDescription = label
            }
        }
        guard hasPages != pageButton.isVisible else { return }
        pageButton.isVisible = hasPages
        onPagesAvailable?(hasPages)
    }

    /// The buttons for `actions` side by side with no gap, as one control (GNOME's "linked"
    /// style): a compact toolbar that still fits a narrow window.
    private func linked(_ tags: [ButtonTag]) -> Widget {
        let group = Box(.horizontal)
        group.addStyleClass(.linked)
        tags.compactMap { buttons[$0]?.button }.forEach { group.packStart($0) }
        return group
    }

    /// Greys Undo and Redo out exactly when there is nothing to undo or redo.
    func setUndoAvailable(_ canUndo: Bool, redoAvailable canRedo: Bool) {
        buttons[.undo]?.button.isSensitive = canUndo
        buttons[.redo]?.button.isSensitive = canRedo
    }

    private func paletteButton() -> Button {
        // The pen itself says what the button is for: a sample of its line, no icon beside it.
        let button = Button(iconName: ButtonTag.openPalette.iconName)
        button.setChild(swatch)
        return button
    }

    /// The sample: a short wave in the current colour at the current width (up to the
    /// button's height), on a light card so white and translucent ink stay visible.
    private func drawSwatch(_ cr: CairoContext) {
        let (width, height) = swatch.allocatedSize
        let (w, h) = (Double(width), Double(height))
        cr.paintCard(width: w, height: h, shade: 0.97, edgeAlpha: 0.3)
        let lineWidth = min(Double(style.size), h - 4)
        let reach = (h - 4 - lineWidth) / 2 // how far the wave swings, so the line stays inside
        let margin = 2 + lineWidth / 2
        cr.move(toX: margin, y: h / 2 + reach)
        cr.curve(x1: w / 2, y1: h / 2 - 3 * reach, x2: w / 2, y2: h / 2 + 3 * reach, toX: w - margin, y: h / 2 - reach)
        let c = style.color.unitComponents
        cr.setSource(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        cr.setLineWidth(lineWidth)
        cr.setLineCap(.round)
        cr.stroke()
    }
}

extension ButtonTag {
    // The toolbar's looks; Done is the brand's main button (`DoneButton`).
    /// The freedesktop icon.
    var iconName: String {
        switch self {
        case .newScribble: "document-new-symbolic"
        case .save: "document-save-symbolic"
        case .openThumbnails: "document-open-symbolic"
        case .openPalette: "applications-graphics-symbolic"
        case .undo: "edit-undo-symbolic"
        case .redo: "edit-redo-symbolic"
        case .done: "object-select-symbolic"
        }
    }

    /// The name screen readers and AT-SPI tests use.
    var accessibleName: String {
        switch self {
        case .newScribble: tr("New")
        case .save: tr("Save")
        case .openThumbnails: tr("Open")
        case .openPalette: tr("Palette")
        case .undo: tr("Undo")
        case .redo: tr("Redo")
        case .done: tr("Done")
        }
    }

    /// The tooltip, naming the shortcut.
    var tooltip: String {
        switch self {
        case .newScribble: tr("New scribble (Ctrl+N)")
        case .save: tr("Save the scribble (Ctrl+S)")
        case .openThumbnails: tr("Open a saved scribble (Ctrl+O)")
        case .openPalette: tr("Colour and width of the pen (Ctrl+K)")
        case .undo: tr("Undo (Ctrl+Z)")
        case .redo: tr("Redo (Ctrl+Shift+Z)")
        case .done: tr("Back to the canvas (Escape)")
        }
    }
}
