/// Colours as web-style hex text: what the palette's hex entry reads and writes and the
/// settings file keeps recent colours as.
extension Color {
    /// The colour of `text` in one of CSS's hex forms — `#rgb`, `#rgba`, `#rrggbb`,
    /// `#rrggbbaa` — any case, spaces around ignored; the `#` may be left out of `rrggbb` only
    /// (short forms without it would read words such as "bad" as colours). Opaque unless the
    /// text gives an alpha. `nil` for anything else.
    public init?(hex text: String) {
        var digits = Substring(text.filter { !$0.isWhitespace })
        let hasHash = digits.first == "#"
        if hasHash { digits = digits.dropFirst() }
        guard hasHash || digits.count == 6, digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        // Each short digit stands for itself twice: #f80 is #ff8800.
        let short = { (shift: UInt32) in UInt8(value >> shift & 0xF) * 17 }
        let long = { (shift: UInt32) in UInt8(value >> shift & 0xFF) }
        switch digits.count {
        case 3: self.init(red: short(8), green: short(4), blue: short(0))
        case 4: self.init(red: short(12), green: short(8), blue: short(4), alpha: short(0))
        case 6: self.init(red: long(16), green: long(8), blue: long(0))
        case 8: self.init(red: long(24), green: long(16), blue: long(8), alpha: long(0))
        default: return nil
        }
    }

    /// `#rrggbb`, lower case (opacity not included).
    public var hex: String {
        "#" + [red, green, blue].map(Self.twoDigits).joined()
    }

    /// `#rrggbb` for an opaque colour, `#rrggbbaa` for a translucent one: the whole colour.
    public var hexWithAlpha: String {
        alpha == 255 ? hex : hex + Self.twoDigits(alpha)
    }

    private static func twoDigits(_ value: UInt8) -> String {
        let text = String(value, radix: 16)
        return text.count == 1 ? "0" + text : text
    }
}
