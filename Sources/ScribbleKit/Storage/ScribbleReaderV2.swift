/// Reads format versions 2 to 5 (see `docs/FORMAT.md`): version 1's header, length and checksum
/// around a compact payload — locations as fixed-point grid numbers in zigzag varints (each
/// vertex of a run a delta from the one before), pen pressure as a byte a vertex.
///
/// These are the steps of the reader skeleton (`ScribbleReader`) that are versions 2 to 4's
/// own. It trusts nothing, as the version 1 reader: the skeleton checks the checksum before
/// any drawing is parsed, every count is checked against the bytes that remain before anything is reserved,
/// varints are at most 10 bytes and in their shortest form, nesting is capped, and values the
/// app could not have written are refused. It also refuses every second spelling of a drawing
/// (a longer varint, two runs side by side, a location off the grid a `Float` holds), so a
/// file it accepts re-encodes to the very same bytes.
struct ScribbleReaderV2: ScribbleReader {
    /// The fewest bytes any direct child of a stroke takes: one inline vertex's two
    /// one-byte varints.
    static let minimumChildLength = 2
    /// The largest zigzag varint a location or a step between two may have: a step across the
    /// whole allowed area and back. Checked before adding, so no sum overflows.
    static let maximumZigzag = UInt64(4 * ScribbleFormat.maximumGridNumber + 1)

    /// The payload being read.
    var input: ByteReader
    /// Where the marks read go.
    let builder: MarkBuilder
    /// One run's points, reused from run to run so a stroke of many runs allocates once.
    private var points: [Point] = []
    /// The file's version: 3 allows locked strokes, 4 times, 5 the marks taken off.
    let version: Int
    /// Whether a locked stroke was read (a version 3 file needs it or a view).
    var sawLocked = false
    /// Whether a mark with times was read (a version 4 file needs one).
    var sawTimes = false
    /// Whether a text box was read (a version 8 file needs one).
    var sawText = false
    /// One run's steps, reused from run to run.
    private var steps: [UInt16] = []
    /// Whether the root's child last passed by a scan was a run (`skipRootChild`).
    var skippedRun = false
    /// Version 6's content store as read, and whether a page has shown each entry yet, in order.
    var contents = ContentStore(), shown: [Bool] = []

    init(payload: UnsafeRawBufferPointer, version: Int, builder: MarkBuilder) {
        input = ByteReader(payload, shortage: .corrupt("a node runs past the end of the drawing"))
        self.version = version
        self.builder = builder
    }

    mutating func readRoot() throws(ScribbleFormatError) -> Stroke {
        try readStroke(depth: 0)
    }

    /// Version 3 may end with the view the scribble was last seen at, and holds at least a
    /// view or a locked stroke (else it is version 2 spelled otherwise); version 4 holds a
    /// mark with times.
    mutating func readTrailer(isComplete: Bool) throws(ScribbleFormatError) -> SavedCamera? {
        let removalsNext = version >= 5 && input.remaining > 0 && input.bytes[input.offset] == ScribbleFormat.Tag.removals.rawValue
        let view = version >= 3 && input.remaining > 0 && !removalsNext ? try readView(isComplete: isComplete) : nil
        guard version != 3 || view != nil || sawLocked else { throw .corrupt("the view is missing") }
        guard version != 4 || sawTimes else { throw .corrupt("no mark has times") }
        guard version != ScribbleFormat.versionWithText || sawText else { throw .corrupt("no text box in a version 8 file") }
        return view
    }

    /// Reads the view record that ends a version-3 payload: only a complete file has one, and
    /// only values a viewport can have.
    private mutating func readView(isComplete: Bool) throws(ScribbleFormatError) -> SavedCamera {
        guard isComplete else { throw .corrupt("an incremental file has a view") }
        guard try input.uint8() == ScribbleFormat.Tag.view.rawValue else { throw .corrupt("the view is missing") }
        let zoom = Double(bitPattern: try input.uint64()), x = Double(bitPattern: try input.uint64())
        let y = Double(bitPattern: try input.uint64())
        guard let view = SavedCamera(zoom: zoom, centreX: x, centreY: y) else { throw .corrupt("the view is out of range") }
        return view
    }

