import ScribbleKit

/// The marks the select tool picked, and where their outlines were last drawn on the canvas
/// — to clear them there when the selection changes.
@MainActor
final class SelectionHighlight {
    /// The marks picked.
    let selection = Selection()
    /// Where the outlines were last drawn, canvas pixels.
    private var shownOutline = Rect.null

    /// The selection changed: the area to redraw — its outlines where they were and where
    /// they are now, `viewPixel` canvas pixels to a view pixel.
    func outlineChanged(viewPixel: Float) -> Rect {
        let outline = selection.outlineBounds(viewPixel: viewPixel)
        defer { shownOutline = outline }
        return shownOutline.union(outline)
    }
}
