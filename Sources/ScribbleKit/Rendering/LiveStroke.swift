import CCairo

/// The stroke in progress on a `CanvasBackdrop` (ink): which of its segments are
/// drawn for good, and — for a translucent stroke — the layer they are drawn into.
///
/// Smoothing makes a stroke's newest segment provisional (`CurveSegment`): its shape changes
/// once more when the next vertex arrives. So the backdrop takes a segment only once it is
/// final, and the canvas draws the provisional one over the backdrop on every frame
/// (`CanvasBackdrop.drawLive(on:)`); nothing drawn into the backdrop is ever redrawn.
///
/// A translucent stroke must be blended once (where it crosses itself, at its joints,
/// between its live and finished parts), so its final segments go, at full strength, into a
/// coverage layer of its own; each frame lays that layer and the provisional segment on
/// together with the stroke's opacity, and the finished stroke's layer is laid into the
/// backdrop once.
final class LiveStroke {
    let stroke: Stroke
    /// Segments ending at this vertex index or before are drawn for good.
    var drawnThrough: Int
    /// The newest vertex the backdrop was told of: the stroke may hold more already when a
    /// frame replays its changes later (`PendingChanges`), and those must wait their turn.
    var lastVertex: Int
    /// The `cairo_surface_t *` (A8, the backdrop's size) of a translucent stroke's coverage.
    let layer: OpaquePointer?
    /// A context on `layer`.
    let layerContext: OpaquePointer?

