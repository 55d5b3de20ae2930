import PdfKit

/// Version 6's content store and pages (`docs/FORMAT.md`): the store comes first in the
/// payload, before the root, and pages name its entries by SHA-256. Trusted no more than the
/// drawing: an entry's bytes must have the digest it says, a digest may come once, every
/// entry must be shown by a page, in the order the pages first show them (one spelling), and
/// a page's numbers must be ones a `Page` can have.
extension ScribbleReaderV2 {
    /// The smallest entry: its kind, digest, a one-byte length and one byte.
    private static let minimumEntryLength = 1 + ContentDigest.length + 1 + 1

    mutating func readPrelude() throws(ScribbleFormatError) {
        guard version >= 6 else { return }
        // From version 8 the store is there only for a drawing with pages.
        if version >= ScribbleFormat.versionWithText,
            input.remaining == 0 || input.bytes[input.offset] != ScribbleFormat.Tag.contents.rawValue
        {
            return
        }
        guard input.remaining > 0, try input.uint8() == ScribbleFormat.Tag.contents.rawValue else {
            throw .corrupt("the content store is missing")
        }
        let count = try input.count(
            atMost: input.remaining / Self.minimumEntryLength, .corrupt("more contents are declared than the file holds"))
        guard count > 0 else { throw .corrupt("the content store is empty") }
        for _ in 0..<count {
            guard let kind = ContentKind(rawValue: try input.uint8()) else { throw .corrupt("stored content of an unknown kind") }
            guard let digest = ContentDigest(stored: Array(try input.take(ContentDigest.length))) else { throw input.shortage }
            let length = try input.count(atMost: input.remaining, input.shortage)
            guard length > 0 else { throw .corrupt("stored content is empty") }
            let bytes = Array(try input.take(length))
            guard ContentDigest(of: bytes) == digest else { throw .corrupt("stored content does not match its SHA-256") }
            guard contents[digest] == nil else { throw .corrupt("stored content is kept twice") }
            contents.insert(StoredContent(kind: kind, bytes: bytes, digest: digest))
        }
        shown = Array(repeating: false, count: count)
    }

    mutating func checkPrelude() throws(ScribbleFormatError) {
        guard !shown.contains(false) else { throw .corrupt("stored content is shown by no page") }
    }

    /// Reads a page whose tag was just read, and builds it.
    mutating func readPage() throws(ScribbleFormatError) {
        guard let digest = ContentDigest(stored: Array(try input.take(ContentDigest.length))) else { throw input.shortage }
        guard let place = contents.place(of: digest), let content = contents[digest], content.kind == .pdf else {
            throw .corrupt("a page shows content the file does not hold")
        }
        // Entries come in the order pages first show them: the first not yet shown is next.
        guard shown[place] || shown.firstIndex(of: false) == place else { throw .corrupt("stored content is out of order") }
        shown[place] = true
        let index = try input.varint()
        guard index < UInt64(PdfDocument.maximumPageCount) else { throw .corrupt("a page's number is out of range") }
        let corner = try readPoint()
        let width = try input.finiteFloat("a page's width"), height = try input.finiteFloat("a page's height")
        guard width > 0, height > 0, width <= Page.maximumSide, height <= Page.maximumSide else {
            throw .corrupt("a page's size is out of range")
        }
        builder.addPage(content: content, pageIndex: Int(index), frame: Rect(x: corner.x, y: corner.y, width: width, height: height))
    }
}
