import GtkKit
import ScribbleKit

/// The Hex field: it shows the current colour (`#rrggbb`, or `#rrggbbaa` when translucent)
/// and takes a typed one on Enter — any form `ColorText` reads; a text that is no colour is
/// outlined in red and the reason shows in words beneath it and as its tooltip.
extension PaletteViewController {
    /// Enter in the field: a colour sets the target (its opacity too, if the text gives
    /// one); anything else says why not.
    func hexEntered(_ text: String) {
        switch ColorText.parse(text) {
        case .success(let entered):
            pick(entered.color, opacity: entered.setsOpacity ? (Double(entered.color.alpha) / 255 * 100).rounded() : nil)
            showCurrentColor() // the field shows the colour in its own form: "teal" becomes #008080
        case .failure(let refusal):
            showHexProblem(refusal.message)
        }
    }

    /// Shows `message` under the field (and as its tooltip) with the field outlined in
    /// red; `nil` takes it away.
    func showHexProblem(_ message: String?) {
        hexEntry.setInvalid(message != nil)
        hexEntry.tooltip = message ?? tr("A colour: #rgb, #rrggbb, #rrggbbaa or a name such as teal; Enter applies it")
        hexProblem.text = message ?? ""
        hexProblem.isVisible = message != nil
    }
}
