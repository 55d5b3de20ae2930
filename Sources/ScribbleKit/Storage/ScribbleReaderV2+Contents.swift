import Dispatch
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
        var read: [(kind: ContentKind, digest: ContentDigest, bytes: [UInt8])] = []
        for _ in 0..<count {
            guard let kind = ContentKind(rawValue: try input.uint8()), kind != .picture || version >= 7 else {
                throw .corrupt("stored content of an unknown kind")
            }
            guard let digest = ContentDigest(stored: Array(try input.take(ContentDigest.length))) else { throw input.shortage }
            let length = try input.count(atMost: input.remaining, input.shortage)
            guard length > 0 else { throw .corrupt("stored content is empty") }
            read.append((kind, digest, Array(try input.take(length))))
        }
        // Each entry's SHA-256, on every core: fifty 3 MB photos are 150 MB to hash.
        let matches = Self.digestsMatch(read.map { ($0.digest, $0.bytes) })
        for (entry, matches) in zip(read, matches) {
            guard matches else { throw .corrupt("stored content does not match its SHA-256") }
            guard contents[entry.digest] == nil else { throw .corrupt("stored content is kept twice") }
            contents.insert(StoredContent(kind: entry.kind, bytes: entry.bytes, digest: entry.digest))
        }
        shown = Array(repeating: false, count: count)
    }

    /// Whether each entry's bytes have the digest it names, worked out on every core the
    /// process may use when there are several large entries.
    private static func digestsMatch(_ entries: [(digest: ContentDigest, bytes: [UInt8])]) -> [Bool] {
        let cores = min(ProcessorCores.usable, entries.count)
        guard cores > 1, entries.reduce(0, { $0 + $1.bytes.count }) > 4 << 20 else {
            return entries.map { ContentDigest(of: $0.bytes) == $0.digest }
        }
        let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: entries.count)
        defer { results.deallocate() }
        results.initialize(repeating: false)
        nonisolated(unsafe) let shared = results
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            shared[index] = ContentDigest(of: entries[index].bytes) == entries[index].digest
        }
        return Array(results)
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

/// Version 7's pictures: each names its original bytes in the content store, as a page its PDF.
extension ScribbleReaderV2 {
    /// Reads a picture whose tag was just read, and builds it.
    mutating func readPicture() throws(ScribbleFormatError) {
        let flags = try input.uint8()
        guard flags & ~1 == 0 else { throw .corrupt("a picture has flags this version does not know") }
        guard let digest = ContentDigest(stored: Array(try input.take(ContentDigest.length))) else { throw input.shortage }
        guard let place = contents.place(of: digest), let content = contents[digest], content.kind == .picture else {
            throw .corrupt("a picture shows content the file does not hold")
        }
        guard shown[place] || shown.firstIndex(of: false) == place else { throw .corrupt("stored content is out of order") }
        shown[place] = true
        let width = try input.finiteFloat("a picture's width"), height = try input.finiteFloat("a picture's height")
        guard width >= 1, height >= 1, width <= Picture.maximumSide, height <= Picture.maximumSide else {
            throw .corrupt("a picture's size is out of range")
        }
        var linear: [Double] = []
        for _ in 0..<4 {
            let value = Double(bitPattern: try input.uint64())
            guard value.isFinite else { throw .corrupt("a picture's placement is not a finite number") }
            linear.append(value)
        }
        let corner = try readPoint()
        let placement = AffineTransform(a: linear[0], b: linear[1], c: linear[2], d: linear[3], tx: Double(corner.x), ty: Double(corner.y))
        let picture = Picture(content: content, width: width, height: height, placement: placement)
        // One spelling: a placement the model would have changed is not one it writes.
        guard picture.placement == placement else { throw .corrupt("a picture's placement is out of range") }
        if flags & 1 != 0 {
            picture.time = UInt32(try readTime())
        }
        builder.addPicture(picture)
    }
}
