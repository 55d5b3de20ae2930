/// Version 8's text boxes (`docs/FORMAT.md`), trusted no more than the rest: every length is
/// checked against the bytes left and the box's limits before anything is read, text must be
/// valid UTF-8 (a file with broken text is refused with that said, never shown garbled), and
/// only what a `TextBox` keeps is accepted — so a file read re-encodes to the same bytes.
extension ScribbleReaderV2 {
    /// Reads a text box whose tag was just read, and builds it.
    mutating func readText() throws(ScribbleFormatError) {
        let flags = try input.uint8()
        let known = ScribbleFormat.textTimedFlag | ScribbleFormat.textWrapsFlag | ScribbleFormat.textTurnedFlag
        guard flags & ~known == 0 else { throw .corrupt("a text box has unknown flags") }
        let origin = try readPoint()
        var wrapWidth: Float?
        if flags & ScribbleFormat.textWrapsFlag != 0 {
            let width = try input.finiteFloat("a text box's width")
            guard width >= TextBox.minimumWrapWidth, width <= TextBox.maximumWrapWidth else {
                throw .corrupt("a text box's width is out of range")
            }
            wrapWidth = width
        }
        var angle: Float = 0
        if flags & ScribbleFormat.textTurnedFlag != 0 {
            angle = try input.finiteFloat("a text box's turn")
            guard angle != 0, TextBox.normalized(angle: angle) == angle else { throw .corrupt("a text box's turn is out of range") }
        }
        let time = flags & ScribbleFormat.textTimedFlag != 0 ? UInt32(try readTime()) : nil
        // A run takes 12 bytes at least: flags, colour, size, two lengths and a byte of text.
        let count = try input.count(
            atMost: min(TextBox.maximumRuns, input.remaining / 12), .corrupt("a text box declares more runs than the file holds"))
        guard count > 0 else { throw .corrupt("a text box has no text") }
        var runs: [TextRun] = []
        runs.reserveCapacity(count)
        var total = 0
        for _ in 0..<count {
            let styleFlags = try input.uint8()
            guard styleFlags & ~(ScribbleFormat.textBoldFlag | ScribbleFormat.textItalicFlag) == 0 else {
                throw .corrupt("a text run has unknown flags")
            }
            let color = try readColor()
            let size = try input.finiteFloat("a font size")
            guard size >= TextStyle.minimumSize, size <= TextStyle.maximumSize else { throw .corrupt("a font size is out of range") }
            let family = try readUTF8(atMost: TextStyle.maximumFamilyBytes, "a font family")
            let text = try readUTF8(atMost: TextBox.maximumTextBytes - total, "a text box's text")
            total += text.utf8.count
            let style = TextStyle(
                family: family, size: size, isBold: styleFlags & ScribbleFormat.textBoldFlag != 0,
                isItalic: styleFlags & ScribbleFormat.textItalicFlag != 0, color: color)
            guard style.family == family else { throw .corrupt("a font family has characters a family cannot have") }
            guard text.unicodeScalars.allSatisfy(TextBox.isKept) else { throw .corrupt("a text box's text has control characters") }
            guard runs.last?.style != style else { throw .corrupt("two text runs of one style follow each other") }
            runs.append(TextRun(text, style: style))
        }
        sawText = true
        builder.addText(runs: runs, origin: origin, wrapWidth: wrapWidth, angle: angle, time: time)
    }

    /// Reads a length (1 to `limit`) and that many bytes of UTF-8.
    private mutating func readUTF8(atMost limit: Int, _ what: String) throws(ScribbleFormatError) -> String {
        let length = try input.count(atMost: min(limit, input.remaining), .corrupt("\(what) is too long"))
        guard length > 0 else { throw .corrupt("\(what) is empty") }
        let bytes = try input.take(length)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .corrupt("\(what) is not valid UTF-8") }
        return text
    }
}
