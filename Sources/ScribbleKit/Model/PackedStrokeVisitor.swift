/// A visitor of ScribbleKit's own that takes a stroke's packed children (`PackedStroke`) where
/// they lie, as values, instead of a `Stroke` made for each to `accept` it.
///
/// Why: a group — a stamp of a template of a million ticks — keeps its plain small strokes
/// packed as the root does, and the visitors that walk a whole group (the renderer, the
/// transform that places a stamp) would otherwise make a million objects on each visit. A
/// visitor that is not one of these still gets each packed child as a mark, made for its
/// visit only (`Stroke.accept`), so every visitor sees the same tree.
protocol PackedStrokeVisitor: MarkVisitor {
    /// Called from `stroke.accept`, after `visit(stroke:)`, for its packed children (its first
    /// ones, in order), in place of each one's own `accept`.
    func visit(packed: [PackedStroke], of stroke: Stroke)
}