    /// A stroke's fields before its children, as read: what reading the children and ending
    /// the stroke need.
    struct StrokeHead {
        /// How deep it lies (the root is 0).
        var depth: Int
        /// How many children it declares.
        var childCount: Int
        /// Whether each of its runs carries a pressure byte a vertex.
        var hasPressure: Bool
        /// Whether each of its runs ends with a step a vertex.
        var isDrawn: Bool
        /// When it began, if it has times.
        var start: Int64?
    }

    /// What reading a stroke's children gathers for its end: a pressure level and a step per
    /// child (a child mark's full pressure and 0), and whether the last child was a run.
    struct ChildrenRead {
        var levels: [UInt8] = []
        var steps: [UInt16] = []
        var afterRun = false
    }

    /// Reads a stroke whose tag was just read, and its children in order.
    /// - Complexity: O(n) in the stroke's bytes; recursion at most `maxDepth` deep.
    mutating func readStroke(depth: Int) throws(ScribbleFormatError) -> Stroke {
        let head = try readStrokeHead(depth: depth)
        // Room for one child every 16 bytes left at most: a packed tick or tap takes 15 to 25
        // bytes in a file, so a real group gets its room at once, and a count no file could
        // hold reserves no more than twice the bytes.
        builder.expectChildren(min(head.childCount, input.remaining / 16))
        var children = ChildrenRead()
        if head.hasPressure { children.levels.reserveCapacity(head.childCount) }
        if head.isDrawn { children.steps.reserveCapacity(head.childCount) }
        try readChildren(head.childCount, of: head, into: &children)
        return try endStroke(head, children)
    }

    /// Reads a stroke's fields up to its child count, and begins it on the builder.
    mutating func readStrokeHead(depth: Int) throws(ScribbleFormatError) -> StrokeHead {
        guard depth <= ScribbleFormat.maxDepth else { throw .corrupt("strokes are nested too deeply") }
        let flags = try input.uint8()
        try check(strokeFlags: flags)
        let isTimed = flags & ScribbleFormat.timedFlag != 0, isDrawn = flags & ScribbleFormat.drawnFlag != 0
        let color = try flags & ScribbleFormat.colorFlag != 0 ? readColor() : nil
        let size = try readSize("a stroke's width")
        let start = isTimed ? try readTime() : nil
        let isLocked = flags & ScribbleFormat.lockedFlag != 0
        sawLocked = sawLocked || isLocked
        builder.beginStroke(color: color, size: size, isLocked: isLocked)
        let hasPressure = flags & ScribbleFormat.pressureFlag != 0
        let childCount = try readChildCount(hasPressure: hasPressure)
        return StrokeHead(depth: depth, childCount: childCount, hasPressure: hasPressure, isDrawn: isDrawn, start: start)
    }

    /// Refuses stroke flags this version does not know, and steps without a time.
    func check(strokeFlags flags: UInt8) throws(ScribbleFormatError) {
        let known =
            ScribbleFormat.colorFlag | ScribbleFormat.pressureFlag | (version >= 3 ? ScribbleFormat.lockedFlag : 0)
            | (version >= 4 ? ScribbleFormat.timedFlag | ScribbleFormat.drawnFlag : 0)
        guard flags & ~known == 0 else { throw .corrupt("a stroke has unknown flags") }
        guard flags & ScribbleFormat.timedFlag != 0 || flags & ScribbleFormat.drawnFlag == 0 else {
            throw .corrupt("a stroke has steps but no time")
        }
    }

