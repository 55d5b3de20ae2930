/// The scribble file format's constants and its front door: checks the magic bytes and the
/// version, then hands the bytes to that version's reader (`ScribbleReaderV1`,
/// `ScribbleReaderV2`, the steps of one skeleton, `ScribbleReader`). The field tables are in `docs/FORMAT.md`; `ScribbleEncoder` writes
/// the current version.
enum ScribbleFormat {
    /// The first eight bytes of every scribble file: a high byte (so it is not text), "TPSC",
    /// and CR LF SUB, which catch line-ending conversion and `type` on DOS (PNG's trick).
    static let magic: [UInt8] = [0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A]
    /// The newest version the readers know. Version 2 stores locations as fixed-point deltas
    /// in varints, and pen pressure; version 3 is version 2 with the view the scribble was
    /// last seen at after the drawing, and locked strokes; version 4 adds the marks' times
    /// (`StrokeTimes`), for a replay; version 5 adds the marks taken off the drawing and when
    /// (`RemovalHistory`), so the replay of a saved drawing is its true history. The encoder
    /// writes the oldest version that holds the drawing: 5 only when something was taken off,
    /// 4 for a drawing with times (anything drawn in a TouchPainter that has them), 3 only
    /// for a scribble that has a view or a locked stroke, so one never zoomed or panned stays
    /// a version 2 file, as before; version 1 files still open. Version 6 is version 5 with a
    /// content store (the PDFs the drawing's pages show, each once) and pages, written only
    /// for a drawing that has pages, and read whole (never in parts); an older TouchPainter
    /// refuses it as newer, so no reader that does not know pages opens a drawing without them.
    /// Version 8 (issue 55) adds text boxes; it is written only for a drawing that has one.
    static let currentVersion = 8
    /// The version of a file with text boxes.
    static let versionWithText = 8
    /// Version 7 is version 6 with pictures (their original bytes in the content store),
    /// written only for a drawing that shows one and no text box; version 6 readers refuse
    /// it as newer.
    static let versionWithPictures = 7
    /// The version of a file with PDF pages but no picture or text box.
    static let versionWithPages = 6
    /// The version of a file with marks taken off but no content.
    static let versionWithRemovals = 5
    /// The version of a file with times but nothing taken off.
    static let versionWithTimes = 4
    /// The version of a file with a view or a locked stroke but no times.
    static let versionWithoutTimes = 3
    /// The version of a file without a view.
    static let versionWithoutView = 2
    /// The deepest nesting of strokes a file may hold (the root is depth 0); bounds the
    /// reader's recursion on hostile files. The app itself nests one level.
    static let maxDepth = 64
    /// The longest title, in UTF-8 bytes; longer titles are cut at a character boundary.
    static let maxTitleBytes = 1024
    /// The widest stroke and largest dot a file may hold: far beyond the pen's 64 px, and
    /// small enough that drawing one never freezes the window (a width of 10¹² did).
    static let maximumSize = MarkLimits.maximumSize
    /// How far from the canvas' origin a location may lie, in pixels.
    static let maximumCoordinate = MarkLimits.maximumCoordinate
    /// Enough leading bytes to hold any header with its title, for listing (versions 1 and 2
    /// share the header).
    static let headerPrefixLength = 16 + maxTitleBytes

    /// Header flag: the memento is complete (the whole drawing), not incremental.
    static let completeFlag: UInt16 = 1
    /// Header flag: a title follows (so an empty title and no title differ).
    static let titleFlag: UInt16 = 2
    /// Stroke flag: four colour bytes follow (the root has no colour).
    static let colorFlag: UInt8 = 1
    /// Stroke flag (version 2): the stroke keeps a pen pressure per child; each of its vertex
    /// runs is followed by one pressure byte a vertex.
    static let pressureFlag: UInt8 = 2
    /// Stroke flag (version 3): the tools leave the stroke alone (`Stroke.isLocked`: an
    /// imported notebook's pages).
    static let lockedFlag: UInt8 = 4
    /// Stroke flag (version 4): the stroke has times; its start time (a varint of
    /// milliseconds) follows its width.
    static let timedFlag: UInt8 = 8
    /// Stroke flag (version 4, with `timedFlag`): the stroke was drawn over time; each of its
    /// vertex runs ends with one step (a varint of milliseconds) a vertex.
    static let drawnFlag: UInt8 = 16
    /// The longest step between two vertices a file may hold, in milliseconds.
    static let maximumStep = UInt64(StrokeTimes.maximumStep)
    /// The latest time a file may hold, in milliseconds.
    static let maximumTime = UInt64(StrokeTimes.maximumTime)
    /// Version 2 stores a location as a whole number of 1/`gridScale` px steps
    /// (`MarkLimits.gridScale`, the grid the model keeps points on).
    static let gridScale = MarkLimits.gridScale
    /// The largest grid number a location may have: `maximumCoordinate` × `gridScale`.
    static let maximumGridNumber = Int64(MarkLimits.maximumCoordinate * MarkLimits.gridScale)

