/// The header every version of the format keeps as version 1 wrote it — magic, version,
/// flags, title, payload length — and the CRC-32 at the end (see `docs/FORMAT.md`): the
/// checks the reader skeleton (`ScribbleReader`) makes before any version's own steps run,
/// and that the gallery makes on a file's first bytes without reading its drawing.
enum ScribbleHeader {
    /// Checks what can be checked without building the drawing: the header, the declared
    /// length and the checksum (which catches any damage short of a forged file). Returns the
    /// header's fields and where the payload lies.
    /// - Complexity: O(n) in the file's length, with no allocation.
    @discardableResult
    static func validate(_ raw: UnsafeRawBufferPointer) throws(ScribbleFormatError)
        -> (isComplete: Bool, title: String?, payload: Range<Int>)
    {
        let (isComplete, title, payloadStart) = try checkLayout(raw, fileSize: raw.count)
        let checkedEnd = raw.count - 4
        let stored = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: checkedEnd, as: UInt32.self))
        guard CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<checkedEnd])) == stored else {
            throw .corrupt("its checksum does not match its contents")
        }
        return (isComplete, title, payloadStart..<checkedEnd)
    }

    /// Checks the header in `raw` — the whole file, or only its first bytes (at least
    /// `ScribbleFormat.headerPrefixLength` + 8 of them, or all of a shorter file) — and
    /// that the payload length it declares is exactly what a file of `fileSize` bytes holds,
    /// so a reader knows the file is plausible before reading the rest of it.
    /// Returns the header's fields and where the payload starts.
    static func checkLayout(_ raw: UnsafeRawBufferPointer, fileSize: Int) throws(ScribbleFormatError)
        -> (isComplete: Bool, title: String?, payloadStart: Int)
    {
        var header = ByteReader(raw, offset: 10, shortage: .truncated)
        let (isComplete, title) = try readHeader(&header)
        let declared = try header.uint64()
        let available = UInt64(max(fileSize - header.offset, 0))
        guard available >= 4, declared <= available - 4 else { throw .truncated }
        guard declared == available - 4 else { throw .corrupt("there are extra bytes after the drawing") }
        return (isComplete, title, header.offset)
    }

    /// Reads only the header's title; `raw` may be just the file's first bytes.
    static func readTitle(_ raw: UnsafeRawBufferPointer) throws(ScribbleFormatError) -> String? {
        var header = ByteReader(raw, offset: 10, shortage: .truncated)
        return try readHeader(&header).title
    }

    /// Reads the flags and the title, which follow the version.
    private static func readHeader(_ reader: inout ByteReader) throws(ScribbleFormatError)
        -> (isComplete: Bool, title: String?)
    {
        let flags = try reader.uint16()
        guard flags & ~(ScribbleFormat.completeFlag | ScribbleFormat.titleFlag) == 0 else {
            throw .corrupt("it has unknown header flags")
        }
        let titleLength = Int(try reader.uint32())
        guard titleLength <= ScribbleFormat.maxTitleBytes else { throw .corrupt("its title is too long") }
        guard flags & ScribbleFormat.titleFlag != 0 || titleLength == 0 else {
            throw .corrupt("it has title bytes but no title")
        }
        let titleBytes = try reader.take(titleLength)
        var title: String?
        if flags & ScribbleFormat.titleFlag != 0 {
            guard let text = String(validating: titleBytes, as: UTF8.self) else {
                throw .corrupt("its title is not valid UTF-8")
            }
            guard !text.unicodeScalars.contains(where: ScribbleFormat.isControl) else {
                throw .corrupt("its title holds control characters")
            }
            title = text
        }
        return (flags & ScribbleFormat.completeFlag != 0, title)
    }
}
