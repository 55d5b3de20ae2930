import CairoKit
import GtkKit
import ScribbleKit

/// The palette (book chapters 2, 8 and 12): red, green, blue, opacity and width
/// `CommandSlider`s, swatches, recent colours, a hex field, a live preview and the canvas
/// kind, in a pane beside the drawing (issue 26), so the strokes stay in sight and in reach.
///
/// It is the Adapter between the sliders and the colour and size commands: it answers the
/// commands' questions from its sliders and hears the results. What the commands change is
/// its *target*: the canvas' pen when nothing is selected, or — with marks selected — a
/// style standing for them, whose every change is shown on the selected marks at once and
/// recorded as one undo step when the change is done (`SelectionStyleEdit`).
@MainActor
final class PaletteViewController: ViewController {
    /// What the controls change.
    enum Target: Equatable {
        /// The pen: the colour and width of the next marks.
        case pen
        /// The `count` selected marks.
        case selection(count: Int)
    }

    /// The canvas' pen, which the controls change when nothing is selected.
    let pen: StrokeStyle
    /// The selected marks' colour and width as the controls show them.
    let selectionStyle = StrokeStyle()
    /// What the controls change now.
    private(set) var target = Target.pen
    /// Puts the controls' changes on the selected marks.
    let selectionEdit: SelectionStyleEdit
    /// The canvas' selection, which the palette follows while it is open.
    let selection: Selection
    /// The colours picked last, newest first (shown as swatches; the coordinator keeps them).
    var recentColors: [Color] = []
    /// Told when the recent colours change, to remember them across launches.
    var onRecentColorsChange: (([Color]) -> Void)?
    /// The preset swatches, two rows of eight (each row one Tab stop).
    let presetRows = [SwatchRow(), SwatchRow()]
    /// The recent colours' swatches.
    let recentRow = SwatchRow()
    /// The current colour as text; takes `#rgb`, `#rrggbb`, `#rrggbbaa` and colour names.
    let hexEntry = Entry()
    /// Why the text in `hexEntry` is not a colour; hidden while it is one.
    let hexProblem = Label()
    /// What the controls change, in words ("Colour of 2 selected marks").
    let heading = Label()
    /// The colour sliders, 0–255 (internal so tests can move them).
    let red = CommandSlider(name: tr("Red"), range: 0...255)
    /// See `red`.
    let green = CommandSlider(name: tr("Green"), range: 0...255)
    /// See `red`.
    let blue = CommandSlider(name: tr("Blue"), range: 0...255)
    /// Per cent: how much of what lies beneath a stroke hides.
    let opacity = CommandSlider(name: tr("Opacity"), range: 0...100)
    /// The width of the pen or of the selected marks, in pixels.
    let width = CommandSlider(name: tr("Width"), range: Double(StrokeStyle.sizeRange.lowerBound)...Double(StrokeStyle.sizeRange.upperBound))
    /// The commands that change the pen, and those that change the selection's style.
    private let penCommands: (color: SetStrokeColorCommand, size: SetStrokeSizeCommand)
    private let selectionCommands: (color: SetStrokeColorCommand, size: SetStrokeSizeCommand)
    /// A short stroke in the target's colour and width.
    let preview = DrawingArea()
    /// The "Canvas" group: plain, paper or cloth (the coordinator hears the choice).
    let canvasChooser = CanvasKindChooser()
    /// The pane's content.
    let column = Box(.vertical, spacing: 8)
    /// The pane: the column, scrolling when the window is too low for it.
    let scroller = ScrolledWindow()
    /// Closes the pane (the coordinator's Done, branded if the app is).
    let doneButton: TaggedButton
    /// Whether the pane is on show (closed, it does no work on selection changes).
    private(set) var isOpen = false
    /// True while the palette itself changes the selection (its edit's copies replacing
    /// the marks), so it does not take that for the user selecting something else.
    var isChangingSelection = false

    /// Makes the pane; its commands change `pen`, the canvas' pen, or `selection`'s marks on
    /// `document`'s drawing; its Done button (`branding`'s) asks `navigator` for the canvas.
    init(pen: StrokeStyle, selection: Selection, document: Document, navigator: Navigator, branding: BrandingFactory) {
        self.pen = pen
        self.selection = selection
        selectionEdit = SelectionStyleEdit(document: document, selection: selection)
        doneButton = DoneButton.make(branding: branding, navigator: navigator)
        doneButton.button.tooltip = tr("Close the palette (Escape)")
        penCommands = (SetStrokeColorCommand(style: pen), SetStrokeSizeCommand(style: pen))
        selectionCommands = (SetStrokeColorCommand(style: selectionStyle), SetStrokeSizeCommand(style: selectionStyle))
        for commands in [penCommands, selectionCommands] {
            commands.color.delegate = self
            commands.size.delegate = self
        }
        for slider in [red, green, blue, opacity, width] {
            slider.onChangeFinished = { [weak self] in self?.changeFinished() }
        }
        preview.accessibleName = tr("Pen preview")
        preview.onDraw { [weak self] cr in self?.drawPreview(cr) }
        pen.addObserver { [weak self] _ in self?.styleDidChange(.pen) }
        selectionStyle.addObserver { [weak self] _ in self?.styleDidChange(nil) }
        selection.observe { [weak self] in self?.selectionDidChange() }
        layOut()
        retarget()
    }

