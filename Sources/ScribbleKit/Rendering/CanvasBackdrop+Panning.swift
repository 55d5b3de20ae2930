import CCairo

/// A pan reuses what is rendered: the new frame starts as a copy of the last one,
/// moved by whole device pixels, and only the strips the move uncovers are rendered.
extension CanvasBackdrop {
    /// A backdrop for `view` — this one's size, zoom and device scale, moved less than its
    /// size — holding this backdrop's pixels where the two views overlap, and the strips
    /// (view pixels) still to render; `nil` when nothing can be reused: another zoom, size
    /// or scale, a move of a whole frame or more, or strokes in progress (whose provisional
    /// segments are not in the pixels).
    /// - Complexity: O(device pixels) for the copy, a few milliseconds for a window.
    func moved(to view: Viewport) -> (backdrop: CanvasBackdrop, exposed: [Rect])? {
        guard live.isEmpty, view.zoom == self.view.zoom, view.deviceScale == scale, view.width == width,
            view.height == height
        else { return nil }
        // Both origins lie on the device-pixel grid, so the move is whole device pixels.
        let dx = (view.originX - self.view.originX) * view.zoom, dy = (view.originY - self.view.originY) * view.zoom
        guard abs(dx) < Double(width), abs(dy) < Double(height), dx != 0 || dy != 0 else { return nil }
        let moved = CanvasBackdrop(view: view)
        guard let cr = cairo_create(moved.image) else { return nil }
        cairo_set_source_surface(cr, surface, -dx, -dy)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        let (w, h) = (Float(width), Float(height))
        var exposed: [Rect] = []
        if dx > 0 { exposed.append(Rect(minX: w - Float(dx), minY: 0, maxX: w, maxY: h)) }
        if dx < 0 { exposed.append(Rect(minX: 0, minY: 0, maxX: Float(-dx), maxY: h)) }
        if dy > 0 { exposed.append(Rect(minX: 0, minY: h - Float(dy), maxX: w, maxY: h)) }
        if dy < 0 { exposed.append(Rect(minX: 0, minY: 0, maxX: w, maxY: Float(-dy))) }
        return (moved, exposed.map { $0.integral })
    }

    /// Renders `snapshot` on `background` into each of `areas` (view pixels), as a full frame
    /// would there (PDF pages' content only when `pages` says so); safe on any thread for a
    /// backdrop no other thread uses.
    /// - Complexity: O(the marks and vertices that touch the areas), divided among the cores.
    func render(
        _ snapshot: RenderSnapshot, in areas: [Rect], background: CanvasKind, yielding: Bool,
        cancellation: RenderCancellation? = nil, pages: MarkRenderer.PageDrawing = .cached(.shared)
    ) {
        for area in areas {
            render(snapshot, in: area, background: background, yielding: yielding, cancellation: cancellation, pages: pages)
        }
    }
}
