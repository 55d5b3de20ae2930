import CCairo
import GtkKit
import ScribbleKit

/// The palette screen (book chapters 2, 8 and 12): red, green and blue `CommandSlider`s, a
/// width slider and a live preview. It is the Adapter between the sliders and the colour
/// and size commands: it answers the commands' questions from its sliders and hears the
/// results. The commands change the canvas' pen; the preview follows the pen.
@MainActor
final class PaletteViewController: ViewController {
    /// The pen the commands change.
    let style: StrokeStyle
    /// The colours picked last, newest first (shown as swatches; the coordinator keeps them).
    var recentColors: [Color] = []
    /// Told when the recent colours change, to remember them across launches.
    var onRecentColorsChange: (([Color]) -> Void)?
    /// The preset swatches (tests press them).
    var presetSwatches: [ColorSwatchButton] = []
    /// The recent-colour swatches on show.
    var recentSwatches: [ColorSwatchButton] = []
    /// Where the recent swatches sit.
    let recentBox = Box(.horizontal, spacing: 2)
    /// `#rrggbb` typed by the user.
    let hexEntry = Entry()
    /// The colour and width sliders (internal so tests can move them).
    let red = CommandSlider(name: tr("Red"), range: 0...255)
    let green = CommandSlider(name: tr("Green"), range: 0...255)
    let blue = CommandSlider(name: tr("Blue"), range: 0...255)
    /// Per cent: how much of what lies beneath a stroke hides.
    let opacity = CommandSlider(name: tr("Opacity"), range: 0...100)
    let width = CommandSlider(name: tr("Width"), range: Double(StrokeStyle.sizeRange.lowerBound)...Double(StrokeStyle.sizeRange.upperBound))
    /// The command every colour control runs (sliders, swatches, the hex entry).
    let colorCommand: SetStrokeColorCommand
    private let sizeCommand: SetStrokeSizeCommand
    private let preview = DrawingArea()
    /// The "Canvas" group: plain, paper or cloth (the coordinator hears the choice).
    let canvasChooser = CanvasKindChooser()
    private let page = Box(.vertical, spacing: 18)
    /// The page scrolls, so a small window can still show all of it.
    private let scroller = ScrolledWindow()
    private let doneButton: Button

    /// Makes the page; its commands change `style`, the canvas' pen.
    init(style: StrokeStyle, coordinator: CoordinatingController) {
        self.style = style
        doneButton = coordinator.makeDoneButton()
        colorCommand = SetStrokeColorCommand(style: style)
        sizeCommand = SetStrokeSizeCommand(style: style)
        colorCommand.delegate = self
        sizeCommand.delegate = self
        [red, green, blue, opacity].forEach { $0.command = colorCommand }
        width.command = sizeCommand


        preview.accessibleName = tr("Pen preview")
        preview.setSizeRequest(width: -1, height: 96)
        preview.onDraw { [weak self] cr in self?.drawPreview(cr) }
        style.addObserver { [weak self] _ in self?.preview.queueDraw() }
        layOut()
    }

    var view: Widget { scroller }
    var pageName: String { "palette" }
    var title: String { tr("Palette") }
    var toolbarStart: [Widget] { [] }
    var toolbarEnd: [Widget] { [doneButton] }

    /// Shows the pen as it is now, not the sliders' last positions.
    func viewWillAppear() {
        hexEntry.text = style.color.hex
        hexEntry.setInvalid(false)
        red.sync(to: Double(style.color.red))
        green.sync(to: Double(style.color.green))
        blue.sync(to: Double(style.color.blue))
        opacity.sync(to: (Double(style.color.alpha) / 255 * 100).rounded())
        width.sync(to: Double(style.size))
    }

    /// Leaving the palette: the colour the sliders made counts as picked.
    func viewWillDisappear() {
        rememberRecent(style.color)
    }

    func colorComponents(for command: SetStrokeColorCommand) -> (red: Double, green: Double, blue: Double) {
        (red.value, green.value, blue.value)
    }

    func opacity(for command: SetStrokeColorCommand) -> Double { opacity.value }

    func command(_ command: SetStrokeColorCommand, didFinishColorUpdateWith color: Color) {
        preview.queueDraw()
    }

    func size(for command: SetStrokeSizeCommand) -> Double { width.value }

    func command(_ command: SetStrokeSizeCommand, didFinishSizeUpdateWith size: Float) {
        preview.queueDraw()
    }

    /// A centred column like a GNOME preferences page: a preview card, then framed groups
    /// of labelled sliders.
    private func layOut() {
        page.setMargins(24)
        page.horizontalAlignment = .center
        page.setSizeRequest(width: 480, height: -1)
        scroller.add(page)

        let previewFrame = Frame()
        previewFrame.add(preview)
        page.packStart(heading(tr("Preview")))
        page.packStart(previewFrame)
        page.packStart(heading(tr("Colour")))
        page.packStart(group([(tr("_Red"), red), (tr("_Green"), green), (tr("_Blue"), blue), (tr("_Opacity"), opacity)],
                             extra: swatchRows()))
        page.packStart(heading(tr("Size")))
        page.packStart(group([(tr("_Width"), width)]))
        page.packStart(heading(tr("Canvas")))
        let canvasFrame = Frame()
        canvasChooser.view.setMargins(12)
        canvasFrame.add(canvasChooser.view)
        page.packStart(canvasFrame)
    }

    private func heading(_ text: String) -> Label {
        let label = Label()
        label.setMarkup("<b>\(text)</b>")
        label.xAlign = 0
        return label
    }

    private func group(_ rows: [(String, CommandSlider)], extra: Widget? = nil) -> Frame {
        let grid = Grid(rowSpacing: 6, columnSpacing: 12)
        grid.setMargins(12)
        for (index, (title, slider)) in rows.enumerated() {
            let label = Label(mnemonic: title) // Alt+letter moves to the slider
            label.xAlign = 0
            label.setSizeRequest(width: 64, height: -1)
            label.setMnemonicWidget(slider.scale)
            grid.attach(label, column: 0, row: index)
            grid.attach(slider.scale, column: 1, row: index)
        }
        if let extra { grid.attach(extra, column: 0, row: rows.count, width: 2) }
        let frame = Frame()
        frame.add(grid)
        return frame
    }

    /// A short stroke in the current colour at the current width, on the canvas colour.
    private func drawPreview(_ cr: OpaquePointer) {
        let (w, h) = preview.allocatedSize
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        let stroke = Stroke(color: style.color, size: style.size)
        let margin = Float(max(24, style.size))
        stroke.append(Point(x: margin, y: Float(h) / 2))
        stroke.append(Point(x: Float(w) - margin, y: Float(h) / 2))
        MarkRenderer(context: cr).render(stroke)
    }
}

/// The palette answers its commands' questions on the main thread, where the sliders live.
extension PaletteViewController: @MainActor SetStrokeColorCommandDelegate, @MainActor SetStrokeSizeCommandDelegate {}
