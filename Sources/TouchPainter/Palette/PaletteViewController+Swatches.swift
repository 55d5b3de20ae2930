import GtkKit
import ScribbleKit

/// The quicker palette: sixteen preset swatches, the last eight colours picked, and a hex
/// entry. They are more clients of the same colour command as the sliders (the Adapter): a
/// pick moves the sliders to the colour and runs the command, which reads them.
extension PaletteViewController {
    /// Sets the pen to `color`'s red, green and blue, through the colour command, keeping the
    /// opacity slider's (so a highlighter stays one), and remembers it as recent.
    func pick(_ color: Color) {
        red.sync(to: Double(color.red))
        green.sync(to: Double(color.green))
        blue.sync(to: Double(color.blue))
        colorCommand.execute()
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

    /// The "Colour" group's swatch rows and hex entry.
    func swatchRows() -> Widget {
        let column = Box(.vertical, spacing: 6)
        let presets = Grid(rowSpacing: 2, columnSpacing: 2)
        for (index, preset) in ColorSwatchButton.presets.enumerated() {
            let swatch = ColorSwatchButton(preset.color, name: tr("%1$s swatch", preset.name)) { [weak self] in self?.pick($0) }
            presetSwatches.append(swatch)
            presets.attach(swatch.button, column: index % 8, row: index / 8)
        }
        column.packStart(presets)
        let recentRow = Box(.horizontal, spacing: 6)
        let recentLabel = Label(tr("Recent"))
        recentLabel.addStyleClass("dim-label")
        recentRow.packStart(recentLabel)
        recentRow.packStart(recentBox)
        column.packStart(recentRow)
        let hexRow = Box(.horizontal, spacing: 12)
        let hexLabel = Label(mnemonic: tr("_Hex"))
        hexLabel.setMnemonicWidget(hexEntry)
        hexEntry.accessibleName = tr("Hex colour")
        hexEntry.placeholder = "#rrggbb"
        hexEntry.setWidthInCharacters(9)
        hexEntry.onActivate { [weak self] entry in self?.hexEntered(entry.text) }
        hexRow.packStart(hexLabel)
        hexRow.packStart(hexEntry)
        column.packStart(hexRow)
        showRecentColors()
        return column
    }

    /// Rebuilds the recent-colour swatches.
    func showRecentColors() {
        recentSwatches.forEach { recentBox.remove($0.button) }
        recentSwatches = recentColors.map { color in
            ColorSwatchButton(color, name: tr("Recent colour %1$s", color.hex)) { [weak self] in self?.pick($0) }
        }
        recentSwatches.forEach { recentBox.packStart($0.button); $0.button.showAll() }
    }

    /// Enter in the hex entry: a valid `#rrggbb` sets the pen; anything else is marked wrong.
    private func hexEntered(_ text: String) {
        guard let color = Color(hex: text) else { return hexEntry.setInvalid(true) }
        hexEntry.setInvalid(false)
        pick(color)
    }
}
