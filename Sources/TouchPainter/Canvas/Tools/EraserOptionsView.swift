import GtkKit
import ScribbleKit

/// The eraser's options (issue 26), in a popover from the tool bar's Eraser options button:
/// a size slider, `Eraser size` (2–100 px), and the radio buttons `Part of marks` and
/// `Whole marks`. A change tells `onChange` at once; the canvas keeps it in the settings.
@MainActor
final class EraserOptionsView {
    /// The popover's content.
    let view = Box(.vertical, spacing: 6)
    /// The eraser's diameter in pixels.
    let sizeSlider = Scale(
        minimum: Double(EraserOptions.diameters.lowerBound),
        maximum: Double(EraserOptions.diameters.upperBound), step: 1)
    /// The mode buttons, by mode (tests reach them here).
    private(set) var modeButtons: [EraserOptions.Mode: RadioButton] = [:]
    /// Told of the options the user chose (not when `show` sets them).
    var onChange: ((EraserOptions) -> Void)?
    private var isShowing = false

    /// Makes the controls, showing the defaults.
    init() {
        view.setMargins(10)
        let sizeLabel = Label(tr("Size (px)"))
        sizeLabel.xAlign = 0
        view.packStart(sizeLabel)
        sizeSlider.accessibleName = tr("Eraser size")
        sizeSlider.tooltip = tr("The eraser's diameter, in pixels")
        sizeSlider.setSizeRequest(width: 200, height: -1)
        sizeSlider.onValueChanged { [weak self] _ in self?.changed() }
        view.packStart(sizeSlider)
        var first: RadioButton?
        for mode in EraserOptions.Mode.allCases {
            let button = RadioButton(joining: first)
            first = first ?? button
            button.add(Label(mode.name))
            button.accessibleName = mode.name
            button.tooltip = mode.tooltip
            button.onToggled { [weak self] button in
                if button.isActive { self?.changed() }
            }
            modeButtons[mode] = button
            view.packStart(button)
        }
        show(EraserOptions())
    }

    /// The options the controls show.
    var options: EraserOptions {
        var options = EraserOptions()
        options.diameter = Float(sizeSlider.value)
        options.mode = EraserOptions.Mode.allCases.first { modeButtons[$0]?.isActive == true } ?? .partOfMarks
        return options
    }

    /// Sets the controls to `options` without telling `onChange`.
    func show(_ options: EraserOptions) {
        isShowing = true
        defer { isShowing = false }
        sizeSlider.value = Double(options.diameter)
        modeButtons[options.mode]?.isActive = true
    }

    private func changed() {
        guard !isShowing else { return }
        onChange?(options)
    }
}
