/// A scribble's heavy bytes, each kept once and named by its SHA-256 (`ContentDigest`):
/// what a file's version 6 content store holds (`docs/FORMAT.md`). Marks that show content
/// (a `Page`) hold its `StoredContent`; the store of a drawing is gathered from them
/// (`Scribble.contents`), so it never holds bytes no mark shows, and an entry is never
/// copied — the store, the marks, mementos and copies all share the one object.
public struct ContentStore: Sendable {
    /// The entries in the order they were first put in (the order a file lists them).
    public private(set) var entries: [StoredContent] = []
    /// Each entry's place in `entries`, by digest.
    private var places: [ContentDigest: Int] = [:]

    /// An empty store.
    public init() {}

    /// How many entries there are.
    public var count: Int { entries.count }

    /// Whether the store holds nothing.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entry named `digest`, if the store holds it.
    public subscript(digest: ContentDigest) -> StoredContent? {
        places[digest].map { entries[$0] }
    }

    /// The place of the entry named `digest` in `entries` (what a file's page node refers to).
    func place(of digest: ContentDigest) -> Int? { places[digest] }

    /// Puts `content` in unless an entry of the same digest is there, and returns the entry
    /// the store keeps for that digest (so bytes met twice are kept once).
    @discardableResult
    public mutating func insert(_ content: StoredContent) -> StoredContent {
        if let place = places[content.digest] { return entries[place] }
        places[content.digest] = entries.count
        entries.append(content)
        return content
    }
}

extension ContentStore {
    /// The store of what the marks under `stroke` show: each page's content, in the order
    /// the pages come.
    /// - Complexity: O(the marks under `stroke`); vertices are not looked at.
    init(gatheredFrom stroke: Stroke) {
        self.init()
        gather(stroke)
    }

    private mutating func gather(_ stroke: Stroke) {
        guard stroke.holdsMarks else { return }
        // A packed stroke is a plain stroke of vertices (`PackedStroke`): it shows no content.
        for case .mark(let mark) in stroke.storedElements.unpackedElements {
            if let page = mark as? Page {
                insert(page.content)
            } else if let picture = mark as? Picture {
                insert(picture.content)
            } else if let child = mark as? Stroke {
                gather(child)
            }
        }
    }
}

extension Scribble {
    /// The scribble's content store: every PDF (and, later, picture) a mark on the drawing
    /// shows, once each.
    /// - Complexity: O(the drawing's marks); vertices are not looked at.
    public var contents: ContentStore { ContentStore(gatheredFrom: root) }
}
