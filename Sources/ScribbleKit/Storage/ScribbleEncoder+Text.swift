/// Version 8's text boxes (`docs/FORMAT.md`): a box's corner, wrap, turn and time, then its
/// runs, each a style and its UTF-8 text.
extension ScribbleEncoder {
    /// Whether a mark in the tree under `stroke` is a text box.
    /// - Complexity: O(the marks under it); vertices and packed strokes are not looked at.
    static func holdsText(_ stroke: Stroke) -> Bool {
        guard stroke.holdsMarks else { return false }
        for case .mark(let child) in stroke.storedElements.unpackedElements {
            if child is TextBox { return true }
            if let child = child as? Stroke, holdsText(child) { return true }
        }
        return false
    }

    /// The bytes of a text box's node.
    static func encodedLength(of text: TextBox) -> Int {
        let corner = gridNumbers(text.origin)
        var length = 1 + 1 + ByteWriter.varintLength(zigzag(corner.x)) + ByteWriter.varintLength(zigzag(corner.y))
        if text.wrapWidth != nil { length += 4 }
        if text.angle != 0 { length += 4 }
        if let time = text.time { length += ByteWriter.varintLength(UInt64(time)) }
        length += ByteWriter.varintLength(UInt64(text.runs.count))
        for run in text.runs {
            let family = run.style.family.utf8.count, bytes = run.text.utf8.count
            length += 1 + 4 + 4 + ByteWriter.varintLength(UInt64(family)) + family + ByteWriter.varintLength(UInt64(bytes)) + bytes
        }
        return length
    }

    /// Writes a text box's node.
    static func write(_ text: TextBox, to writer: inout ByteWriter) {
        let corner = gridNumbers(text.origin)
        writer.uint8(ScribbleFormat.Tag.text.rawValue)
        writer.uint8(
            (text.time == nil ? 0 : ScribbleFormat.textTimedFlag) | (text.wrapWidth == nil ? 0 : ScribbleFormat.textWrapsFlag)
                | (text.angle == 0 ? 0 : ScribbleFormat.textTurnedFlag))
        writer.varint(zigzag(corner.x))
        writer.varint(zigzag(corner.y))
        if let wrapWidth = text.wrapWidth { writer.float(wrapWidth) }
        if text.angle != 0 { writer.float(text.angle) }
        if let time = text.time { writer.varint(UInt64(time)) }
        writer.varint(UInt64(text.runs.count))
        for run in text.runs {
            let style = run.style
            writer.uint8((style.isBold ? ScribbleFormat.textBoldFlag : 0) | (style.isItalic ? ScribbleFormat.textItalicFlag : 0))
            write(style.color, to: &writer)
            writer.float(style.size)
            writer.varint(UInt64(style.family.utf8.count))
            writer.append(Array(style.family.utf8))
            writer.varint(UInt64(run.text.utf8.count))
            writer.append(Array(run.text.utf8))
        }
    }
}
