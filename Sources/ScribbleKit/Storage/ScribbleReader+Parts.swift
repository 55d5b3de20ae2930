/// Where the parts of a file read in parts lie (`ScribblePartsReader.plan`): the file's
/// header, its view, the root's fields, consecutive runs of the root's children — each
/// part's place in the payload and how many children it holds — in drawing order, and the
/// marks the file keeps as taken off (version 5), read whole: they are few beside the drawing.
struct ScribblePartsPlan: Sendable {
    /// One part: a run of the root's children.
    struct Part: Sendable {
        /// Where the part lies in the payload.
        let bytes: Range<Int>
        /// How many of the root's children it holds (a run's vertices count one each).
        let children: Int
    }

    /// The file's format version.
    let version: Int
    /// Whether the file holds the whole drawing.
    let isComplete: Bool
    /// The file's title.
    let title: String?
    /// The view the file keeps, if any.
    let view: SavedCamera?
    /// The root's fields.
    let root: ScribbleRootHead
    /// Where the payload lies in the file.
    let payload: Range<Int>
    /// The parts, in order; at least one (empty, for a root with no children).
    let parts: [Part]
    /// The marks taken off the drawing and put back, with when (version 5), checked against
    /// the drawing's scan; it goes with the whole drawing once every part is on, since its
    /// entries name the drawing's marks by place (`Scribble.adoptRest(of:)`).
    let history: RemovalHistory?
}

/// The skeleton of reading in parts (Template Method, as `ScribbleReader.read`): the same
/// checks in the same order — header, title, declared length and checksum first, the drawing
/// starting with a stroke, the version's trailer and its marks taken off, no byte left over
/// — but the root's children are first only scanned (`skipRootChild`), which finds where
/// each top-level mark ends without building it, so that runs of them can then be read on several threads at once
/// and the first run shown before the rest is read. A file reads in parts exactly as it reads
/// whole: each part starts where the one before ended, and must end where the scan said.
extension ScribblePartsReader {
    /// Checks `raw`, a whole file whose magic and version were checked, as far as can be
    /// done without building its marks, and cuts the root's children into parts: the first
    /// at least `firstPartBytes` long (unless the root holds less), the others at least
    /// `partBytes`. `nil` when the file must be read whole (version 6, or a root that keeps
    /// something per child: `readRootHeadForParts`).
    /// - Complexity: O(n) in the file's length, but a scan: no mark is built.
    static func plan(_ raw: UnsafeRawBufferPointer, version: Int, firstPartBytes: Int, partBytes: Int)
        throws(ScribbleFormatError) -> ScribblePartsPlan?
    {
        let header = try ScribbleHeader.validate(raw)
        // (Version 6 holds a content store, a PDF of megabytes, before the tree: read whole.)
        guard version < 6 else { return nil }
        var reader = Self(payload: UnsafeRawBufferPointer(rebasing: raw[header.payload]), version: version, builder: MarkBuilder())
        guard try reader.input.uint8() == ScribbleFormat.Tag.stroke.rawValue else {
            throw .corrupt("the drawing does not start with a stroke")
        }
        guard let root = try reader.readRootHeadForParts() else { return nil }
        var parts: [ScribblePartsPlan.Part] = []
        var start = reader.input.offset, children = 0, passed = 0
        var vertices: [Range<Int>] = [] // the root's inline vertices, by index: no removal may name them
        while passed < root.childCount {
            let (count, areVertices) = try reader.skipRootChild(left: root.childCount - passed)
            if areVertices { vertices.append(passed..<(passed + count)) }
            passed += count
            children += count
            if reader.input.offset - start >= (parts.isEmpty ? firstPartBytes : partBytes) {
                parts.append(.init(bytes: start..<reader.input.offset, children: children))
                (start, children) = (reader.input.offset, 0)
            }
        }
        if children > 0 || parts.isEmpty { parts.append(.init(bytes: start..<reader.input.offset, children: children)) }
        let view = try reader.readTrailer(isComplete: header.isComplete)
        // The marks taken off are built by a builder of their own (this one holds the root begun).
        var after = Self(payload: reader.input.bytes, version: version, builder: MarkBuilder())
        try after.input.skip(reader.input.offset)
        let history = try after.readHistory(isComplete: header.isComplete, onDrawing: root.childCount) { item in
            // The runs are in order and apart, and a hostile file may hold many: a binary search.
            var (low, high) = (0, vertices.count)
            while low < high {
                let middle = (low + high) / 2
                if vertices[middle].upperBound <= item { low = middle + 1 } else { high = middle }
            }
            return low == vertices.count || !vertices[low].contains(item)
        }
        guard after.input.remaining == 0 else { throw .corrupt("there are extra bytes after the drawing") }
        return ScribblePartsPlan(
            version: version, isComplete: header.isComplete, title: header.title, view: view, root: root,
            payload: header.payload, parts: parts, history: history)
    }

    /// Reads part `index` of `plan` from `raw`, the file it was made from: its marks under a
    /// holder stroke, in order.
    /// - Complexity: O(n) in the part's bytes.
    static func readPart(_ index: Int, of plan: ScribblePartsPlan, in raw: UnsafeRawBufferPointer) throws(ScribbleFormatError) -> Stroke {
        let part = plan.parts[index]
        let builder = MarkBuilder(packingGroups: true) // a top-level group's ticks stay packed
        var reader = Self(payload: UnsafeRawBufferPointer(rebasing: raw[plan.payload]), version: plan.version, builder: builder)
        try reader.input.skip(part.bytes.lowerBound)
        builder.beginStroke(color: nil, size: 1)
        try reader.readRootChildren(part.children)
        guard reader.input.offset == part.bytes.upperBound else { throw .corrupt("a mark does not end where its scan ended") }
        return builder.endStroke(sealed: false)
    }

    /// Reads part `index` of `plan` from `raw`, that part's bytes alone (read from the file
    /// again): as `readPart(_:of:in:)`, which reads them within the whole file.
    /// - Complexity: O(n) in the part's bytes.
    static func readPart(_ index: Int, of plan: ScribblePartsPlan, inPart raw: UnsafeRawBufferPointer) throws(ScribbleFormatError) -> Stroke {
        let builder = MarkBuilder(packingGroups: true) // a top-level group's ticks stay packed
        var reader = Self(payload: raw, version: plan.version, builder: builder)
        builder.beginStroke(color: nil, size: 1)
        try reader.readRootChildren(plan.parts[index].children)
        guard reader.input.offset == raw.count else { throw .corrupt("a mark does not end where its scan ended") }
        return builder.endStroke(sealed: false)
    }
}
