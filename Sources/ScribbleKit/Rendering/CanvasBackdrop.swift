import CCairo
import CairoKit

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
    /// The `cairo_surface_t *` (an RGB24 image surface) the window copies from, first
    /// brought up to date with the strokes in progress (`drawFinalSegments`).
    public var surface: OpaquePointer {
        drawFinalSegments()
        return image
    }
    /// The surface itself, which may lack the strokes in progress' newest final segments.
    let image: OpaquePointer
    /// Width in widget pixels.
    public let width: Int
    /// Height in widget pixels.
    public let height: Int
    /// Device pixels per widget pixel (2 on a HiDPI screen).
    public let scale: Int
    /// The view it shows: which part of the canvas, how big (its size is the backdrop's).
    public let view: Viewport
    /// A context on the image whose user space is the canvas (`view`'s transform set).
    let context: OpaquePointer
    /// The strokes in progress (one a finger), whose newest segments are not in the
    /// backdrop yet (see `CanvasBackdrop+Live`).
    var live: [LiveStroke] = []

    /// Makes a `width` × `height` backdrop (device pixels: times `scale`) of the canvas at
    /// 100 % from its origin; its pixels are undefined until something paints them (`repaint`).
    public convenience init(width: Int, height: Int, scale: Int) {
        self.init(view: Viewport(width: width, height: height, deviceScale: scale))
    }

    /// Makes a backdrop of what `view` shows, its size; its pixels are undefined until
    /// something paints them (`repaint`).
    public init(view: Viewport) {
        self.view = view
        width = view.width
        height = view.height
        scale = view.deviceScale
        image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width * scale), Int32(height * scale))
        cairo_surface_set_device_scale(image, Double(scale), Double(scale))
        context = cairo_create(image)
        view.transform(context)
    }

    /// A full frame: a new backdrop showing the whole of `root` on `background`, rendered in
    /// tiles on every core (see `render(_:in:background:)`).
    /// - Complexity: O(n) in the marks and vertices on the canvas.
    public convenience init(rendering root: Stroke?, width: Int, height: Int, scale: Int, background: CanvasKind) {
        self.init(
            rendering: root.map(RenderSnapshot.init), width: width, height: height, scale: scale,
            background: background)
    }

    /// A full frame of a tree frozen earlier; safe on any thread, so the canvas renders its
    /// full frames off the main thread — `yielding` to it, on threads of lower priority.
    /// - Complexity: O(n) in the marks and vertices on the canvas.
    public convenience init(
        rendering snapshot: RenderSnapshot?, width: Int, height: Int, scale: Int,
        background: CanvasKind, yielding: Bool = false
    ) {
        self.init(
            rendering: snapshot, view: Viewport(width: width, height: height, deviceScale: scale),
            background: background, yielding: yielding)
    }

    /// A full frame of what `view` shows of a tree frozen earlier (see above). PDF pages show
    /// their paper alone unless `pages` says otherwise: only a render off the main thread may
    /// draw their content (`MarkRenderer.PageDrawing`).
    /// - Complexity: O(the marks and vertices in view).
    public convenience init(
        rendering snapshot: RenderSnapshot?, view: Viewport, background: CanvasKind,
        yielding: Bool = false, cancellation: RenderCancellation? = nil, pages: MarkRenderer.PageDrawing = .cached(.shared)
    ) {
        self.init(view: view)
        render(snapshot, in: bounds, background: background, yielding: yielding, cancellation: cancellation, pages: pages)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(image)
    }

    /// The whole backdrop, in view pixels.
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
        case .removed(let mark):
            live.removeAll { $0.stroke === mark }
            commitLive()
            repaint(change.dirty, background: background, root: root)
        case .replaced(let marks, _):
            live.removeAll { live in marks.contains { $0 === live.stroke } }
            commitLive()
            repaint(change.dirty, background: background, root: root)
        case .reset:
            live = []
            repaint(change.dirty, background: background, root: root)
        }
        return change.dirty
    }

    /// Draws one new mark on top, touching only `rect`.
    public func draw(_ mark: Mark, clippedTo rect: Rect) {
        withClip(rect) { MarkRenderer(context: context, occlusion: nil, pages: .cached(.shared)).render(mark) }
    }

    /// Repaints `rect` (canvas) from scratch: background (its texture, if any), then every
    /// mark that touches it.
    /// - Complexity: O(the marks and vertices that touch `rect`), shared among the cores.
    public func repaint(_ rect: Rect, background: CanvasKind, root: Stroke?) {
        guard !rect.isNull else { return }
        // Only the packed children near `rect`: the pixels repainted reach two view pixels
        // past it, and the renderer's culling a pixel and the smoothing's reach more.
        let near = rect.outset(by: Stroke.smoothingReach + 4 / Float(view.zoom))
        render(
            root.map { RenderSnapshot(of: $0, hiding: [], packedWithin: near) }, in: Self.pixelArea(covering: view.viewRect(rect)),
            background: background)
    }

    /// Copies the backdrop onto `cr` (a window's context, already clipped to what needs
    /// repainting), its top-left corner at the origin; `filter` for a copy scaled (the last
    /// frame, shown at once after a zoom).
    public func paint(on context: CairoContext, filter: cairo_filter_t? = nil) {
        let cr = context.pointer
        cairo_set_source_surface(cr, surface, 0, 0)
        if let filter { cairo_pattern_set_filter(cairo_get_source(cr), filter) }
        cairo_paint(cr)
    }

    /// The whole pixels that cover `rect` (view pixels) with a pixel to spare on every side
    /// (a smoothed stroke strays up to `Stroke.smoothingReach` past its bounds, antialiasing
    /// a little more): what to invalidate and what to clip to.
    public static func pixelArea(covering rect: Rect) -> Rect {
        rect.isNull ? rect : rect.outset(by: 1).integral
    }

    /// Runs `body` on `context` clipped to the whole view pixels that cover `rect` (canvas).
    private func withClip(_ rect: Rect, _ body: () -> Void) {
        guard !rect.isNull else { return }
        cairo_save(context)
        clipToView(Self.pixelArea(covering: view.viewRect(rect)))
        body()
        cairo_restore(context)
    }

    /// Clips `context` to `area`, view pixels, keeping its canvas transform.
    func clipToView(_ area: Rect) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        cairo_identity_matrix(context)
        cairo_rectangle(context, Double(area.minX), Double(area.minY), Double(area.width), Double(area.height))
        cairo_clip(context)
        cairo_set_matrix(context, &matrix)
    }
}
