/// Reads format version 1 (see `docs/FORMAT.md`), and the header, length and checksum that
/// version 2 keeps as they are. It trusts nothing: the declared length and
/// the CRC-32 are checked before any drawing is parsed, every count is checked against the
/// bytes that remain before anything is reserved, nesting is capped, and non-finite numbers
/// are refused — so hostile bytes give a `ScribbleFormatError`, never a crash or a hang.
enum ScribbleReaderV1 {
    /// Bytes before the payload that do not depend on the title: magic, version, flags,
    /// title length (16) plus the payload length (8).
    static let fixedHeaderLength = 24
    /// The fewest bytes any direct child of a stroke takes: one inline vertex's two floats.
    static let minimumChildLength = 8

    /// Decodes a whole version-1 file, whose magic and version were already checked.
    /// - Complexity: O(n) in the file's length.
    static func read(_ raw: UnsafeRawBufferPointer) throws(ScribbleFormatError) -> ScribbleMemento {
        let checked = try validate(raw)
        let payload = UnsafeRawBufferPointer(rebasing: raw[checked.payload])
        var reader = ByteReader(payload, shortage: .corrupt("a node runs past the end of the drawing"))
        guard try reader.uint8() == ScribbleFormat.Tag.stroke.rawValue else {
            throw .corrupt("the drawing does not start with a stroke")
        }
        let root = try readStroke(&reader, depth: 0)
        guard reader.remaining == 0 else { throw .corrupt("there are extra bytes after the drawing") }
        return ScribbleMemento(root: root, isComplete: checked.isComplete, title: checked.title)
    }

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

    /// Reads a stroke whose tag was just read, and its children in order.
    /// - Complexity: O(n) in the stroke's bytes; recursion at most `maxDepth` deep.
    private static func readStroke(_ reader: inout ByteReader, depth: Int) throws(ScribbleFormatError) -> Stroke {
        guard depth <= ScribbleFormat.maxDepth else { throw .corrupt("strokes are nested too deeply") }
        let flags = try reader.uint8()
        guard flags & ~ScribbleFormat.colorFlag == 0 else { throw .corrupt("a stroke has unknown flags") }
        let color = try flags & ScribbleFormat.colorFlag != 0 ? readColor(&reader) : nil
        let stroke = Stroke(color: color, size: try size(&reader, "a stroke's width"))
        let childCount = Int(try reader.uint32())
        guard childCount <= reader.remaining / minimumChildLength else {
            throw .corrupt("a stroke declares more children than the file holds")
        }
        stroke.reserveCapacity(childCount)
        var read = 0
        while read < childCount {
            switch ScribbleFormat.Tag(rawValue: try reader.uint8()) {
            case .vertexRun:
                let runLength = Int(try reader.uint32())
                guard runLength >= 1, runLength <= childCount - read else {
                    throw .corrupt("a run of vertices has the wrong length")
                }
                try readPoints(&reader, count: runLength, into: stroke)
                read += runLength
            case .dot:
                let color = try readColor(&reader)
                let size = try size(&reader, "a dot's size")
                stroke.add(Dot(location: try readPoint(&reader), color: color, size: size))
                read += 1
            case .stroke:
                stroke.add(try readStroke(&reader, depth: depth + 1))
                read += 1
            case .view, .timedDot, nil: // version 1 has no view and no times
                throw .corrupt("it holds an unknown kind of mark")
            }
        }
        stroke.isSealed = depth > 0 // read from a file: never drawn on (the root takes new marks)
        return stroke
    }

    /// Reads four colour bytes: red, green, blue, alpha.
    private static func readColor(_ reader: inout ByteReader) throws(ScribbleFormatError) -> Color {
        let rgba = try reader.take(4)
        return Color(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])
    }

    /// Reads a width or size, refusing one the app could not have made: (0, `maximumSize`].
    private static func size(_ reader: inout ByteReader, _ what: String) throws(ScribbleFormatError) -> Float {
        let size = try reader.finiteFloat(what)
        guard MarkLimits.allows(size: size) else {
            throw .corrupt("\(what) is out of range (\(size); at most \(Int(ScribbleFormat.maximumSize)))")
        }
        return size
    }

    /// Reads one finite (x, y) location within `maximumCoordinate` of the origin.
    private static func readPoint(_ reader: inout ByteReader) throws(ScribbleFormatError) -> Point {
        let point = Point(x: try reader.finiteFloat("a location"), y: try reader.finiteFloat("a location"))
        guard abs(point.x) <= ScribbleFormat.maximumCoordinate, abs(point.y) <= ScribbleFormat.maximumCoordinate else {
            throw .corrupt("a location is too far from the canvas")
        }
        return point
    }

    /// Appends `count` packed (x, y) pairs to `stroke` in one bulk append, after one pass
    /// that refuses NaN and infinities. The caller checked `count` against the stroke's
    /// children, and `take` checks it against the bytes before anything is allocated.
    /// - Complexity: O(count).
    private static func readPoints(_ reader: inout ByteReader, count: Int, into stroke: Stroke) throws(ScribbleFormatError) {
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: 8)
        guard !overflow else { throw reader.shortage }
        let packed = try reader.take(byteCount)
        var nonFinite = false, tooFar = false
        for index in 0..<(count * 2) {
            // An all-ones exponent is an infinity or a NaN.
            let bits = UInt32(littleEndian: packed.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            nonFinite = nonFinite || bits & 0x7F80_0000 == 0x7F80_0000
            tooFar = tooFar || abs(Float(bitPattern: bits)) > ScribbleFormat.maximumCoordinate
        }
        guard !nonFinite else { throw .corrupt("a location is not a finite number") }
        guard !tooFar else { throw .corrupt("a location is too far from the canvas") }
        stroke.append(
            contentsOf: (0..<count).lazy.map { index in
                Point(
                    x: Float(bitPattern: UInt32(littleEndian: packed.loadUnaligned(fromByteOffset: index * 8, as: UInt32.self))),
                    y: Float(bitPattern: UInt32(littleEndian: packed.loadUnaligned(fromByteOffset: index * 8 + 4, as: UInt32.self))))
            })
    }
}