    /// Reads a stroke's child count, checked against the bytes left.
    mutating func readChildCount(hasPressure: Bool) throws(ScribbleFormatError) -> Int {
        let childCount = try input.count(
            atMost: input.remaining / Self.minimumChildLength,
            .corrupt("a stroke declares more children than the file holds"))
        // The model has no pressure for a stroke with no children, so the encoder never sets it.
        guard childCount > 0 || !hasPressure else { throw .corrupt("a stroke without children has pressure") }
        return childCount
    }

    /// Reads `count` children of the stroke `head` describes (all of them, or a part of the
    /// root's) into the stroke the builder has begun.
    mutating func readChildren(_ count: Int, of head: StrokeHead, into children: inout ChildrenRead) throws(ScribbleFormatError) {
        var read = 0
        while read < count {
            let tag = ScribbleFormat.Tag(rawValue: try input.uint8())
            switch tag {
            case .vertexRun:
                // The encoder writes each maximal run once; two in a row are another spelling.
                guard !children.afterRun else { throw .corrupt("two runs of vertices follow each other") }
                let runLength = try input.count(atMost: count - read, .corrupt("a run of vertices has the wrong length"))
                guard runLength >= 1 else { throw .corrupt("a run of vertices has the wrong length") }
                try readRun(count: runLength, withPressure: head.hasPressure, levels: &children.levels)
                if head.isDrawn { children.steps.append(contentsOf: try readSteps(count: runLength)) }
                read += runLength
                children.afterRun = true
            case .dot, .timedDot:
                guard tag == .dot || version >= 4 else { throw .corrupt("it holds an unknown kind of mark") }
                let color = try readColor()
                let size = try readSize("a dot's size")
                let location = try readPoint()
                builder.addDot(at: location, color: color, size: size, time: tag == .timedDot ? UInt32(try readTime()) : nil)
                children.noteMark(of: head)
                read += 1
            case .stroke:
                _ = try readStroke(depth: head.depth + 1)
                children.noteMark(of: head)
                read += 1
            case .page:
                guard version >= 6 else { throw .corrupt("it holds an unknown kind of mark") }
                try readPage()
                children.noteMark(of: head)
                read += 1
            case .picture:
                guard version >= ScribbleFormat.versionWithPictures else { throw .corrupt("it holds an unknown kind of mark") }
                try readPicture()
                children.noteMark(of: head)
                read += 1
            case .text:
                guard version >= ScribbleFormat.versionWithText else { throw .corrupt("it holds an unknown kind of mark") }
                try readText()
                children.noteMark(of: head)
                read += 1
            case .view, .removals, .contents, nil: // no marks: the view and removals come after the root, the contents before
                throw .corrupt("it holds an unknown kind of mark")
            }
        }
    }

    /// Ends the stroke `head` began, handing it its pressures and times.
    private mutating func endStroke(_ head: StrokeHead, _ children: ChildrenRead) throws(ScribbleFormatError) -> Stroke {
        if head.hasPressure { builder.setPressures(children.levels) }
        if let start = head.start {
            // The writer marks a stroke drawn only when one of its vertices has a step.
            guard !head.isDrawn || children.steps.contains(where: { $0 != 0 }) else { throw .corrupt("a drawn stroke has no steps") }
            builder.setTimes(StrokeTimes(start: start, steps: head.isDrawn ? children.steps : []))
        }
        return builder.endStroke(sealed: head.depth > 0) // read from a file: never drawn on (the root takes new marks)
    }

