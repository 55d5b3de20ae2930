/// Reads format version 1 (see `docs/FORMAT.md`): the steps of the reader skeleton
/// (`ScribbleReader`) that are version 1's own — a tree of strokes whose runs of vertices are
/// packed Float32 pairs. It trusts nothing: every count is checked against the bytes that
/// remain before anything is reserved, nesting is capped, and non-finite numbers are refused —
/// so hostile bytes give a `ScribbleFormatError`, never a crash or a hang. (The skeleton
/// checked the header, length and checksum first.)
struct ScribbleReaderV1: ScribbleReader {
    /// The fewest bytes any direct child of a stroke takes: one inline vertex's two floats.
    static let minimumChildLength = 8

    var input: ByteReader
    /// Where the marks read go.
    private let builder: MarkBuilder

    init(payload: UnsafeRawBufferPointer, version: Int, builder: MarkBuilder) {
        input = ByteReader(payload, shortage: .corrupt("a node runs past the end of the drawing"))
        self.builder = builder
    }

    mutating func readRoot() throws(ScribbleFormatError) -> Stroke {
        try readStroke(depth: 0)
    }

    /// Reads a stroke whose tag was just read, and its children in order.
    /// - Complexity: O(n) in the stroke's bytes; recursion at most `maxDepth` deep.
    private mutating func readStroke(depth: Int) throws(ScribbleFormatError) -> Stroke {
        guard depth <= ScribbleFormat.maxDepth else { throw .corrupt("strokes are nested too deeply") }
        let flags = try input.uint8()
        guard flags & ~ScribbleFormat.colorFlag == 0 else { throw .corrupt("a stroke has unknown flags") }
        let color = try flags & ScribbleFormat.colorFlag != 0 ? readColor() : nil
        builder.beginStroke(color: color, size: try readSize("a stroke's width"))
        let childCount = Int(try input.uint32())
        guard childCount <= input.remaining / Self.minimumChildLength else {
            throw .corrupt("a stroke declares more children than the file holds")
        }
        builder.reserveCapacity(childCount)
        var read = 0
        while read < childCount {
            switch ScribbleFormat.Tag(rawValue: try input.uint8()) {
            case .vertexRun:
                let runLength = Int(try input.uint32())
                guard runLength >= 1, runLength <= childCount - read else {
                    throw .corrupt("a run of vertices has the wrong length")
                }
                try readPoints(count: runLength)
                read += runLength
            case .dot:
                let color = try readColor()
                let size = try readSize("a dot's size")
                builder.addDot(at: try readPoint(), color: color, size: size)
                read += 1
            case .stroke:
                _ = try readStroke(depth: depth + 1)
                read += 1
            case .view, .timedDot, .removals, .contents, .page, .picture, .text, nil: // version 1 has no view, times, removals or pages
                throw .corrupt("it holds an unknown kind of mark")
            }
        }
        return builder.endStroke(sealed: depth > 0) // read from a file: never drawn on (the root takes new marks)
    }

    /// Reads one finite (x, y) location within `maximumCoordinate` of the origin.
    private mutating func readPoint() throws(ScribbleFormatError) -> Point {
        let point = Point(x: try input.finiteFloat("a location"), y: try input.finiteFloat("a location"))
        guard abs(point.x) <= ScribbleFormat.maximumCoordinate, abs(point.y) <= ScribbleFormat.maximumCoordinate else {
            throw .corrupt("a location is too far from the canvas")
        }
        return point
    }

    /// Hands `count` packed (x, y) pairs to the builder in one bulk append, after one pass
    /// that refuses NaN and infinities. The caller checked `count` against the stroke's
    /// children, and `take` checks it against the bytes before anything is allocated.
    /// - Complexity: O(count).
    private mutating func readPoints(count: Int) throws(ScribbleFormatError) {
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: 8)
        guard !overflow else { throw input.shortage }
        let packed = try input.take(byteCount)
        var nonFinite = false, tooFar = false
        for index in 0..<(count * 2) {
            // An all-ones exponent is an infinity or a NaN.
            let bits = UInt32(littleEndian: packed.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            nonFinite = nonFinite || bits & 0x7F80_0000 == 0x7F80_0000
            tooFar = tooFar || abs(Float(bitPattern: bits)) > ScribbleFormat.maximumCoordinate
        }
        guard !nonFinite else { throw .corrupt("a location is not a finite number") }
        guard !tooFar else { throw .corrupt("a location is too far from the canvas") }
        builder.addVertices(
            (0..<count).lazy.map { index in
                Point(
                    x: Float(bitPattern: UInt32(littleEndian: packed.loadUnaligned(fromByteOffset: index * 8, as: UInt32.self))),
                    y: Float(bitPattern: UInt32(littleEndian: packed.loadUnaligned(fromByteOffset: index * 8 + 4, as: UInt32.self))))
            })
    }
}
