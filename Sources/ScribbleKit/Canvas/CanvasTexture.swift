import CCairo
import CairoKit

/// A canvas texture (book chapter 21, a Flyweight): one square tile of recycled paper or woven cloth, generated
/// by the project at first use, at the device resolution it is shown at, and repeated under
/// the marks to fill any canvas. Its edges join seamlessly (see `TextureTile`).
///
/// It is a Flyweight: `CanvasTextureCache` makes one per kind and scale, and every canvas,
/// and every thread rendering a canvas' full frame, paints that one. It is `Sendable`
/// because it is immutable: its pixels are a `let` array filled before the object exists.
/// It keeps no Cairo object: each `paint(on:)` wraps the pixels in a surface of its own for
/// the length of the call, because Cairo's image surfaces (and pixman's images under them)
/// count references without atomics and so must not be shared between threads.
public final class CanvasTexture: Sendable {
    /// Side of a tile in widget pixels: big enough that the repeat is hard to spot, small
    /// enough to make in a few milliseconds (`touchpainter-bench`, texture_ms).
    public static let tileSize = 512

    /// What the texture shows.
    public let kind: CanvasKind
    /// Device pixels per widget pixel the tile was generated for.
    public let scale: Int
    /// How many times the tile was halved from its scale-1 original, for views zoomed out
    /// below one device pixel a canvas pixel (0: not reduced).
    public let halvings: Int
    /// Side of the tile in device pixels.
    public let devicePixels: Int
    /// Bytes from one row of pixels to the next.
    let stride: Int
    /// The tile's pixels, Cairo's RGB24 layout (`0x00RRGGBB` per native-endian 32-bit word).
    let pixels: [UInt8]

    /// Generates the tile of `kind` (paper or cloth) at `scale`.
    /// - Complexity: O(device pixels of a tile), a few milliseconds (`touchpainter-bench`).
    init(kind: CanvasKind, scale: Int) {
        self.kind = kind
        self.scale = scale
        halvings = 0
        let canvas = TextureTile(size: Self.tileSize, scale: scale)
        switch kind {
        case .paper: Self.drawPaper(on: canvas)
        case .cloth: Self.drawCloth(on: canvas)
        case .plain: Self.fillWhite(canvas)
        }
        devicePixels = canvas.devicePixels
        (pixels, stride) = canvas.bytes()
    }

    /// `original` (a scale-1 tile) halved `halvings` times: what a view zoomed out to less
    /// than a device pixel a canvas pixel paints, so that painting it reads a few texture
    /// pixels per device pixel, not hundreds (and shows their average, not an alias).
    /// - Complexity: O(the original's pixels), once per kind and halving.
    init(reducing original: CanvasTexture, halvings: Int) {
        kind = original.kind
        scale = 1
        self.halvings = halvings
        let canvas = TextureTile(size: max(1, Self.tileSize >> halvings), scale: 1)
        original.withSurface { surface in
            let pattern = cairo_pattern_create_for_surface(surface)
            defer { cairo_pattern_destroy(pattern) }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD) // a box filter when reducing
            cairo_save(canvas.context)
            cairo_scale(canvas.context, 1 / Double(1 << halvings), 1 / Double(1 << halvings))
            cairo_set_source(canvas.context, pattern)
            cairo_paint(canvas.context)
            cairo_restore(canvas.context)
        }
        devicePixels = canvas.devicePixels
        (pixels, stride) = canvas.bytes()
    }

    /// Fills the clip of `cr` with the texture, repeated from the origin of `cr`'s user
    /// space, so every surface that paints part of one canvas agrees on where tiles fall.
    /// Shown at the scale it was made for, its pixels are copied one to one; at any other
    /// (a zoomed view), they are interpolated.
    public func paint(on context: CairoContext) {
        let cr = context.pointer
        withSurface { surface in
            let pattern = cairo_pattern_create_for_surface(surface)
            defer { cairo_pattern_destroy(pattern) }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR) // GOOD costs more and the ratio is near 1
            cairo_save(cr)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_restore(cr) // drops the context's hold on the pattern before the surface goes
        }
    }

    /// The colour of device pixel (`x`, `y`) of the tile, wrapping around its edges: what a
    /// canvas shows at that device pixel when nothing is drawn there.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = TextureNoise.wrap(y, devicePixels) * stride + TextureNoise.wrap(x, devicePixels) * 4
        let word = pixels.withUnsafeBytes { $0.load(fromByteOffset: offset, as: UInt32.self) }
        return (UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word))
    }

    /// Runs `body` with a Cairo image surface over the pixels, made for this call alone and
    /// finished after it (so nothing Cairo caches on it outlives the call).
    private func withSurface(_ body: (OpaquePointer) -> Void) {
        let scale = Double(self.scale) / Double(1 << halvings)
        pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            // Cairo wants a mutable pointer, but only reads a surface it paints from.
            guard
                let surface = cairo_image_surface_create_for_data(
                    UnsafeMutablePointer(mutating: base), CAIRO_FORMAT_RGB24,
                    Int32(devicePixels), Int32(devicePixels), Int32(stride))
            else { return }
            defer {
                cairo_surface_finish(surface)
                cairo_surface_destroy(surface)
            }
            cairo_surface_set_device_scale(surface, scale, scale)
            body(surface)
        }
    }

    private static func fillWhite(_ canvas: TextureTile) {
        cairo_set_source_rgb(canvas.context, 1, 1, 1)
        cairo_paint(canvas.context)
    }
}
