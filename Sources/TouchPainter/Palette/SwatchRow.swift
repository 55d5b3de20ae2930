import GtkKit
import ScribbleKit

/// A row of colour swatches that is one Tab stop (issue 26, keyboard): only one swatch of
/// the row can take the focus — the current colour's if it is in the row, else the one
/// focused last, else the first — and Left, Right, Home and End move the focus along the
/// row (a "roving tab stop", as ARIA's toolbars and radio groups do). Up and Down are
/// GTK's: they move to the Tab stop of the row above or below.
@MainActor
final class SwatchRow {
    /// The row.
    let view = Box(.horizontal, spacing: 2)
    /// The swatches, left to right.
    private(set) var swatches: [ColorSwatchButton] = []
    /// The one swatch the focus can go to.
    private var stop = 0

    /// Shows `swatches` in place of the ones there were.
    func set(_ swatches: [ColorSwatchButton]) {
        self.swatches.forEach { view.remove($0.button) }
        self.swatches = swatches
        stop = 0
        for (index, swatch) in swatches.enumerated() {
            view.packStart(swatch.button)
            swatch.button.showAll()
            swatch.button.onKeyPress { [weak self] key in self?.move(from: index, key: key.key) ?? false }
        }
        updateStop()
    }

    /// Marks the swatch of `color` as chosen (and unmarks the others); it becomes the row's
    /// Tab stop unless the focus is in the row now (the arrow keys are moving it).
    func choose(_ color: Color) {
        swatches.forEach { $0.isChosen = $0.matches(color) }
        if let chosen = swatches.firstIndex(where: \.isChosen), !swatches.contains(where: \.button.hasFocus) {
            stop = chosen
        }
        updateStop()
    }

    /// Focuses the row's Tab stop.
    func focus() {
        guard swatches.indices.contains(stop) else { return }
        swatches[stop].button.grabFocus()
    }

    /// Left, Right, Home, End: the focus to that swatch, which becomes the Tab stop.
    private func move(from index: Int, key: Key) -> Bool {
        let target: Int
        switch key {
        case .left: target = max(index - 1, 0)
        case .right: target = min(index + 1, swatches.count - 1)
        case .home: target = 0
        case .end: target = swatches.count - 1
        default: return false
        }
        stop = target
        swatches[target].button.canFocus = true // first, so it can take the focus
        swatches[target].button.grabFocus()
        updateStop()
        return true
    }

    private func updateStop() {
        for (index, swatch) in swatches.enumerated() { swatch.button.canFocus = index == stop }
    }
}
