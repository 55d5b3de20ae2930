import CCairo
import CairoKit

/// A filter that draws its component under an affine transform (`cairo_transform`).
public final class ImageTransformFilter: ImageFilter {
    /// The transform, as Cairo's matrix: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
    public let matrix: cairo_matrix_t

    /// Draws `component` transformed by `matrix`.
    public init(_ component: ImageComponent, matrix: cairo_matrix_t) {
        self.matrix = matrix
        super.init(component)
    }

    /// A filter that fits `component` (keeping its proportions) and centres it in `box`: the
    /// component then draws at its own size, and the transform takes it into the box.
    public convenience init(fitting component: ImageComponent, into box: ImageRect) {
        let (width, height) = component.size
        let scale = width > 0 && height > 0 ? min(box.width / width, box.height / height) : 1
        let matrix = cairo_matrix_t(
            xx: scale, yx: 0, xy: 0, yy: scale,
            x0: box.x + (box.width - width * scale) / 2,
            y0: box.y + (box.height - height * scale) / 2)
        self.init(component, matrix: matrix)
    }

    public override func draw(in rect: ImageRect, on context: CairoContext) {
        let cr = context.pointer
        cairo_save(cr)
        var matrix = matrix
        cairo_transform(cr, &matrix)
        super.draw(in: rect, on: context)
        cairo_restore(cr)
    }
}
