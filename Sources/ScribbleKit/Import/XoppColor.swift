/// Colours as Xournal and Xournal++ write them: `#RRGGBBAA` (or `#RRGGBB`), or a name from
/// Xournal's fixed palette.
enum XoppColor {
    /// A stroke's colour.
    static func stroke(_ text: String) -> Color? {
        hex(text) ?? strokeNames[text].map(rgb)
    }

    /// A page's colour.
    static func background(_ text: String) -> Color? {
        hex(text) ?? backgroundNames[text].map(rgb)
    }

    private static func hex(_ text: String) -> Color? {
        guard text.hasPrefix("#"), text.count == 7 || text.count == 9, let value = UInt32(text.dropFirst(), radix: 16) else { return nil }
        let rgba = text.count == 7 ? value << 8 | 0xFF : value
        return Color(red: UInt8(rgba >> 24), green: UInt8(rgba >> 16 & 0xFF), blue: UInt8(rgba >> 8 & 0xFF), alpha: UInt8(rgba & 0xFF))
    }

    private static func rgb(_ value: UInt32) -> Color {
        Color(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// Xournal's pen colours.
    private static let strokeNames: [String: UInt32] = [
        "black": 0x000000, "blue": 0x3333CC, "red": 0xFF0000, "green": 0x008000, "gray": 0x808080,
        "lightblue": 0x00C0FF, "lightgreen": 0x00FF00, "magenta": 0xFF00FF, "orange": 0xFF8000,
        "yellow": 0xFFFF00, "white": 0xFFFFFF,
    ]

    /// Xournal's paper colours.
    private static let backgroundNames: [String: UInt32] = [
        "white": 0xFFFFFF, "yellow": 0xFFFF80, "pink": 0xFFC0D4, "orange": 0xFFC080, "blue": 0xA0E8FF,
        "green": 0x80FFC0,
    ]
}
