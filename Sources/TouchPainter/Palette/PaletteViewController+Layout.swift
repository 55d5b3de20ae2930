import GtkKit
import ScribbleKit

/// The pane's layout: one compact column that fits beside the drawing in a 1024×600
/// window without scrolling — what the controls change and Done, the preview, the
/// swatches, the hex field, the sliders, the canvas kind.
extension PaletteViewController {
    /// How wide the pane is, in pixels: room for eight swatches and a slider with its value.
    static let paneWidth = 292

    /// Builds the column inside its scroller.
    func layOut() {
        _ = Self.installStyle
        scroller.fixWidth(Self.paneWidth)
        scroller.add(column)
        column.setMargins(12)
        column.addStyleClass(.palette)

        heading.wraps = true
        heading.xAlign = 0
        heading.addStyleClass(.heading)
        heading.setExpand(horizontal: true, vertical: false)
        let top = Box(.horizontal, spacing: 8)
        top.packStart(heading, expand: true)
        doneButton.button.verticalAlignment = .start
        top.packEnd(doneButton.button)
        column.packStart(top)

        preview.setSizeRequest(width: -1, height: 36)
        let previewFrame = Frame()
        previewFrame.add(preview)
        column.packStart(previewFrame)

        makePresetSwatches()
        let swatches = Box(.vertical, spacing: 2)
        presetRows.forEach { swatches.packStart($0.view) }
        column.packStart(swatches)
        // An icon, not the word "Recent": eight swatches and a word are wider than the pane.
        let recent = Box(.horizontal, spacing: 6)
        let recentIcon = Image(iconName: "document-open-recent-symbolic", pixelSize: 16)
        recentIcon.addStyleClass(.dimLabel)
        recentIcon.tooltip = tr("Recent colours")
        recentIcon.accessibleName = tr("Recent colours")
        recent.packStart(recentIcon)
        recent.packStart(recentRow.view)
        recent.setSizeRequest(width: -1, height: 28) // the same height empty as with swatches
        column.packStart(recent)
        column.packStart(hexRow())
        column.packStart(sliders())

        let canvasLabel = Label(tr("Canvas"))
        canvasLabel.xAlign = 0
        canvasLabel.addStyleClass(.heading)
        column.packStart(canvasLabel)
        column.packStart(canvasChooser.view)
        showRecentColors()
    }

    /// The "Hex" label and field, and the line that says what is wrong with a text.
    private func hexRow() -> Widget {
        let rows = Box(.vertical, spacing: 4)
        let row = Box(.horizontal, spacing: 12)
        let label = Label(mnemonic: tr("_Hex"))
        label.setMnemonicWidget(hexEntry)
        hexEntry.accessibleName = tr("Hex colour")
        hexEntry.placeholder = "#rrggbb"
        hexEntry.setWidthInCharacters(10)
        hexEntry.onActivate { [weak self] entry in self?.hexEntered(entry.text) }
        row.packStart(label)
        row.packStart(hexEntry, expand: true)
        rows.packStart(row)
        hexProblem.wraps = true
        hexProblem.xAlign = 0
        hexProblem.addStyleClass(.hexProblem)
        hexProblem.isLeftOutOfShowAll = true
        hexProblem.isVisible = false
        rows.packStart(hexProblem)
        return rows
    }

    /// Red, green, blue, opacity and width, each labelled (Alt+letter moves to it).
    private func sliders() -> Widget {
        let grid = Grid(rowSpacing: 0, columnSpacing: 8)
        let rows: [(String, CommandSlider)] = [
            (tr("_Red"), red), (tr("_Green"), green), (tr("_Blue"), blue),
            (tr("_Opacity"), opacity), (tr("_Width"), width),
        ]
        for (index, (title, slider)) in rows.enumerated() {
            let label = Label(mnemonic: title)
            label.xAlign = 0
            label.setMnemonicWidget(slider.scale)
            grid.attach(label, column: 0, row: index)
            grid.attach(slider.scale, column: 1, row: index)
        }
        return grid
    }

    /// The swatches' compact buttons, sliders closer together than GTK's theme puts them,
    /// the headings' weight and the hex message's colour, once for the app.
    private static let installStyle: Void = {
        StyleSheet.install(
            """
            button.swatch { padding: 3px; min-width: 0; min-height: 0; }
            .palette scale { padding-top: 8px; padding-bottom: 8px; }
            label.heading { font-weight: bold; }
            label.hex-problem { color: @error_color; font-size: smaller; }
            """)
    }()
}
