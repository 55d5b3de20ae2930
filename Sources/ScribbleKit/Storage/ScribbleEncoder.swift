/// Writes a memento in the oldest file format that holds it (version 2; 3 with the view the
/// scribble was last seen at; 4 with times; 5 with the marks taken off; 6 with PDF pages and
/// their content store; 7 with pictures: `docs/FORMAT.md`): it sizes the file exactly first, then fills one
/// buffer. Each maximal run of inline vertices is one
/// node: a count, the first location as absolute grid numbers and every other as the step
/// from the one before, in zigzag varints (about 2 bytes a coordinate for a hand-drawn
/// stroke), then — for a stroke with pressure — a pressure byte a vertex.
///
/// The output is canonical: the reader accepts no other spelling of the same drawing, so
/// encoding what it decoded gives the same bytes.
enum ScribbleEncoder {
    /// The bytes of header fields before the title: magic, version, flags, title length.
    private static let preTitleLength = 16

    /// The file bytes for `memento`, whose drawing is `root` (the memento hands it over: its
    /// insides are its own).
    /// `front` zero bytes come first, in the same array (room for a journal frame's header).
    /// - Complexity: O(n) in the number of marks and vertices; one allocation.
    static func encode(_ memento: ScribbleMemento, root: Stroke, history: RemovalHistory? = nil, front: Int = 0) -> [UInt8] {
        let contents = ContentStore(gatheredFrom: root)
        let version: Int
        if holdsText(root) {
            version = ScribbleFormat.versionWithText
        } else if contents.entries.contains(where: { $0.kind == .picture }) {
            version = ScribbleFormat.versionWithPictures
        } else if !contents.isEmpty {
            version = ScribbleFormat.versionWithPages
        } else if history != nil {
            version = ScribbleFormat.versionWithRemovals
        } else if holdsTimes(root) {
            version = ScribbleFormat.versionWithTimes
        } else {
            version = memento.view != nil || holdsLocked(root) ? ScribbleFormat.versionWithoutTimes : ScribbleFormat.versionWithoutView
        }
        return file(
            version: UInt16(version), memento, front: front,
            payloadLength: encodedLength(of: contents) + encodedLength(of: root) + (memento.view == nil ? 0 : viewLength)
                + (history.map { encodedLength(of: $0) } ?? 0)
        ) { writer in
            write(contents, to: &writer)
            write(root, to: &writer)
            if let view = memento.view {
                writer.uint8(ScribbleFormat.Tag.view.rawValue)
                for value in [view.zoom, view.centreX, view.centreY] { writer.uint64(value.bitPattern) }
            }
            if let history { write(history, to: &writer) }
        }
    }

    /// Whether a stroke in the tree under `stroke` (itself included) is locked.
    /// - Complexity: O(the marks under it); vertices are not looked at.
    private static func holdsLocked(_ stroke: Stroke) -> Bool {
        if stroke.isLocked { return true }
        guard stroke.holdsMarks else { return false } // a plain stroke's vertices need no look
        // A packed stroke is never locked (`PackedStroke`).
        for case .mark(let child as Stroke) in stroke.storedElements.unpackedElements where holdsLocked(child) { return true }
        return false
    }

    /// Whether a mark in the tree under `stroke` (itself included) has times.
    /// - Complexity: O(the marks under it) at worst; usually its first child answers.
    private static func holdsTimes(_ stroke: Stroke) -> Bool {
        if stroke.times != .untimed { return true }
        guard stroke.holdsMarks else { return false }
        if stroke.storedElements.packed.contains(where: { $0.times != .untimed }) { return true }
        for case .mark(let child) in stroke.storedElements.unpackedElements {
            if let child = child as? Stroke, holdsTimes(child) { return true }
            if let dot = child as? Dot, dot.time != nil { return true }
            if let picture = child as? Picture, picture.time != nil { return true }
        }
        return false
    }

    /// The bytes of a view record: its tag and three Float64.
    private static let viewLength = 1 + 3 * 8

