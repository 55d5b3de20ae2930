/// The Memento (book chapter 23): a scribble's state kept outside the scribble — the whole
/// drawing (complete) or only its last top-level mark (incremental) — plus its title and,
/// for a complete one, the view it was last seen at.
/// Its interface is narrow: everyone but the originator — the caretaker (`ScribbleManager`:
/// saves, thumbnails, templates), the journal, the `Exporter` — handles it whole or as its
/// encoded `data` (data in, data out). Only the originator, `Scribble`, opens it
/// (`Scribble.drawing(of:)`, here because `root` is private to this file), so the compiler
/// refuses any other reader of its insides.
///
/// It is `Sendable` so it can be encoded and written on a background thread: its tree is a
/// private deep copy made only of ScribbleKit's own mark classes and is never mutated after
/// the memento is made — it is only read, and copied again on the way out.
public struct ScribbleMemento: @unchecked Sendable {
    /// The saved marks under a root stroke: all top-level marks when complete, the last one
    /// alone when incremental. File-private: the originator opens it (`Scribble.drawing(of:)`).
    fileprivate let root: Stroke
    /// True for the whole drawing, false for the last mark only.
    let isComplete: Bool
    /// The scribble's name; the caretaker fills it in when the scribble has none.
    public internal(set) var title: String?
    /// The zoom and centre the scribble was last seen at (complete mementos only).
    public internal(set) var view: SavedCamera?
    /// The marks taken off and put back, with when (complete mementos made for a save or a
    /// journal, or read from a file; and the rest of a drawing opened in two steps, for the
    /// whole): file-private as `root` is, read by the originator and the encoder.
    fileprivate let history: RemovalHistory?

    /// Wraps a tree (and a history of removals) that nobody else holds.
    init(root: Stroke, isComplete: Bool, title: String?, view: SavedCamera? = nil, history: RemovalHistory? = nil) {
        self.root = root
        self.isComplete = isComplete
        self.title = title.map(ScribbleFormat.clipped)
        self.view = isComplete ? view : nil
        self.history = isComplete ? history : nil
    }

    /// The rest of a drawing opened in two steps (`ScribbleRest.read()`): the marks that go on
    /// top of the first ones, and what the file keeps of the marks taken off, whose entries
    /// name the whole drawing's marks (`Scribble.adoptRest(of:)` restores it once the rest is
    /// on). Incremental, so it is never saved with them (`data` leaves them out).
    init(rest root: Stroke, history: RemovalHistory?) {
        self.root = root
        isComplete = false
        self.history = history
    }

    /// Whether the memento keeps marks taken off the drawing (it is then a version 5 file).
    public var keepsRemovals: Bool { isComplete && history != nil }

    /// Rebuilds a memento from its encoded form, refusing damaged, foreign or newer files.
    /// - Complexity: O(n) in the length of `data`.
    public init(data: [UInt8]) throws(ScribbleFormatError) {
        self = try ScribbleFormat.decode(data)
    }

    /// The encoded form, in the current file format (`docs/FORMAT.md`); what gets saved.
    /// - Complexity: O(n) in the number of marks and vertices; encodes on every access.
    public var data: [UInt8] { ScribbleEncoder.encode(self, root: root, history: isComplete ? history : nil) }

    /// `data` after `front` zero bytes, in one array (a journal frame's header goes there).
    func encoded(leavingFront front: Int) -> [UInt8] {
        ScribbleEncoder.encode(self, root: root, history: isComplete ? history : nil, front: front)
    }
}

extension Scribble {
    /// The originator's one door into a memento (book chapter 23): the drawing `memento`
    /// holds, its own tree, shared and never to be changed. `Scribble+Memento` restores
    /// from it; whoever else must draw or count a memento's marks (a thumbnail, an export)
    /// asks here rather than reading the memento.
    /// - Complexity: O(1).
    static func drawing(of memento: ScribbleMemento) -> Stroke { memento.root }

    /// The originator's door to what `memento` keeps of the marks taken off (`nil` when it
    /// keeps none): restored into the scribble's `ReplayLog`, never drawn.
    /// - Complexity: O(1).
    static func history(of memento: ScribbleMemento) -> RemovalHistory? { memento.history }
}
