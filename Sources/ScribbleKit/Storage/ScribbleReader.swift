/// The skeleton every version's reader fills in (Template Method, book chapter 18): the
/// steps every version takes, in the order that keeps hostile bytes harmless, are here once —
/// the header, title, declared length and checksum checked before anything is parsed
/// (`ScribbleHeader`), the drawing starting with a stroke, no byte left over — and each
/// version supplies only what differs: what it keeps before the tree (`readPrelude`, version
/// 6's content store), how it reads its tree (`readRoot`) and what it keeps after the tree
/// (`readTrailer`, version 3's view; `readHistory`, version 5's marks taken off).
/// `ScribbleFormat.decode` reads the magic
/// and the version and picks the reader. The marks go to a `MarkBuilder`.
///
/// A protocol with the skeleton in its extension rather than a base class: the readers are
/// structs whose byte cursor lives on the stack, so the hot loops over vertices pay no
/// reference counting or exclusivity checks, and the hooks are dispatched statically.
protocol ScribbleReader {
    /// A reader of `payload` (the bytes between the header and the checksum) of a file of
    /// `version`, handing the marks it reads to `builder`.
    init(payload: UnsafeRawBufferPointer, version: Int, builder: MarkBuilder)
    /// The payload's cursor.
    var input: ByteReader { get set }
    /// Reads what the version keeps before the tree (version 6's content store); by default, nothing.
    mutating func readPrelude() throws(ScribbleFormatError)
    /// Checks, once the tree is read, what must hold of the prelude (every stored content
    /// shown by a page); by default, nothing.
    mutating func checkPrelude() throws(ScribbleFormatError)
    /// Reads the drawing's root stroke, whose tag was just read, and everything under it.
    mutating func readRoot() throws(ScribbleFormatError) -> Stroke
    /// Reads what the version keeps after the tree, in a complete file or not, and checks
    /// what must hold of the whole drawing; by default, nothing.
    mutating func readTrailer(isComplete: Bool) throws(ScribbleFormatError) -> SavedCamera?
    /// Reads what the version keeps of the marks taken off a drawing of `onDrawing` top-level
    /// children, after the trailer; `isMark` tells the drawing's marks from its inline
    /// vertices by index (the drawing built, or only scanned when read in parts). By
    /// default, nothing.
    mutating func readHistory(isComplete: Bool, onDrawing: Int, isMark: (Int) -> Bool) throws(ScribbleFormatError) -> RemovalHistory?
}

extension ScribbleReader {
    /// The template method: decodes a whole file whose magic and version were checked.
    /// - Complexity: O(n) in the file's length.
    static func read(_ raw: UnsafeRawBufferPointer, version: Int, builder: MarkBuilder = MarkBuilder())
        throws(ScribbleFormatError) -> ScribbleMemento
    {
        let header = try ScribbleHeader.validate(raw)
        var reader = Self(payload: UnsafeRawBufferPointer(rebasing: raw[header.payload]), version: version, builder: builder)
        try reader.readPrelude()
        guard try reader.input.uint8() == ScribbleFormat.Tag.stroke.rawValue else {
            throw .corrupt("the drawing does not start with a stroke")
        }
        let root = try reader.readRoot()
        let view = try reader.readTrailer(isComplete: header.isComplete)
        // (A packed stroke is read as one made for the look: it is a mark.)
        let history = try reader.readHistory(isComplete: header.isComplete, onDrawing: root.count) { item in
            if case .mark = root.storedElements[item] { true } else { false }
        }
        try reader.checkPrelude()
        guard reader.input.remaining == 0 else { throw .corrupt("there are extra bytes after the drawing") }
        return ScribbleMemento(root: root, isComplete: header.isComplete, title: header.title, view: view, history: history)
    }

    /// Nothing before the tree.
    mutating func readPrelude() throws(ScribbleFormatError) {}

    /// Nothing before the tree to check.
    mutating func checkPrelude() throws(ScribbleFormatError) {}

    /// Nothing after the tree.
    mutating func readTrailer(isComplete: Bool) throws(ScribbleFormatError) -> SavedCamera? { nil }

    /// No marks taken off.
    mutating func readHistory(isComplete: Bool, onDrawing: Int, isMark: (Int) -> Bool) throws(ScribbleFormatError) -> RemovalHistory? {
        nil
    }

    /// Reads four colour bytes: red, green, blue, alpha (the same in every version).
    mutating func readColor() throws(ScribbleFormatError) -> Color {
        let rgba = try input.take(4)
        return Color(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])
    }

    /// Reads a width or size (Float32 in every version), refusing one the app could not have
    /// made: (0, `maximumSize`].
    mutating func readSize(_ what: String) throws(ScribbleFormatError) -> Float {
        let size = try input.finiteFloat(what)
        guard MarkLimits.allows(size: size) else {
            throw .corrupt("\(what) is out of range (\(size); at most \(Int(ScribbleFormat.maximumSize)))")
        }
        return size
    }
}
