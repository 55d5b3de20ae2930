/// A reader that can read the drawing's root in parts: what the skeleton for reading in parts
/// (`ScribbleReader+Parts`) asks of a version besides the whole-file steps. Version 2 and
/// later are (their runs are varints whose ends a scan finds without decoding them); version
/// 1 files are read whole.
protocol ScribblePartsReader: ScribbleReader {
    /// Reads the root's head — the root's tag was just read — and begins the root on the
    /// builder, when its children can be read in parts: a root that keeps something per child
    /// (pressure, steps) or has times of its own cannot, and then nothing is read and the
    /// answer is `nil` (the whole is read by `readRoot`).
    mutating func readRootHeadForParts() throws(ScribbleFormatError) -> ScribbleRootHead?
    /// Moves past the root's next child checking only its structure — tags, flags, counts,
    /// nesting, that every node fits the bytes left — not its values, which the part's reader
    /// checks; notes what the trailer checks (a locked stroke, times). Returns how many of the
    /// root's children it was (a run's vertices count one each), and whether they were such
    /// vertices rather than a mark; `left` is how many the root still declares.
    mutating func skipRootChild(left: Int) throws(ScribbleFormatError) -> (children: Int, areVertices: Bool)
    /// Reads `count` of the root's children from where the input stands into the stroke the
    /// builder has begun, checking everything `readRoot` checks.
    mutating func readRootChildren(_ count: Int) throws(ScribbleFormatError)
}

/// The root's fields before its children, as a reader in parts found them: each part's marks
/// go under a root made from them.
struct ScribbleRootHead: Sendable {
    /// The root's colour (normally none).
    var color: Color?
    /// The root's width.
    var size: Float
    /// Whether the root is locked.
    var isLocked: Bool
    /// How many children the root declares.
    var childCount: Int

    /// A new root of these fields, holding nothing yet.
    func makeRoot() -> Stroke {
        let root = Stroke(color: color, size: size)
        root.isLocked = isLocked
        return root
    }
}