    /// The node kinds of the payload.
    enum Tag: UInt8 {
        /// A run of inline vertices: a count, then that many (x, y) locations (version 1:
        /// packed Float32 pairs; version 2: zigzag varint grid numbers, each after the first
        /// a step from the one before, then a pressure byte a vertex in a stroke with pressure).
        case vertexRun = 1
        /// A dot: RGBA, size, x, y (version 2: x and y as zigzag varint grid numbers).
        case dot = 2
        /// A stroke: flags, RGBA if coloured, size, child count, then its children.
        case stroke = 3
        /// The view (version 3, after the root, once): zoom, centre x, centre y, Float64 each.
        case view = 4
        /// A dot with its time (version 4): a dot's fields, then the time (a varint of milliseconds).
        case timedDot = 5
        /// The marks taken off and put back (version 5, after the root and any view, once, in a
        /// complete file): a group node of the marks gone, then the takings off and puttings back.
        case removals = 6
        /// The content store (version 6, first in the payload, before the root, once): the
        /// entries' count, then each entry's kind, SHA-256, length and bytes.
        case contents = 7
        /// A PDF page (version 6): its content's SHA-256, its page index, its frame's corner
        /// (x and y as zigzag varint grid numbers) and its width and height (Float32).
        case page = 8
        /// A picture (version 7): flags (1: timed), its content's SHA-256, its natural width
        /// and height (Float32), its placement's linear part a, b, c, d (Float64 each), its
        /// placement's translation (x and y as zigzag varint grid numbers), then with the
        /// timed flag its time (a varint of milliseconds).
        case picture = 9
        /// A text box (version 8): flags (`textTimedFlag`,
        /// `textWrapsFlag`, `textTurnedFlag`), its corner (x and y as zigzag varint grid
        /// numbers), its wrap width (Float32) if it wraps, its turn (Float32 radians) if
        /// turned, its time (varint ms) if timed, then its runs' count and each run: style
        /// flags (`textBoldFlag`, `textItalicFlag`), RGBA, font size (Float32), the family's
        /// UTF-8 length and bytes, the text's UTF-8 length and bytes.
        case text = 10
    }

    /// Text box flags: a time follows; a wrap width follows; a turn follows.
    static let textTimedFlag: UInt8 = 1, textWrapsFlag: UInt8 = 2, textTurnedFlag: UInt8 = 4
    /// Text run flags: bold, italic.
    static let textBoldFlag: UInt8 = 1, textItalicFlag: UInt8 = 2

    /// Decodes a whole file into a memento, its marks assembled by `builder`: reads the magic
    /// and the version, and hands the rest to that version's reader, which runs the readers'
    /// one skeleton (`ScribbleReader.read`). A large file with no builder given is read in
    /// parts on every core (`decodeInParts`) when the process may use more than one.
    /// - Complexity: O(n) in the file's length.
    static func decode(_ bytes: [UInt8], builder: MarkBuilder? = nil) throws(ScribbleFormatError) -> ScribbleMemento {
        if builder == nil, bytes.count >= partsThreshold, case let cores = ProcessorCores.usable, cores > 1,
            let memento = try decodeInParts(bytes, cores: cores, minimumBytesPerMark: partsMinimumBytesPerMark)
        {
            return memento
        }
        let builder = builder ?? MarkBuilder()
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ScribbleFormatError) -> ScribbleMemento in
                switch try version(of: raw) {
                case 1: try ScribbleReaderV1.read(raw, version: 1, builder: builder)
                case let version: try ScribbleReaderV2.read(raw, version: version, builder: builder)
                }
            }
        }
        return try result.get()
    }

    /// Checks a whole file's header and checksum without building its drawing.
    /// - Complexity: O(n) in the file's length.
    static func validate(_ bytes: [UInt8]) throws(ScribbleFormatError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ScribbleFormatError) in
                _ = try version(of: raw)
                try ScribbleHeader.validate(raw) // every version keeps version 1's header, length and checksum
            }
        }
        try result.get()
    }

    /// Reads only the title from a file's first bytes (`headerPrefixLength` of them suffice),
    /// so a gallery of a thousand scribbles lists without reading any drawing.
    static func title(inPrefix bytes: [UInt8]) throws(ScribbleFormatError) -> String? {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ScribbleFormatError) -> String? in
                _ = try version(of: raw)
                return try ScribbleHeader.readTitle(raw) // the same header in every version
            }
        }
        return try result.get()
    }

    /// `title` cut to at most `maxTitleBytes` of UTF-8, at a character boundary.
    static func clipped(_ title: String) -> String {
        let title = String(String.UnicodeScalarView(title.unicodeScalars.filter { !isControl($0) }))
        guard title.utf8.count > maxTitleBytes else { return title }
        var clipped = ""
        for character in title {
            guard clipped.utf8.count + character.utf8.count <= maxTitleBytes else { break }
            clipped.append(character)
        }
        return clipped
    }

    /// Whether `scalar` is a control character (C0, DEL, C1): never part of a title.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// Checks the magic bytes and returns the format version, refusing newer ones.
    /// A file that stops inside a correct magic is truncated; any wrong byte makes it foreign.
    static func version(of raw: UnsafeRawBufferPointer) throws(ScribbleFormatError) -> Int {
        for index in 0..<min(raw.count, magic.count) where raw[index] != magic[index] {
            throw .notAScribble
        }
        var reader = ByteReader(raw, offset: magic.count, shortage: .truncated)
        let version = Int(try reader.uint16())
        guard version != 0 else { throw .corrupt("format version 0 does not exist") }
        guard version <= currentVersion else { throw .newerVersion(version) }
        return version
    }
}
