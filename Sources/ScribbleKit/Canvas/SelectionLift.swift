import CCairo
import CairoKit

/// A big selection lifted off the canvas while a drag moves, scales or turns it (the select
/// tool's handles): rendered once into a layer of its own, with the backdrop rendered once
/// without it, so each step of the drag only moves the layer — a copy of the view, not a
/// repaint of ten thousand strokes. The marks themselves change once, when the drag ends; the
/// layer stays on show until the frame that draws them where they went is up.
///
/// A selection light enough to repaint at every step is not lifted: it shows, sharp, as it
/// will be.
@MainActor
final class SelectionLift {
    /// The lifted top-level marks: full frames leave them out while the drag goes on.
    let hidden: Set<ObjectIdentifier>
    /// Whether the packed top-level marks are lifted too, all of them (Select All on a
    /// drawing of many: `Scribble+PackedMarks`).
    let hidesPacked: Bool
    /// Where the lifted marks paint, on the canvas.
    let bounds: Rect
    /// How many vertices they hold: a full frame without them still counts them, since the
    /// drawing holds them and the drop will repaint them.
    let vertexCount: Int
    /// The lifted marks' picture, once rendered (in the background).
    var layer: LiftLayer?
    /// How the drag has moved them so far.
    var transform = AffineTransform.identity
    /// Once the drag ended, the frame generation that draws the marks where they went: the
    /// layer goes when it is up.
    var dropped: Int?

    /// The marks a full frame leaves out: the lifted ones, once their picture is on show and
    /// until the drag ends.
    var hiddenFromFrames: Set<ObjectIdentifier> { layer != nil && dropped == nil ? hidden : [] }

    /// Whether a full frame leaves out the packed marks, as `hiddenFromFrames`.
    var hidesPackedFromFrames: Bool { hidesPacked && layer != nil && dropped == nil }

    init(hidden: Set<ObjectIdentifier>, hidesPacked: Bool = false, bounds: Rect, vertexCount: Int) {
        self.hidden = hidden
        self.hidesPacked = hidesPacked
        self.bounds = bounds
        self.vertexCount = vertexCount
    }

    /// Where the lifted marks lie on the canvas after `transform`.
    func area(through transform: AffineTransform) -> Rect {
        let corners = [
            Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
            Point(x: bounds.maxX, y: bounds.maxY), Point(x: bounds.minX, y: bounds.maxY),
        ]
        return corners.map(transform.apply).reduce(Rect.null) { $0.union($1) }
    }

    /// Paints the layer on `cr` (a view's context, user space its pixels, showing `viewport`),
    /// moved by `transform`. A move is a plain copy, pixel for pixel (by whole device pixels);
    /// a scale or a turn samples the nearest pixel, four times cheaper than bilinear, for a
    /// picture that lasts only until the release draws the marks sharp.
    func draw(on cr: OpaquePointer, viewport: Viewport) {
        guard let layer, !bounds.isNull else { return }
        let view = layer.view
        cairo_save(cr)
        let covered = viewport.viewRect(area(through: transform)).outset(by: 2).integral
        cairo_rectangle(cr, Double(covered.minX), Double(covered.minY), Double(covered.width), Double(covered.height))
        cairo_clip(cr)
        if transform.isTranslation, viewport.showsSameCanvas(as: view) {
            let scale = Double(viewport.deviceScale)
            let dx = (transform.tx * viewport.zoom * scale).rounded() / scale
            let dy = (transform.ty * viewport.zoom * scale).rounded() / scale
            cairo_set_source_surface(cr, layer.surface, dx, dy)
        } else {
            viewport.transform(cr)
            var moved = cairo_matrix_t()
            cairo_matrix_init(&moved, transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
            cairo_transform(cr, &moved)
            cairo_translate(cr, view.originX, view.originY)
            cairo_scale(cr, 1 / view.zoom, 1 / view.zoom)
            cairo_set_source_surface(cr, layer.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_FAST)
        }
        cairo_paint(cr)
        cairo_restore(cr)
    }
}

/// The lifted marks' picture: a transparent image of what `view` shows of them.
final class LiftLayer: @unchecked Sendable {
    /// The `cairo_surface_t *`, ARGB32 at device resolution.
    let surface: OpaquePointer
    /// The view it was rendered for.
    let view: Viewport

    /// Renders `snapshot`'s marks that lie in `area` (canvas) as `view` shows them, in tiles
    /// on every core; safe on any thread.
    /// - Complexity: O(the marks and vertices in view).
    init(rendering snapshot: RenderSnapshot, view: Viewport, area: Rect) {
        self.view = view
        let scale = view.deviceScale
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(view.width * scale), Int32(view.height * scale))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let frame = Rect(x: 0, y: 0, width: Float(view.width), height: Float(view.height))
        let shown = CanvasBackdrop.pixelArea(covering: view.viewRect(area)).intersection(frame)
        guard !shown.isNull, shown.width > 0, shown.height > 0, let data = cairo_image_surface_get_data(surface) else { return }
        let device = (
            x: Int(shown.minX) * scale, y: Int(shown.minY) * scale, width: Int(shown.width) * scale,
            height: Int(shown.height) * scale
        )
        CanvasBackdrop.renderTiles(
            snapshot, into: data, stride: Int(cairo_image_surface_get_stride(surface)), format: CAIRO_FORMAT_ARGB32,
            area: device, scale: Double(scale), background: nil, view: view.isIdentity ? nil : view)
        cairo_surface_mark_dirty(surface)
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
