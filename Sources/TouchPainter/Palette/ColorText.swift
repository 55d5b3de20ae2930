import FoundationEssentials
import Glibc
import GtkKit
import ScribbleKit

/// What the user typed in the palette's Hex field, read as a colour: CSS's hex forms
/// (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, read by ScribbleKit's `Color(hex:)`, since GDK 3
/// does not read `#rrggbbaa`) and everything GDK's parser reads — colour names such as
/// `teal`, `rgb(…)`, `rgba(…)`.
struct ColorText: Equatable {
    /// Why a text is not a colour, in words for the user.
    struct Refusal: Error, Equatable {
        /// The message shown under the field.
        let message: String
    }

    /// The colour.
    let color: Color
    /// Whether the text gave an opacity (`#rgba`, `#rrggbbaa`, a translucent `rgba(…)`);
    /// otherwise the pen keeps its own, as with the swatches.
    let setsOpacity: Bool

    /// The colour `text` stands for, or why it stands for none.
    static func parse(_ text: String) -> Result<ColorText, Refusal> {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty else { return .failure(Refusal(message: tr("Type a colour: #f00, #ff0000, #ff000080 or a name such as teal."))) }
        if let color = Color(hex: trimmed) {
            let digits = trimmed.filter(\.isHexDigit).count
            return .success(ColorText(color: color, setsOpacity: digits == 4 || digits == 8))
        }
        if trimmed.hasPrefix("#") {
            return .failure(Refusal(message: tr("“%1$s” is not a hex colour: use 3, 4, 6 or 8 digits from 0 to 9 and a to f.", trimmed)))
        }
        if let rgba = RGBA.parse(trimmed) {
            let channel = { (value: Double) in UInt8((min(max(value, 0), 1) * 255).rounded()) }
            let color = Color(
                red: channel(rgba.red), green: channel(rgba.green), blue: channel(rgba.blue),
                alpha: channel(rgba.alpha))
            return .success(ColorText(color: color, setsOpacity: color.alpha != 255))
        }
        return .failure(Refusal(message: tr("“%1$s” is not a colour name. Try #f00, #ff0000, #ff000080 or a name such as teal.", trimmed)))
    }
}
