/// What an import left out or changed, counted for the notice.
public struct XoppLeftOut: Equatable, Sendable {
    public var texts = 0, images = 0, formulas = 0, pdfBackgrounds = 0
    /// Backgrounds of a kind the canvas does not draw (isometric, staves), drawn plain.
    public var plainBackgrounds = 0
    /// Dashed strokes drawn solid, and fills left out (the strokes' outlines stay).
    public var dashed = 0, fills = 0
    /// Widths below the pressure model's tenth of the widest, and points out of range.
    public var clampedWidths = 0, clampedPoints = 0

    /// The notice in the user's words ("3 text boxes and 1 image were not imported."), or
    /// `nil` when everything came in as it was.
    public var summary: String? {
        var sentences: [String] = []
        let missing = [
            Self.count(texts, one: tr("1 text box"), many: tr("%1$s text boxes")),
            Self.count(images, one: tr("1 image"), many: tr("%1$s images")),
            Self.count(formulas, one: tr("1 LaTeX formula"), many: tr("%1$s LaTeX formulas")),
            Self.count(pdfBackgrounds, one: tr("1 PDF background"), many: tr("%1$s PDF backgrounds")),
            Self.count(fills, one: tr("1 fill"), many: tr("%1$s fills")),
        ].compactMap { $0 }
        if let list = Self.list(missing) {
            let one = texts + images + formulas + pdfBackgrounds + fills == 1
            sentences.append(one ? tr("%1$s was not imported.", list) : tr("%1$s were not imported.", list))
        }
        if let dashes = Self.count(dashed, one: tr("1 dashed stroke is drawn solid."), many: tr("%1$s dashed strokes are drawn solid.")) {
            sentences.append(dashes)
        }
        if let plain = Self.count(
            plainBackgrounds, one: tr("1 page is drawn without its ruling."), many: tr("%1$s pages are drawn without their ruling."))
        {
            sentences.append(plain)
        }
        if let widths = Self.count(
            clampedWidths, one: tr("1 pen width finer than this app’s pressure allows was widened."),
            many: tr("%1$s pen widths finer than this app’s pressure allows were widened."))
        {
            sentences.append(widths)
        }
        if let points = Self.count(
            clampedPoints, one: tr("1 point out of range was left out or moved to the edge."),
            many: tr("%1$s points out of range were left out or moved to the edge."))
        {
            sentences.append(points)
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }

    private static func count(_ number: Int, one: String, many: String) -> String? {
        number == 0 ? nil : number == 1 ? one : many.replacing("%1$s", with: String(number))
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String]) -> String? {
        guard let last = items.last else { return nil }
        guard items.count > 1 else { return last }
        return tr("%1$s and %2$s", items.dropLast().joined(separator: ", "), last)
    }
}
