import CCairo
import CairoKit

/// The camera on a Cairo context: what turns a view's user space into the canvas'.
extension Viewport {
    /// Makes `cr`'s user space, view pixels so far, the canvas': scaled by `zoom` and moved
    /// by the origin. At 100 % from the origin it leaves `cr` alone, so the canvas draws
    /// exactly as it did before it had no edge.
    public func transform(_ context: CairoContext) { transform(context.pointer) }

    /// The same, for the renderers' raw contexts.
    func transform(_ cr: OpaquePointer) {
        guard !isIdentity else { return }
        cairo_scale(cr, zoom, zoom)
        cairo_translate(cr, -originX, -originY)
    }

    /// Makes `cr`'s user space, this view's pixels, the pixels of `other`: where a frame
    /// rendered for `other` lies in this view (moved, and scaled by the zooms' ratio).
    func transform(_ cr: OpaquePointer, from other: Viewport) {
        guard !showsSameCanvas(as: other) else { return }
        cairo_translate(cr, (other.originX - originX) * zoom, (other.originY - originY) * zoom)
        cairo_scale(cr, zoom / other.zoom, zoom / other.zoom)
    }

    /// One view pixel in the user units of `cr` (1 / the zoom its canvas transform has): the
    /// tools' outlines keep their thickness in view pixels, whatever the zoom.
    static func viewPixel(on cr: OpaquePointer) -> Double {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix) // the device scale is the surface's, not in this matrix
        let scale = (matrix.xx * matrix.xx + matrix.yx * matrix.yx).squareRoot()
        return scale > 0 ? 1 / scale : 1
    }

    /// Whether `other` shows the canvas at the same zoom from the same origin (whatever the
    /// two views' sizes): its pixels are this view's.
    public func showsSameCanvas(as other: Viewport) -> Bool {
        zoom == other.zoom && originX == other.originX && originY == other.originY && deviceScale == other.deviceScale
    }

    /// Where `other`'s view rectangle `rect` lies in this view.
    public func viewRect(_ rect: Rect, from other: Viewport) -> Rect {
        showsSameCanvas(as: other) ? rect : viewRect(other.canvasRect(rect))
    }
}
