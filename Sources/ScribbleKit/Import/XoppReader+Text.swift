import CPango

/// Xournal++'s `<text>` elements (issue 55): a text box of one font, size and colour, at its
/// top-left corner, in points; the font is a Pango description ("Sans Bold 12" or a family).
extension XoppReader {
    /// Builds the text box `tag` began from the text read since. Text with an entity no
    /// notebook declares is left out and counted for the notice (`XoppLeftOut.texts`), not a
    /// reason to refuse the notebook.
    mutating func finishText(_ tag: XoppTextTag) {
        let decoded = textBytes.withUnsafeBufferPointer { buffer in try? XMLScanner<XoppReader>.decodingEntities(buffer) }
        guard let text = decoded else { return leftOut.texts += 1 }
        guard !text.isEmpty else { return }
        let scale = Self.pixelsPerPoint
        let style = TextStyle(
            family: tag.family, size: tag.size * scale, isBold: tag.isBold, isItalic: tag.isItalic, color: tag.color)
        builder.addText(
            runs: [TextRun(text, style: style)], origin: Point(x: tag.x * scale, y: pageTop + tag.y * scale), wrapWidth: nil,
            angle: 0, time: nil)
    }
}

/// A `<text>` element's attributes, read leniently (a missing or bad number is 0, a bad
/// size 12 pt, a bad colour black), as Xournal++ reads them.
struct XoppTextTag {
    var family = "Sans", size: Float = 12, x: Float = 0, y: Float = 0
    var isBold = false, isItalic = false
    var color = Color(red: 0, green: 0, blue: 0)

    init(_ attributes: [String: String]) {
        if let font = attributes["font"] {
            // Pango parses the description: family, then style words, then maybe a size.
            let description = font.withCString { pango_font_description_from_string($0) }
            if let description {
                if let family = pango_font_description_get_family(description) { self.family = String(cString: family) }
                isBold = pango_font_description_get_weight(description).rawValue >= PANGO_WEIGHT_BOLD.rawValue
                isItalic = pango_font_description_get_style(description) != PANGO_STYLE_NORMAL
                pango_font_description_free(description)
            }
        }
        if let size = attributes["size"].flatMap(Float.init), size.isFinite, size > 0 { self.size = size }
        x = attributes["x"].flatMap(Float.init).flatMap { $0.isFinite ? $0 : nil } ?? 0
        y = attributes["y"].flatMap(Float.init).flatMap { $0.isFinite ? $0 : nil } ?? 0
        color = attributes["color"].flatMap(XoppColor.stroke) ?? color
    }
}