    /// Starts following `stroke`, known up to vertex `drawnThrough`, whose segments up to
    /// there are drawn already (for a stroke of one vertex, 0: its dot waits); a
    /// translucent stroke gets a layer the size of `view`, drawn through it.
    init(_ stroke: Stroke, drawnThrough: Int, view: Viewport) {
        let (width, height, scale) = (view.width, view.height, view.deviceScale)
        self.stroke = stroke
        self.drawnThrough = drawnThrough
        lastVertex = drawnThrough
        if let color = stroke.color, color.alpha < 255 {
            let layer = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width * scale), Int32(height * scale))
            cairo_surface_set_device_scale(layer, Double(scale), Double(scale))
            self.layer = layer
            let layerContext = cairo_create(layer)
            if let layerContext { view.transform(layerContext) }
            self.layerContext = layerContext
        } else {
            layer = nil
            layerContext = nil
        }
    }

    deinit {
        if let layerContext { cairo_destroy(layerContext) }
        if let layer { cairo_surface_destroy(layer) }
    }

    /// The piece of the stroke ending at vertex `index` as it is once the vertices up to
    /// `last` are known: the curve segment from the vertex before, or a dot for a vertex with
    /// none before it.
    private enum Piece {
        case dot(Point)
        case segment(CurveSegment)
    }

    private func piece(endingAt index: Int, last: Int) -> Piece? {
        stroke.elements.withUnsafeBufferPointer { elements in
            guard elements.indices.contains(index), case .vertex(let end) = elements[index] else { return nil }
            guard index > 0, case .vertex = elements[index - 1] else { return .dot(end) }
            return .segment(CurveSegment(in: elements, endingAt: index, last: last))
        }
    }

    /// Whether vertex `index` ends a segment: a vertex with another before it in its run.
    private func continuesARun(at index: Int) -> Bool {
        stroke.elements.withUnsafeBufferPointer { elements in
            guard index > 0, elements.indices.contains(index), case .vertex = elements[index - 1] else { return false }
            return true
        }
    }

    /// The pen's width at vertex `index`.
    private func width(at index: Int) -> Float {
        PressureOutline.width(size: stroke.size, pressures: stroke.pressures, at: index)
    }

    /// The area the piece ending at vertex `index` (seen up to `last`) can touch.
    func bounds(endingAt index: Int, last: Int) -> Rect {
        bounds(of: piece(endingAt: index, last: last))
    }

    private func bounds(of piece: Piece?) -> Rect {
        switch piece {
        case .dot(let center): Rect.null.union(center).outset(by: stroke.size / 2)
        case .segment(let segment): segment.bounds(width: stroke.size)
        case nil: .null
        }
    }

    /// Draws the piece ending at vertex `index` (seen up to `last`) onto `cr` in its current
    /// source. Returns the area it can touch.
    @discardableResult
    func draw(endingAt index: Int, last: Int, on cr: OpaquePointer) -> Rect {
        cairo_new_path(cr)
        let tolerance = Self.tolerance(on: cr)
        let piece = piece(endingAt: index, last: last)
        switch piece {
        case .dot(let center):
            cairo_arc(cr, Double(center.x), Double(center.y), Double(width(at: index)) / 2, 0, 2 * .pi)
            cairo_fill(cr)
        case .segment(let segment) where stroke.hasPressure:
            var outline = PressureOutline(context: cr)
            // After the first segment, the one before ends in a cap where this one starts.
            outline.start(at: segment.start, radius: width(at: index - 1) / 2, cap: !continuesARun(at: index - 1))
            outline.add(segment, endRadius: width(at: index) / 2, tolerance: tolerance)
            outline.finish()
            cairo_fill(cr)
        case .segment(let segment):
            setPen(on: cr)
            cairo_move_to(cr, Double(segment.start.x), Double(segment.start.y))
            segment.add(to: cr, tolerance: tolerance)
            cairo_stroke(cr)
        case nil:
            break
        }
        return bounds(of: piece)
    }

    /// Draws the pieces ending at the vertices in `pieces` (seen up to `last`) onto `cr` in
    /// its current source: a run of segments without pressure as one path, in one
    /// `cairo_stroke` (see `CanvasBackdrop+Live`); anything else piece by piece.
    func draw(_ pieces: ClosedRange<Int>, last: Int, on cr: OpaquePointer) {
        guard pieces.count > 1, !stroke.hasPressure else {
            for piece in pieces { draw(endingAt: piece, last: last, on: cr) }
            return
        }
        cairo_new_path(cr)
        let tolerance = Self.tolerance(on: cr)
        setPen(on: cr)
        var segments = 0 // in the path, not stroked yet: at most a chunk, as `MarkRenderer` strokes
        for index in pieces {
            guard case .segment(let segment) = piece(endingAt: index, last: last) else {
                // A vertex with none before it in its run: a dot of its own.
                if segments > 0 { cairo_stroke(cr) }
                segments = 0
                draw(endingAt: index, last: last, on: cr)
                continue
            }
            if segments == MarkRenderer.chunkLength {
                cairo_stroke(cr)
                segments = 0
            }
            if segments == 0 { cairo_move_to(cr, Double(segment.start.x), Double(segment.start.y)) }
            segment.add(to: cr, tolerance: tolerance)
            segments += 1
        }
        if segments > 0 { cairo_stroke(cr) }
    }

    /// Draws the pieces ending at the vertices in `pieces` (seen up to `last`), which `cr`
    /// would show, into `raster`'s coverage: the same capsules a full frame draws them as,
    /// so the stroke looks as it will when next rendered whole.
    func rasterize(_ pieces: ClosedRange<Int>, last: Int, into raster: CapsuleRasterizer, on cr: OpaquePointer) {
        let tolerance = Self.tolerance(on: cr)
        for index in pieces {
            switch piece(endingAt: index, last: last) {
            case .dot(let center):
                raster.disc(at: center, radius: width(at: index) / 2)
            case .segment(let segment):
                raster.add(segment, radii: width(at: index - 1) / 2, width(at: index) / 2, tolerance: tolerance)
            case nil:
                break
            }
        }
    }

    /// How far a curve may stray from its flattened pieces on `cr`, in its user units.
    private static func tolerance(on cr: OpaquePointer) -> Float {
        var dx = 1.0, dy = 1.0
        cairo_device_to_user_distance(cr, &dx, &dy)
        return MarkRenderer.flatness * Float(max(abs(dx), abs(dy)))
    }

    /// Sets `cr`'s pen to the stroke's: its width, round caps and joins.
    private func setPen(on cr: OpaquePointer) {
        cairo_set_line_width(cr, Double(stroke.size))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    }

    /// The pieces not drawn for good yet when the vertices up to `last` are known: a lone
    /// vertex's dot, else the segments after `drawnThrough` (a stroke's first vertex has no
    /// piece of its own once a segment starts there).
    func pendingPieces(through last: Int) -> ClosedRange<Int>? {
        if last == 0 { return drawnThrough < 0 ? nil : 0...0 }
        let first = max(drawnThrough + 1, 1)
        return first <= last ? first...last : nil
    }
}