    var view: Widget { scroller }
    var destination: Destination { .palette }
    var title: String { tr("Palette") }
    var toolbarStart: [Widget] { [] }
    var toolbarEnd: [Widget] { [] }

    /// The style the controls show and change: the pen's or the selection's.
    var style: StrokeStyle { target == .pen ? pen : selectionStyle }
    /// The command every colour control runs (sliders, swatches, the hex field) for the target.
    var colorCommand: SetStrokeColorCommand { target == .pen ? penCommands.color : selectionCommands.color }
    /// The command the width slider runs for the target.
    var sizeCommand: SetStrokeSizeCommand { target == .pen ? penCommands.size : selectionCommands.size }

    /// Opening: shows the target as it is now, not the sliders' last positions.
    func viewWillAppear() {
        isOpen = true
        retarget(force: true)
    }

    /// Closing: a change under way is recorded, and the colour made counts as picked.
    func viewWillDisappear() {
        changeFinished()
        isOpen = false
        rememberRecent(style.color)
    }

    /// Puts the keyboard focus on the first row of swatches (the pane was opened).
    func focusFirstControl() {
        presetRows[0].focus()
    }

    /// The heading for `target`: the pen, or how many marks the controls recolour.
    static func heading(for target: Target) -> String {
        switch target {
        case .pen: tr("Pen colour and width")
        case .selection(count: 1): tr("Colour of 1 selected mark")
        case .selection(let count): tr("Colour of %1$s selected marks", count)
        }
    }

    /// A change is done (a drag released, a key, a swatch): on the selection it becomes
    /// one undo step.
    func changeFinished() {
        guard selectionEdit.isPending else { return }
        isChangingSelection = true
        selectionEdit.commit()
        isChangingSelection = false
    }

    /// The user selected other marks (or none): the controls turn to them.
    private func selectionDidChange() {
        guard isOpen, !isChangingSelection else { return }
        changeFinished()
        retarget()
    }

    /// Points the controls at the selection if there is one, else at the pen, and shows
    /// its style; does nothing when target and style are as shown (a move of the selection
    /// calls this per motion event), unless `force`d.
    func retarget(force: Bool = false) {
        let count = selectionEdit.selectedCount
        let selected = count > 0 ? selectionEdit.selectedStyle : nil
        let newTarget = selected == nil ? Target.pen : .selection(count: count)
        let styleChanged = selected.map { $0.color != selectionStyle.color || $0.size != selectionStyle.size } ?? false
        guard force || newTarget != target || styleChanged else { return }
        target = newTarget
        if let selected {
            selectionStyle.color = selected.color
            selectionStyle.size = selected.size
        }
        [red, green, blue, opacity].forEach { $0.command = colorCommand }
        width.command = sizeCommand
        heading.text = Self.heading(for: target)
        syncControls()
    }

    /// Moves the sliders to the target's style without running commands, and lets the
    /// preview, the hex field and the swatches follow.
    func syncControls() {
        let color = style.color
        red.sync(to: Double(color.red))
        green.sync(to: Double(color.green))
        blue.sync(to: Double(color.blue))
        opacity.sync(to: (Double(color.alpha) / 255 * 100).rounded())
        width.sync(to: Double(style.size))
        showCurrentColor()
    }

    /// A style changed (`.pen` for the pen, `nil` for the selection's): what shows the
    /// target's colour follows, if that style is the target's.
    private func styleDidChange(_ which: Target?) {
        guard (which == .pen) == (target == .pen) else { return }
        showCurrentColor()
    }

    /// A short stroke in the current colour at the current width, on the canvas colour.
    private func drawPreview(_ cr: CairoContext) {
        let (w, h) = preview.allocatedSize
        cr.setSource(red: 1, green: 1, blue: 1)
        cr.paint()
        let stroke = Stroke(color: style.color, size: style.size)
        let margin = Float(max(16, style.size / 2 + 4))
        stroke.append(Point(x: margin, y: Float(h) / 2))
        stroke.append(Point(x: Float(w) - margin, y: Float(h) / 2))
        MarkRenderer(context: cr).render(stroke)
    }
}

/// The palette answers its commands' questions on the main thread, where the sliders live,
/// and puts what the selection's commands set on the selected marks.
extension PaletteViewController: @MainActor SetStrokeColorCommandDelegate, @MainActor SetStrokeSizeCommandDelegate {
    func colorComponents(for command: SetStrokeColorCommand) -> (red: Double, green: Double, blue: Double) {
        (red.value, green.value, blue.value)
    }

    func opacity(for command: SetStrokeColorCommand) -> Double { opacity.value }

    func command(_ command: SetStrokeColorCommand, didFinishColorUpdateWith color: Color) {
        guard command === selectionCommands.color else { return }
        isChangingSelection = true
        selectionEdit.show(color: color)
        isChangingSelection = false
    }

    func size(for command: SetStrokeSizeCommand) -> Double { width.value }

    func command(_ command: SetStrokeSizeCommand, didFinishSizeUpdateWith size: Float) {
        guard command === selectionCommands.size else { return }
        isChangingSelection = true
        selectionEdit.show(size: size)
        isChangingSelection = false
    }
}
