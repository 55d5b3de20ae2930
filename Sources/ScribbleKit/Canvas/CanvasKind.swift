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
