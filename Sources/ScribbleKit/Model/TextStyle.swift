/// How a run of a text box's text looks (issue 55): its font family, size, weight, slant and
/// colour. A value, so a box's runs are shared freely between threads.
public struct TextStyle: Hashable, Sendable {
    /// The font family Pango looks up ("Sans", "DejaVu Serif"); a family the system lacks
    /// falls back to Pango's nearest (fontconfig's substitution), never to nothing.
    public var family: String
    /// The font's size in canvas pixels, within [`minimumSize`, `maximumSize`].
    public var size: Float
    /// Bold and italic.
    public var isBold: Bool, isItalic: Bool
    /// The text's colour.
    public var color: Color

    /// The smallest and largest font size, in canvas pixels.
    public static let minimumSize: Float = 1, maximumSize: Float = 1024
    /// The longest family name kept, in UTF-8 bytes.
    public static let maximumFamilyBytes = 256
    /// The text tool's style until the user picks another: the desktop's sans at 24 px.
    public static let standard = TextStyle(family: "Sans", size: 24, isBold: false, isItalic: false, color: .black)

    /// A style with its size clamped into range (a size that is not a finite number becomes
    /// `standard`'s) and its family cut to `maximumFamilyBytes` ("Sans" when empty).
    public init(family: String, size: Float, isBold: Bool = false, isItalic: Bool = false, color: Color) {
        let cut = TextBox.clipped(family.filter { $0 != "\0" && $0 != "," }, toBytes: Self.maximumFamilyBytes)
        self.family = cut.isEmpty ? "Sans" : cut
        self.size = size.isFinite ? min(max(size, Self.minimumSize), Self.maximumSize) : 24
        self.isBold = isBold
        self.isItalic = isItalic
        self.color = color
    }
}

/// A stretch of a text box's text in one style.
public struct TextRun: Hashable, Sendable {
    /// The run's characters.
    public var text: String
    /// How they look.
    public var style: TextStyle

    public init(_ text: String, style: TextStyle) {
        self.text = text
        self.style = style
    }
}
