import CCairo

/// The Visitor that draws a mark tree with Cairo (book chapter 15). It draws onto any
/// `cairo_t` — a window, an image, an SVG or PDF surface — so the canvas, thumbnails and
/// export all share one drawing code path.
///
/// Marks whose bounds miss the context's clip are skipped, so repainting a small dirty
/// rectangle costs work proportional to the marks that touch it, not to the whole drawing.
public final class MarkRenderer: MarkVisitor {
    /// Longest run of vertices handed to Cairo's stroker as one path; long strokes are split
    /// into overlapping chunks because the stroker's cost grows faster than linearly.
    static let chunkLength = 512
    private let context: OpaquePointer
    private let clip: Rect

    /// Prepares to draw onto `context` (a `cairo_t *`), reading its current clip once.
    public init(context: OpaquePointer) {
        self.context = context
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        clip = Rect(minX: Float(x1), minY: Float(y1), maxX: Float(x2), maxY: Float(y2))
    }

    /// Draws `mark` and everything under it.
    public func render(_ mark: Mark) {
        mark.accept(self)
    }

    /// A filled circle of diameter `size` centred on the dot.
    public func visit(dot: Dot) {
        guard let color = dot.color, dot.bounds.intersects(clip) else { return }
        fillCircle(at: dot.location, diameter: dot.size, color: color)
    }

    /// A bare vertex paints nothing: it is only a location, drawn as part of its stroke.
    public func visit(vertex: Vertex) {}

    /// Strokes the runs of inline vertices with round caps and joins; visits child marks in
    /// order. A run of one vertex shows as a round dot; an empty stroke paints nothing.
    public func visit(stroke: Stroke) {
        guard stroke.bounds.intersects(clip) else { return }
        var run: [Point] = []
        for element in stroke.elements {
            switch element {
            case .vertex(let point):
                run.append(point)
            case .mark(let mark):
                drawRun(run, of: stroke)
                run.removeAll(keepingCapacity: true)
                mark.accept(self)
            }
        }
        drawRun(run, of: stroke)
    }

    /// Draws one polyline of `stroke`'s colour and width.
    private func drawRun(_ run: [Point], of stroke: Stroke) {
        guard let color = stroke.color, let first = run.first else { return }
        if run.count == 1 {
            fillCircle(at: first, diameter: stroke.size, color: color)
            return
        }
        setSource(color)
        cairo_set_line_width(context, Double(stroke.size))
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        var start = 0
        while start < run.count - 1 {
            let end = min(start + Self.chunkLength, run.count - 1)
            cairo_new_path(context)
            cairo_move_to(context, Double(run[start].x), Double(run[start].y))
            for index in (start + 1)...end {
                cairo_line_to(context, Double(run[index].x), Double(run[index].y))
            }
            cairo_stroke(context)
            start = end
        }
    }

    private func fillCircle(at center: Point, diameter: Float, color: Color) {
        setSource(color)
        cairo_new_path(context)
        cairo_arc(context, Double(center.x), Double(center.y), Double(diameter) / 2, 0, 2 * Double.pi)
        cairo_fill(context)
    }

    private func setSource(_ color: Color) {
        let c = color.unitComponents
        cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha)
    }
}