    /// A file of format `version` around `memento`'s header fields and the payload `payload`
    /// writes, which must be `payloadLength` bytes: the header, the payload, the checksum.
    static func file(
        version: UInt16, _ memento: ScribbleMemento, front: Int = 0, payloadLength: Int,
        payload: (inout ByteWriter) -> Void
    ) -> [UInt8] {
        let title = memento.title.map { Array(ScribbleFormat.clipped($0).utf8) } ?? []
        let total = preTitleLength + title.count + 8 + payloadLength + 4
        var flags: UInt16 = memento.isComplete ? ScribbleFormat.completeFlag : 0
        if memento.title != nil { flags |= ScribbleFormat.titleFlag }
        return [UInt8](unsafeUninitializedCapacity: front + total) { whole, initialized in
            _ = whole[..<front].initialize(repeating: 0)
            let buffer = UnsafeMutableBufferPointer(rebasing: whole[front...])
            var writer = ByteWriter(UnsafeMutableRawBufferPointer(buffer))
            writer.append(ScribbleFormat.magic)
            writer.uint16(version)
            writer.uint16(flags)
            writer.uint32(UInt32(title.count))
            writer.append(title)
            writer.uint64(UInt64(payloadLength))
            payload(&writer)
            let checked = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<writer.offset])
            writer.uint32(CRC32.checksum(checked))
            precondition(writer.offset == total, "ScribbleEncoder sized its buffer wrongly")
            initialized = front + total
        }
    }

    /// The payload bytes `stroke` and everything under it take.
    /// - Complexity: O(n) in its children and their descendants.
    static func encodedLength(of stroke: Stroke) -> Int {
        var length = 1 + 1 + (stroke.color == nil ? 0 : 4) + 4 + ByteWriter.varintLength(UInt64(stroke.count))
        let withPressure = hasPressure(stroke)
        let start = stroke.times.start, steps = drawnSteps(stroke)
        if let start { length += ByteWriter.varintLength(UInt64(start)) }
        for packed in stroke.storedElements.packed { length += encodedLength(of: packed.makeStroke()) }
        withUnpackedChildren(of: stroke) { elements in
            var index = 0
            while index < elements.count {
                let end = runEnd(elements, from: index)
                if end > index {
                    length += 1 + ByteWriter.varintLength(UInt64(end - index)) + (withPressure ? end - index : 0)
                    var previous = (x: Int64(0), y: Int64(0))
                    for element in elements[index..<end] {
                        let point = gridNumbers(vertex(element)!)
                        length +=
                            ByteWriter.varintLength(zigzag(point.x &- previous.x))
                            + ByteWriter.varintLength(zigzag(point.y &- previous.y))
                        previous = point
                    }
                    if let steps {
                        for child in index..<end { length += ByteWriter.varintLength(UInt64(steps[child])) }
                    }
                    index = end
                } else {
                    if case .mark(let mark) = elements[index] {
                        if let child = mark as? Stroke {
                            length += encodedLength(of: child)
                        } else if let page = mark as? Page {
                            length += encodedLength(of: page)
                        } else if let picture = mark as? Picture {
                            length += encodedLength(of: picture)
                        } else if let text = mark as? TextBox {
                            length += encodedLength(of: text)
                        } else {
                            let point = gridNumbers(mark.location)
                            length += 1 + 4 + 4 + ByteWriter.varintLength(zigzag(point.x)) + ByteWriter.varintLength(zigzag(point.y))
                            if let time = (mark as? Dot)?.time { length += ByteWriter.varintLength(UInt64(time)) }
                        }
                    }
                    index += 1
                }
            }
        }
        return length
    }

    /// Writes `stroke`'s node: tag, flags, colour, width, child count, then the children, each
    /// maximal run of vertices as one `vertexRun`.
    static func write(_ stroke: Stroke, to writer: inout ByteWriter) {
        let withPressure = hasPressure(stroke)
        let start = stroke.times.start, steps = drawnSteps(stroke)
        writer.uint8(ScribbleFormat.Tag.stroke.rawValue)
        writer.uint8(
            (stroke.color == nil ? 0 : ScribbleFormat.colorFlag) | (withPressure ? ScribbleFormat.pressureFlag : 0)
                | (stroke.isLocked ? ScribbleFormat.lockedFlag : 0) | (start == nil ? 0 : ScribbleFormat.timedFlag)
                | (steps == nil ? 0 : ScribbleFormat.drawnFlag))
        if let color = stroke.color { write(color, to: &writer) }
        writer.float(stroke.size)
        if let start { writer.varint(UInt64(start)) }
        writer.varint(UInt64(stroke.count))
        for packed in stroke.storedElements.packed { write(packed.makeStroke(), to: &writer) }
        withUnpackedChildren(of: stroke) { elements in
            var index = 0
            while index < elements.count {
                let end = runEnd(elements, from: index)
                if end > index {
                    writer.uint8(ScribbleFormat.Tag.vertexRun.rawValue)
                    writer.varint(UInt64(end - index))
                    var previous = (x: Int64(0), y: Int64(0))
                    for element in elements[index..<end] {
                        let point = gridNumbers(vertex(element)!)
                        writer.varint(zigzag(point.x &- previous.x))
                        writer.varint(zigzag(point.y &- previous.y))
                        previous = point
                    }
                    if withPressure {
                        writer.append(stroke.pressures[index..<end])
                    }
                    if let steps {
                        for child in index..<end { writer.varint(UInt64(steps[child])) }
                    }
                    index = end
                } else {
                    if case .mark(let mark) = elements[index] { write(mark, to: &writer) }
                    index += 1
                }
            }
        }
    }

    /// Runs `body` on `stroke`'s children after its packed ones (`PackedStroke`, each written
    /// as the stroke it stands for, made for the write and let go), or all of them.
    /// (A stroke with packed children keeps no pressures or steps, which are by child.)
    private static func withUnpackedChildren<Result>(of stroke: Stroke, _ body: (StrokeElements.UnsafeBuffer) -> Result) -> Result {
        let children = stroke.storedElements
        guard children.packedCount > 0 else { return children.withUnsafeBufferPointer(body) }
        return children.unpackedElements.withUnsafeBufferPointer { body(StrokeElements.UnsafeBuffer(elements: $0)) }
    }

    /// Writes a child that is not a run: a stroke, a page or a dot.
    private static func write(_ mark: Mark, to writer: inout ByteWriter) {
        if let stroke = mark as? Stroke {
            write(stroke, to: &writer)
        } else if let page = mark as? Page {
            write(page, to: &writer)
        } else if let picture = mark as? Picture {
            write(picture, to: &writer)
        } else if let text = mark as? TextBox {
            write(text, to: &writer)
        } else {
            let time = (mark as? Dot)?.time
            writer.uint8((time == nil ? ScribbleFormat.Tag.dot : .timedDot).rawValue)
            write(mark.color ?? .black, to: &writer)
            writer.float(MarkLimits.clamped(size: mark.size))
            let point = gridNumbers(mark.location)
            writer.varint(zigzag(point.x))
            writer.varint(zigzag(point.y))
            if let time { writer.varint(UInt64(time)) }
        }
    }

    /// The steps of a stroke drawn over time, one a child, when a vertex has one (only
    /// vertices' steps are stored: a child mark keeps its own times); `nil` for a stroke
    /// whose vertices all appeared at once, which is stored with its start alone.
    private static func drawnSteps(_ stroke: Stroke) -> [UInt16]? {
        guard stroke.times.isDrawn else { return nil }
        var steps = stroke.times.steps(count: stroke.count)
        var any = false
        stroke.storedElements.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                if vertex(elements[index]) == nil { steps[index] = 0 } else if steps[index] != 0 { any = true }
            }
        }
        return any ? steps : nil
    }

    /// Whether `stroke` is written with pressure: it has some, and children to carry them
    /// (a stroke's pressures are aligned with its children, so it always has).
    private static func hasPressure(_ stroke: Stroke) -> Bool {
        stroke.hasPressure && stroke.count > 0
    }

    /// Where the run of vertices starting at `start` ends (`start` itself if none starts
    /// there). A mark that is neither a stroke nor a dot — a `Vertex` subclass, which
    /// mementos never hold but code might — is stored as the vertex it is, inside the run, so
    /// runs stay maximal and the file canonical.
    @inline(__always)
    private static func runEnd(_ elements: StrokeElements.UnsafeBuffer, from start: Int) -> Int {
        var end = start
        while end < elements.count, vertex(elements[end]) != nil { end += 1 }
        return end
    }

    /// The location an element is written at as a vertex, or `nil` for a stroke, a dot or a page.
    @inline(__always)
    private static func vertex(_ element: Stroke.Element) -> Point? {
        switch element {
        case .vertex(let point): point
        case .mark(let mark): mark is Stroke || mark is Dot || mark is Page || mark is Picture || mark is TextBox ? nil : mark.location
        }
    }

    /// The grid numbers of `point`: each coordinate clamped into range (non-finite becomes
    /// 0), times `gridScale`, rounded. For the model's points, which lie on the grid, this is
    /// exact.
    @inline(__always)
    static func gridNumbers(_ point: Point) -> (x: Int64, y: Int64) {
        (gridNumber(point.x), gridNumber(point.y))
    }

    @inline(__always)
    private static func gridNumber(_ coordinate: Float) -> Int64 {
        let limit = ScribbleFormat.maximumCoordinate
        let inRange = coordinate.isFinite ? min(max(coordinate, -limit), limit) : 0
        return Int64((inRange * ScribbleFormat.gridScale).rounded(.toNearestOrEven))
    }

    /// A signed number as an unsigned one, small magnitudes small: 0, −1, 1, −2… → 0, 1, 2, 3…
    @inline(__always)
    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    /// Writes red, green, blue, alpha.
    static func write(_ color: Color, to writer: inout ByteWriter) {
        writer.append([color.red, color.green, color.blue, color.alpha])
    }
}
