/// Colours as web-style hex text (`#rrggbb`): what the palette's hex entry reads and writes
/// and the settings file keeps recent colours as.
extension Color {
    /// The colour of `text` in `#rrggbb` form (the `#` optional, any case, spaces around
    /// ignored); `nil` for anything else. Opaque.
    public init?(hex text: String) {
        var digits = Substring(text.filter { !$0.isWhitespace })
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`, lower case (opacity not included).
    public var hex: String {
        "#" + [red, green, blue].map { value in
            let text = String(value, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }
}
