/// Version 5's removals record (`docs/FORMAT.md`): after the drawing (and its view), the tag,
/// the gone marks as one plain group node, then each taking off or putting back as two
/// varints — its item twice over plus 1 for a putting back, and its time.
extension ScribbleEncoder {
    /// The bytes `history`'s record takes.
    /// - Complexity: O(the gone marks' vertices + the entries).
    static func encodedLength(of history: RemovalHistory) -> Int {
        var length = 1 + encodedLength(of: history.gone) + ByteWriter.varintLength(UInt64(history.entries.count))
        for entry in history.entries {
            length += ByteWriter.varintLength(code(of: entry)) + ByteWriter.varintLength(UInt64(entry.time))
        }
        return length
    }

    /// Writes `history`'s record.
    static func write(_ history: RemovalHistory, to writer: inout ByteWriter) {
        writer.uint8(ScribbleFormat.Tag.removals.rawValue)
        write(history.gone, to: &writer)
        writer.varint(UInt64(history.entries.count))
        for entry in history.entries {
            writer.varint(code(of: entry))
            writer.varint(UInt64(entry.time))
        }
    }

    /// An entry's item and kind in one number: the item twice over, plus 1 for a putting back.
    private static func code(of entry: RemovalHistory.Entry) -> UInt64 {
        UInt64(entry.item) << 1 | (entry.isReturn ? 1 : 0)
    }
}
