import CCairo
import CairoKit

/// What a canvas shows beneath the marks (book chapter 4, canvas kinds): plain white, recycled paper or woven
/// cloth. A preference of the user's, stored by its raw value.
public enum CanvasKind: String, CaseIterable, Sendable {
    /// Plain white.
    case plain
    /// A recycled-paper texture.
    case paper
    /// A woven-cloth texture.
    case cloth

    /// The texture every canvas of this kind shares at `scale` (the Flyweight, made at first
    /// use); `nil` for plain.
    public func texture(scale: Int) -> CanvasTexture? {
        CanvasTextureCache.shared.texture(for: self, scale: scale)
    }

    /// The texture every canvas of this kind shares for a view of `devicePixelsPerUnit`
    /// device pixels a canvas pixel (see `CanvasTextureCache`); `nil` for plain.
    public func texture(devicePixelsPerUnit density: Double) -> CanvasTexture? {
        CanvasTextureCache.shared.texture(for: self, devicePixelsPerUnit: density)
    }

    /// Fills the clip of `cr`, a context on a view's surface, with what lies beneath the marks
    /// as `view` shows it: the texture fixed to the canvas, moving and scaling with it.
    public func paint(on context: CairoContext, view: Viewport) {
        guard !view.isIdentity else { return paint(on: context, scale: view.deviceScale) }
        let cr = context.pointer
        cairo_save(cr)
        view.transform(cr)
        if let texture = texture(devicePixelsPerUnit: view.zoom * Double(view.deviceScale)) {
            texture.paint(on: context)
        } else {
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
        }
        cairo_restore(cr)
    }

    /// Fills the clip of `cr`, a context on a surface of device `scale`, with what lies
    /// beneath the marks; a texture's tiles start at the origin of `cr`'s user space.
    public func paint(on context: CairoContext, scale: Int) {
        let cr = context.pointer
        if let texture = texture(scale: scale) {
            texture.paint(on: context)
        } else {
            cairo_save(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }
}
