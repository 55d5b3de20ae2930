/// Version 2's steps of reading in parts (`ScribblePartsReader`): the root's head, a scan
/// past each top-level mark that finds where it ends without decoding its vertices, and a
/// part's children read as the whole-file reader reads them.
extension ScribbleReaderV2: ScribblePartsReader {
    /// The root flags that keep something for each child or for the root itself: such a root
    /// is read whole.
    private static let wholeRootFlags = ScribbleFormat.pressureFlag | ScribbleFormat.timedFlag | ScribbleFormat.drawnFlag

    mutating func readRootHeadForParts() throws(ScribbleFormatError) -> ScribbleRootHead? {
        var peek = input
        guard try peek.uint8() & Self.wholeRootFlags == 0 else { return nil }
        let head = try readStrokeHead(depth: 0)
        guard let root = builder.currentStroke else { return nil }
        return ScribbleRootHead(color: root.color, size: root.size, isLocked: root.isLocked, childCount: head.childCount)
    }

    mutating func skipRootChild(left: Int) throws(ScribbleFormatError) -> (children: Int, areVertices: Bool) {
        var afterRun = skippedRun
        defer { skippedRun = afterRun }
        let children = try skipNode(depth: 0, left: left, hasPressure: false, isDrawn: false, afterRun: &afterRun)
        return (children, afterRun)
    }

    mutating func readRootChildren(_ count: Int) throws(ScribbleFormatError) {
        var children = ChildrenRead()
        try readChildren(count, of: StrokeHead(depth: 0, childCount: count, hasPressure: false, isDrawn: false), into: &children)
    }

    /// Moves past one child of a stroke at `depth` (with pressure and steps as that stroke
    /// has them), `left` children still to come in it; returns how many children it was.
    private mutating func skipNode(depth: Int, left: Int, hasPressure: Bool, isDrawn: Bool, afterRun: inout Bool)
        throws(ScribbleFormatError) -> Int
    {
        let tag = ScribbleFormat.Tag(rawValue: try input.uint8())
        switch tag {
        case .vertexRun:
            guard !afterRun else { throw .corrupt("two runs of vertices follow each other") }
            let count = try input.count(atMost: left, .corrupt("a run of vertices has the wrong length"))
            guard count >= 1 else { throw .corrupt("a run of vertices has the wrong length") }
            guard count <= input.remaining / (hasPressure ? Self.minimumChildLength + 1 : Self.minimumChildLength) else {
                throw input.shortage
            }
            try skipVarints(2 * count)
            if hasPressure { try input.skip(count) }
            if isDrawn { try skipVarints(count) }
            afterRun = true
            return count
        case .dot, .timedDot:
            guard tag == .dot || version >= 4 else { throw .corrupt("it holds an unknown kind of mark") }
            try input.skip(8) // colour and size
            try skipVarints(tag == .timedDot ? 3 : 2)
            sawTimes = sawTimes || tag == .timedDot
        case .stroke:
            try skipStroke(depth: depth + 1)
        case .view, .removals, .contents, .page, .picture, .text, nil: // (files with content are read whole)
            throw .corrupt("it holds an unknown kind of mark")
        }
        afterRun = false
        return 1
    }

    /// Moves past a stroke whose tag was just read, and its children.
    /// - Complexity: O(n) in the stroke's bytes; recursion at most `maxDepth` deep.
    private mutating func skipStroke(depth: Int) throws(ScribbleFormatError) {
        guard depth <= ScribbleFormat.maxDepth else { throw .corrupt("strokes are nested too deeply") }
        let flags = try input.uint8()
        try check(strokeFlags: flags)
        try input.skip(flags & ScribbleFormat.colorFlag != 0 ? 8 : 4) // colour and width
        if flags & ScribbleFormat.timedFlag != 0 {
            try skipVarints(1)
            sawTimes = true
        }
        sawLocked = sawLocked || flags & ScribbleFormat.lockedFlag != 0
        let hasPressure = flags & ScribbleFormat.pressureFlag != 0, isDrawn = flags & ScribbleFormat.drawnFlag != 0
        let childCount = try readChildCount(hasPressure: hasPressure)
        var passed = 0, afterRun = false
        while passed < childCount {
            passed += try skipNode(depth: depth, left: childCount - passed, hasPressure: hasPressure, isDrawn: isDrawn, afterRun: &afterRun)
        }
    }

    /// Moves past `count` varints: past the `count`-th byte whose top bit is clear — eight
    /// bytes at a time while more ends are to come than a word can hold, then byte by byte.
    /// Whether each number is well formed is for the part's reader to check.
    /// - Complexity: O(the bytes passed).
    private mutating func skipVarints(_ count: Int) throws(ScribbleFormatError) {
        let bytes = input.bytes
        var position = input.offset, left = count
        while left > 8, position + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            left -= (~word & 0x8080_8080_8080_8080).nonzeroBitCount // at most 8 ends: fewer than are left
            position += 8
        }
        while left > 0 {
            guard position < bytes.count else { throw input.shortage }
            if bytes[position] < 0x80 { left -= 1 }
            position += 1
        }
        try input.skip(position - input.offset)
    }
}
