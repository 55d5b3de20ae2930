import CCairo
import CairoKit

/// A filter that lays a soft drop shadow under its component: the rectangle's shape, offset
/// down and right, in layers that fade outwards (a blur without a blur pass).
public final class ImageShadowFilter: ImageFilter {
    /// How far the shadow falls, in user-space units.
    public let offset: Double
    /// How far it spreads and fades.
    public let radius: Double
    /// Its darkest opacity, under the middle.
    public let opacity: Double

    /// A shadow `offset` down and right, fading over `radius`.
    public init(_ component: ImageComponent, offset: Double = 3, radius: Double = 6, opacity: Double = 0.35) {
        (self.offset, self.radius, self.opacity) = (offset, radius, opacity)
        super.init(component)
    }

    public override func draw(in rect: ImageRect, on context: CairoContext) {
        let cr = context.pointer
        cairo_save(cr)
        let steps = max(1, Int(radius.rounded()))
        for step in 0..<steps {
            let spread = radius * Double(steps - step) / Double(steps)
            roundedRectangle(
                cr, x: rect.x + offset - spread / 2, y: rect.y + offset - spread / 2,
                width: rect.width + spread, height: rect.height + spread, corner: 2 + spread)
            cairo_set_source_rgba(cr, 0, 0, 0, opacity / Double(steps))
            cairo_fill(cr)
        }
        cairo_restore(cr)
        super.draw(in: rect, on: context)
    }

    private func roundedRectangle(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, corner: Double) {
        let r = min(corner, width / 2, height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