    /// Reads a run of `count` vertices — first location absolute, then deltas — and, for a
    /// stroke with pressure, their `count` pressure bytes; hands the vertices to the builder
    /// in one bulk append and appends the pressures to `levels`. `count` is checked against the bytes
    /// left before anything is reserved.
    /// - Complexity: O(count).
    private mutating func readRun(
        count: Int, withPressure: Bool, levels: inout [UInt8]
    ) throws(ScribbleFormatError) {
        guard count <= input.remaining / (withPressure ? Self.minimumChildLength + 1 : Self.minimumChildLength) else {
            throw input.shortage
        }
        points.removeAll(keepingCapacity: true)
        points.reserveCapacity(count)
        var position = input.offset
        var x: Int64 = 0, y: Int64 = 0
        for _ in 0..<count {
            let zx = try ByteReader.varint(in: input.bytes, at: &position, shortage: input.shortage)
            let zy = try ByteReader.varint(in: input.bytes, at: &position, shortage: input.shortage)
            guard zx <= Self.maximumZigzag, zy <= Self.maximumZigzag else {
                throw .corrupt("a location is too far from the canvas")
            }
            x += Self.unzigzag(zx) // from 0 for the first vertex: it is absolute
            y += Self.unzigzag(zy)
            points.append(try Self.location(x, y))
        }
        try input.skip(position - input.offset)
        if builder.currentStroke?.count == 0 { builder.reserveCapacity(count) } // a stroke's first run: usually its only one
        builder.addVertices(points)
        if withPressure { levels.append(contentsOf: try input.take(count)) }
    }

    /// Reads a time (version 4): a varint of milliseconds, at most `maximumTime`.
    mutating func readTime() throws(ScribbleFormatError) -> Int64 {
        let time = try input.varint()
        guard time <= ScribbleFormat.maximumTime else { throw .corrupt("a time is out of range") }
        sawTimes = true
        return Int64(time)
    }

    /// Reads a run's `count` steps (version 4): varints of milliseconds, each at most
    /// `maximumStep`; checked against the bytes left first (a byte each at least).
    private mutating func readSteps(count: Int) throws(ScribbleFormatError) -> [UInt16] {
        guard count <= input.remaining else { throw input.shortage }
        steps.removeAll(keepingCapacity: true)
        for _ in 0..<count {
            let step = try input.varint()
            guard step <= ScribbleFormat.maximumStep else { throw .corrupt("a step between two vertices is too long") }
            steps.append(UInt16(step))
        }
        return steps
    }

    /// Reads a dot's location: two absolute zigzag varints.
    mutating func readPoint() throws(ScribbleFormatError) -> Point {
        let zx = try input.varint(), zy = try input.varint()
        guard zx <= Self.maximumZigzag, zy <= Self.maximumZigzag else {
            throw .corrupt("a location is too far from the canvas")
        }
        return try Self.location(Self.unzigzag(zx), Self.unzigzag(zy))
    }

    /// The point of grid numbers (`x`, `y`), refusing one beyond `maximumCoordinate` or one a
    /// `Float` cannot hold exactly (beyond 2²⁴ grid steps only every second, fourth… number is
    /// a float, and the encoder, starting from floats, writes no other).
    @inline(__always)
    private static func location(_ x: Int64, _ y: Int64) throws(ScribbleFormatError) -> Point {
        let limit = UInt64(ScribbleFormat.maximumGridNumber)
        guard x.magnitude <= limit, y.magnitude <= limit else { throw .corrupt("a location is too far from the canvas") }
        guard x.magnitude <= 1 << 24 || Int64(Float(x)) == x, y.magnitude <= 1 << 24 || Int64(Float(y)) == y else {
            throw .corrupt("a location is not on the grid")
        }
        return Point(x: Float(x) / ScribbleFormat.gridScale, y: Float(y) / ScribbleFormat.gridScale)
    }

    /// The signed number a zigzag varint holds: 0, −1, 1, −2, 2… for 0, 1, 2, 3, 4…
    @inline(__always)
    static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}

extension ScribbleReaderV2.ChildrenRead {
    /// A child that is a mark (a dot, a stroke) was read: full pressure and no step.
    mutating func noteMark(of head: ScribbleReaderV2.StrokeHead) {
        if head.hasPressure { levels.append(Stroke.fullPressure) }
        if head.isDrawn { steps.append(0) }
        afterRun = false
    }
}
