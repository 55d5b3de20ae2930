import CCairo

/// The canvas' offscreen image of the background (white, paper or cloth) and the finished
/// marks, at device resolution. Changes are drawn into it incrementally; the window only
/// copies from it.
///
/// It lives in ScribbleKit, not in the app, because it is pure Cairo: the benchmark and the
/// tests drive exactly the code the canvas runs, with no display.
///
/// One thread uses it at a time: a full frame may be rendered on a background thread and
/// then handed to the main thread, which alone draws into it from then on (hence
/// `@unchecked Sendable`).
public final class CanvasBackdrop: @unchecked Sendable {
    /// The `cairo_surface_t *` (an RGB24 image surface) the window copies from.
    public let surface: OpaquePointer
    /// Width in widget pixels.
    public let width: Int
    /// Height in widget pixels.
    public let height: Int
    /// Device pixels per widget pixel (2 on a HiDPI screen).
    public let scale: Int
    let context: OpaquePointer
    /// The stroke in progress, whose newest segment is not in the backdrop yet.
    var live: LiveStroke?

    /// Makes a `width` × `height` backdrop (device pixels: times `scale`); its pixels are
    /// undefined until something paints them (`repaint`).
    public init(width: Int, height: Int, scale: Int) {
        self.width = width
        self.height = height
        self.scale = scale
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width * scale), Int32(height * scale))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        context = cairo_create(surface)
    }

    /// A full frame: a new backdrop showing the whole of `root` on `background`, rendered in
    /// tiles on every core (see `render(_:in:background:)`).
    /// - Complexity: O(n) in the marks and vertices on the canvas.
    public convenience init(rendering root: Stroke?, width: Int, height: Int, scale: Int, background: CanvasKind) {
        self.init(rendering: root.map(RenderSnapshot.init), width: width, height: height, scale: scale,
                  background: background)
    }

    /// A full frame of a tree frozen earlier; safe on any thread, so the canvas renders its
    /// full frames off the main thread — `yielding` to it, on threads of lower priority.
    /// - Complexity: O(n) in the marks and vertices on the canvas.
    public convenience init(rendering snapshot: RenderSnapshot?, width: Int, height: Int, scale: Int,
                            background: CanvasKind, yielding: Bool = false) {
        self.init(width: width, height: height, scale: scale)
        render(snapshot, in: bounds, background: background, yielding: yielding)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The whole backdrop, in widget pixels.
    public var bounds: Rect { Rect(x: 0, y: 0, width: Float(width), height: Float(height)) }

    /// Brings the backdrop up to date with one change of the scribble whose tree is `root`,
    /// drawing only what the change touched (a removal brings back the background beneath).
    /// Returns the area to show again.
    /// - Complexity: O(1) for `.extended` and `.finished`; O(the mark's vertices) for
    ///   `.added`; for `.removed`, `.replaced` and `.reset`, O(the marks and vertices that
    ///   touch the change's area).
    @discardableResult
    public func apply(_ change: ScribbleChange, root: Stroke, background: CanvasKind) -> Rect {
        switch change.kind {
        case .extended(let stroke):
            return extend(stroke, through: stroke.count - 1)
        case .finished(let stroke):
            return finish(stroke)
        case .added(let mark):
            return add(mark, dirty: change.dirty, isStarting: Self.isStarting(mark, count: mark.count))
        case .removed(let mark), .replaced(let mark, _):
            if live?.stroke === mark { live = nil } else { commitLive() }
            repaint(change.dirty, background: background, root: root)
        case .reset:
            live = nil
            repaint(change.dirty, background: background, root: root)
        }
        return change.dirty
    }

    /// Whether `mark`, added with `count` children, is a stroke starting (the pen's): a
    /// stroke of one vertex.
    static func isStarting(_ mark: Mark, count: Int) -> Bool {
        guard let stroke = mark as? Stroke, count == 1, case .vertex? = stroke.elements.first else { return false }
        return true
    }

    /// A new top-level mark: a stroke starting is drawn as it grows (the live stroke);
    /// anything else is drawn whole, now.
    func add(_ mark: Mark, dirty: Rect, isStarting: Bool) -> Rect {
        commitLive()
        guard isStarting, let stroke = mark as? Stroke else {
            draw(mark, clippedTo: dirty)
            return dirty
        }
        let live = LiveStroke(stroke, drawnThrough: 0, width: width, height: height, scale: scale)
        self.live = live
        return dirty.union(live.bounds(endingAt: 0, last: 0))
    }

    /// The stroke in progress got vertices up to `index`: draws for good each segment that
    /// took its final shape (normally one: the segment before the new vertex). Returns the
    /// area to show again, the provisional segment's old and new places included.
    /// - Complexity: O(1) a vertex.
    func extend(_ stroke: Stroke, through index: Int) -> Rect {
        if live?.stroke !== stroke {
            // Not seen from its start (a full frame drew what it had): follow it from here.
            commitLive()
            live = LiveStroke(stroke, drawnThrough: index - 1, width: width, height: height, scale: scale)
        }
        guard let live, index > live.drawnThrough else { return .null }
        live.lastVertex = index
        var dirty = live.bounds(endingAt: index - 1, last: index - 1) // where the provisional piece was
        if let pieces = live.pendingPieces(through: index - 1), index > 1 {
            let target = beginDrawing(live)
            for piece in pieces { dirty = dirty.union(live.draw(endingAt: piece, last: index, on: target)) }
        }
        live.drawnThrough = index - 1
        return dirty.union(live.bounds(endingAt: index, last: index))
    }

    /// The stroke in progress is complete: its provisional segment is final as it stands, and
    /// goes into the backdrop (a translucent stroke's whole layer is laid on, once).
    func finish(_ stroke: Stroke) -> Rect {
        guard let live, live.stroke === stroke else { return .null }
        let dirty = live.bounds(endingAt: live.lastVertex, last: live.lastVertex)
        commitLive()
        return dirty
    }

    /// Draws the stroke in progress' remaining pieces for good, and lays a translucent
    /// stroke's layer into the backdrop.
    func commitLive() {
        guard let live else { return }
        self.live = nil
        let last = live.lastVertex
        if let pieces = live.pendingPieces(through: last) {
            let target = beginDrawing(live)
            for piece in pieces { live.draw(endingAt: piece, last: last, on: target) }
        }
        guard let layer = live.layer, let color = live.stroke.color else { return }
        let area = Self.pixelArea(covering: live.stroke.bounds)
        cairo_save(context)
        cairo_rectangle(context, Double(area.minX), Double(area.minY), Double(area.width), Double(area.height))
        cairo_clip(context)
        let c = color.unitComponents
        cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha)
        cairo_mask_surface(context, layer, 0, 0)
        cairo_restore(context)
    }

    /// The context a live stroke's final segments go into, its source set: the backdrop
    /// itself for an opaque stroke, the stroke's layer at full strength for a translucent one.
    private func beginDrawing(_ live: LiveStroke) -> OpaquePointer {
        let target = live.layerContext ?? context
        let c = (live.stroke.color ?? .black).opaque.unitComponents
        cairo_set_source_rgba(target, c.red, c.green, c.blue, 1)
        return target
    }

    /// Draws the stroke in progress' provisional segment (and a translucent stroke's layer)
    /// onto `cr`, the window's context over a copy of the backdrop: what the backdrop does
    /// not hold yet.
    public func drawLive(on cr: OpaquePointer) {
        guard let live, let color = live.stroke.color else { return }
        let last = live.lastVertex
        let c = color.unitComponents
        cairo_save(cr)
        if let layer = live.layer {
            cairo_push_group(cr)
            cairo_set_source_rgb(cr, c.red, c.green, c.blue)
            cairo_mask_surface(cr, layer, 0, 0)
        } else {
            cairo_set_source_rgb(cr, c.red, c.green, c.blue)
        }
        if live.pendingPieces(through: last) != nil {
            live.draw(endingAt: last, last: last, on: cr)
        }
        if live.layer != nil {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, c.alpha)
        }
        cairo_restore(cr)
    }

    /// Draws one new mark on top, touching only `rect`.
    public func draw(_ mark: Mark, clippedTo rect: Rect) {
        withClip(rect) { MarkRenderer(context: context).render(mark) }
    }

    /// Repaints `rect` from scratch: background (its texture, if any), then every mark that
    /// touches it.
    /// - Complexity: O(the marks and vertices that touch `rect`), shared among the cores.
    public func repaint(_ rect: Rect, background: CanvasKind, root: Stroke?) {
        guard !rect.isNull else { return }
        render(root.map(RenderSnapshot.init), in: Self.pixelArea(covering: rect), background: background)
    }

    /// Copies the backdrop onto `cr` (a window's context, already clipped to what needs
    /// repainting), its top-left corner at the origin.
    public func paint(on cr: OpaquePointer) {
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
    }

    /// The whole pixels that cover `rect` with a pixel to spare on every side (a smoothed
    /// stroke strays up to `Stroke.smoothingReach` past its bounds): what to invalidate and
    /// what to clip to.
    public static func pixelArea(covering rect: Rect) -> Rect {
        rect.isNull ? rect : rect.outset(by: 1).integral
    }

    private func withClip(_ rect: Rect, _ body: () -> Void) {
        guard !rect.isNull else { return }
        let r = Self.pixelArea(covering: rect)
        cairo_save(context)
        cairo_rectangle(context, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        cairo_clip(context)
        body()
        cairo_restore(context)
    }
}
