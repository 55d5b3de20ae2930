/// Find's hits on the canvas (a PDF's text found, Ctrl+F): where they are, canvas pixels, and
/// which one the user is on. The engine draws them over everything, the current one stronger,
/// in the view's own pixels (never part of the backdrop, so showing them renders no frame).
public struct FindHighlights: Equatable, Sendable {
    /// Every hit, canvas pixels, in the order Find steps through them.
    public var hits: [Rect] = []
    /// The hit the user is on, an index into `hits`.
    public var current: Int?

    /// No hits.
    public init() {}

    /// `hits`, the user on `current`.
    public init(hits: [Rect], current: Int?) {
        self.hits = hits
        self.current = current.flatMap { hits.indices.contains($0) ? $0 : nil }
    }

    /// The area they cover, canvas pixels (null without hits).
    var bounds: Rect { hits.reduce(Rect.null) { $0.union($1) } }
}
