import GtkKit
import ScribbleKit

/// The quicker palette: sixteen preset swatches, the last eight colours picked, and the
/// hex field. They are more clients of the same colour command as the sliders (the
/// Adapter): a pick moves the sliders to the colour and runs the command, which reads them.
extension PaletteViewController {
    /// Sets the target to `color`'s red, green and blue through the colour command —
    /// keeping the opacity slider's (so a highlighter stays one) unless `opacity` is given,
    /// in per cent — as one change, and remembers the colour as recent.
    func pick(_ color: Color, opacity: Double? = nil) {
        red.sync(to: Double(color.red))
        green.sync(to: Double(color.green))
        blue.sync(to: Double(color.blue))
        if let opacity { self.opacity.sync(to: opacity) }
        colorCommand.execute()
        changeFinished()
        rememberRecent(style.color)
    }

    /// Puts `color` first among the recent colours (once), and shows them.
    func rememberRecent(_ color: Color) {
        let updated = [color] + recentColors.filter { $0 != color }
        guard updated != recentColors else { return }
        recentColors = Array(updated.prefix(Settings.recentColorLimit))
        onRecentColorsChange?(recentColors)
        showRecentColors()
    }

    /// The preset swatches in two rows of eight.
    func makePresetSwatches() {
        let swatches = ColorSwatchButton.presets.map { preset in
            ColorSwatchButton(preset.color, name: tr("%1$s swatch", preset.name)) { [weak self] in self?.pick($0) }
        }
        for (index, row) in presetRows.enumerated() {
            row.set(Array(swatches[index * 8..<min(index * 8 + 8, swatches.count)]))
        }
    }

    /// Rebuilds the recent-colour swatches.
    func showRecentColors() {
        recentRow.set(
            recentColors.map { color in
                ColorSwatchButton(color, name: tr("Recent colour %1$s", color.hex)) { [weak self] in self?.pick($0) }
            })
        recentRow.choose(style.color)
    }

    /// Every swatch of the current colour marked, the hex field showing it, the preview
    /// redrawn: after each change, whatever made it (a slider, a swatch, the field, undo).
    func showCurrentColor() {
        let color = style.color
        (presetRows + [recentRow]).forEach { $0.choose(color) }
        hexEntry.text = color.hexWithAlpha
        showHexProblem(nil)
        preview.queueDraw()
    }

    /// The preset swatches that are marked as the current colour (tests look).
    var chosenSwatches: [ColorSwatchButton] {
        (presetRows + [recentRow]).flatMap(\.swatches).filter(\.isChosen)
    }
}
