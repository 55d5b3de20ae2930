import CCairo
import CairoKit

/// The strokes in progress (`LiveStroke`): a segment goes into the backdrop once it is
/// final, and each frame draws the provisional rest over the backdrop. Several strokes can
/// be in progress at once — one a finger on a touchscreen.
///
/// Final segments wait to go in until the backdrop is next shown or read
/// (`drawFinalSegments`): input comes faster than frames, and the segments a frame shows go
/// in as one path, one `cairo_stroke`, instead of one each (the stroke's setup costs more
/// than its few pixels). Round joins cover what the segments' round caps would, so the
/// pixels are the same — closer, even, to a whole render, which strokes runs as paths.
extension CanvasBackdrop {
    /// Whether `mark`, added with `count` children, is a stroke starting (the pen's): a
    /// stroke of one vertex.
    static func isStarting(_ mark: Mark, count: Int) -> Bool {
        guard let stroke = mark as? Stroke, count == 1, case .vertex? = stroke.elements.first else { return false }
        return true
    }

    /// A new top-level mark: a stroke starting is drawn as it grows; anything else is drawn
    /// whole, now (over the strokes in progress, which are put in for good first).
    func add(_ mark: Mark, dirty: Rect, isStarting: Bool) -> Rect {
        guard isStarting, let stroke = mark as? Stroke else {
            commitLive()
            draw(mark, clippedTo: dirty)
            return dirty
        }
        let started = LiveStroke(stroke, drawnThrough: 0, view: view)
        live.append(started)
        return dirty.union(started.bounds(endingAt: 0, last: 0))
    }

    /// A stroke in progress got vertices up to `index`: the segments before the new vertex
    /// took their final shape (normally one), to be drawn for good with the next frame.
    /// Returns the area to show again, the provisional segment's old and new places included.
    /// - Complexity: O(1) a vertex (O(strokes in progress) to find it).
    func extend(_ stroke: Stroke, through index: Int) -> Rect {
        let following: LiveStroke
        if let known = live.first(where: { $0.stroke === stroke }) {
            following = known
        } else {
            // Not seen from its start (a full frame drew what it had): follow it from here.
            following = LiveStroke(stroke, drawnThrough: index - 1, view: view)
            live.append(following)
        }
        guard index > following.lastVertex else { return .null }
        let previous = following.lastVertex
        var dirty = following.bounds(endingAt: previous, last: previous) // where the provisional piece was
        for piece in max(previous, 1, following.drawnThrough + 1)..<index {
            dirty = dirty.union(following.bounds(endingAt: piece, last: index))
        }
        following.lastVertex = index
        return dirty.union(following.bounds(endingAt: index, last: index))
    }

    /// Draws into the backdrop, for good, the segments of the strokes in progress that took
    /// their final shape since it was last shown: each stroke's in one path.
    func drawFinalSegments() {
        for stroke in live where stroke.lastVertex >= 2 {
            let last = stroke.lastVertex
            if let pieces = stroke.pendingPieces(through: last - 1) { drawForGood(pieces, of: stroke, last: last) }
            stroke.drawnThrough = last - 1
        }
    }

    /// A stroke in progress is complete: its provisional segment is final as it stands, and
    /// goes into the backdrop (a translucent stroke's whole layer is laid on, once).
    func finish(_ stroke: Stroke) -> Rect {
        guard let index = live.firstIndex(where: { $0.stroke === stroke }) else { return .null }
        let finished = live.remove(at: index)
        commit(finished)
        return finished.bounds(endingAt: finished.lastVertex, last: finished.lastVertex)
    }

    /// Puts every stroke in progress into the backdrop for good.
    func commitLive() {
        let strokes = live
        live = []
        strokes.forEach(commit)
    }

    /// Draws `stroke`'s remaining pieces for good, and lays a translucent stroke's layer
    /// into the backdrop.
    private func commit(_ stroke: LiveStroke) {
        let last = stroke.lastVertex
        if let pieces = stroke.pendingPieces(through: last) { drawForGood(pieces, of: stroke, last: last) }
        guard let layer = stroke.layer, let color = stroke.stroke.color else { return }
        cairo_save(context)
        clipToView(Self.pixelArea(covering: view.viewRect(stroke.stroke.bounds)))
        cairo_identity_matrix(context) // the layer lies on the backdrop's pixels
        let c = color.unitComponents
        cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha)
        cairo_mask_surface(context, layer, 0, 0)
        cairo_restore(context)
    }

    /// Draws `stroke`'s `pieces` (seen up to `last`) for good, as a full frame draws them —
    /// capsules straight into the backdrop's pixels (or a translucent stroke's layer, whose
    /// coverage then matches the full frame's for the whole stroke) — or with Cairo where a
    /// `CapsuleRasterizer` cannot draw. A frame's few pieces bound the coverage it needs.
    private func drawForGood(_ pieces: ClosedRange<Int>, of stroke: LiveStroke, last: Int) {
        let target = stroke.layerContext ?? context
        let area = pieces.count <= 64 ? pieces.reduce(Rect.null) { $0.union(stroke.bounds(endingAt: $1, last: last)) } : nil
        guard let raster = CapsuleRasterizer(context: target, within: area) else {
            return stroke.draw(pieces, last: last, on: beginDrawing(stroke))
        }
        stroke.rasterize(pieces, last: last, into: raster, on: target)
        if stroke.layer != nil { raster.join() } else { raster.lay((stroke.stroke.color ?? .black).opaque) }
    }

    /// The context a live stroke's final segments go into, its source set: the backdrop
    /// itself for an opaque stroke, the stroke's layer at full strength for a translucent one.
    private func beginDrawing(_ stroke: LiveStroke) -> OpaquePointer {
        let target = stroke.layerContext ?? context
        let c = (stroke.stroke.color ?? .black).opaque.unitComponents
        cairo_set_source_rgba(target, c.red, c.green, c.blue, 1)
        return target
    }

    /// Draws the strokes in progress' provisional segments (and translucent strokes' layers)
    /// onto `cr`, the window's context over a copy of the backdrop, its user space the
    /// backdrop's view pixels: what the backdrop does not hold yet.
    public func drawLive(on context: CairoContext) {
        let cr = context.pointer
        drawFinalSegments()
        for stroke in live {
            guard let color = stroke.stroke.color else { continue }
            let last = stroke.lastVertex
            let c = color.unitComponents
            cairo_save(cr)
            if let layer = stroke.layer {
                cairo_push_group(cr)
                cairo_set_source_rgb(cr, c.red, c.green, c.blue)
                cairo_mask_surface(cr, layer, 0, 0)
            } else {
                cairo_set_source_rgb(cr, c.red, c.green, c.blue)
            }
            if stroke.pendingPieces(through: last) != nil {
                if view.isIdentity {
                    stroke.draw(endingAt: last, last: last, on: cr)
                } else {
                    cairo_save(cr)
                    view.transform(cr)
                    stroke.draw(endingAt: last, last: last, on: cr)
                    cairo_restore(cr)
                }
            }
            if stroke.layer != nil {
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, c.alpha)
            }
            cairo_restore(cr)
        }
    }
}
