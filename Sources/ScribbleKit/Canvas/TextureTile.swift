import CCairo

/// One tile of a canvas texture while it is being generated: an RGB24 Cairo image surface of
/// `size` × `size` widget pixels at `scale` device pixels each, drawn on in widget units.
///
/// Everything drawn on it wraps around its edges (the tile is a torus): a shape that crosses
/// the right edge comes back in on the left, so copies of the tile laid side by side join
/// with no seam. It belongs to the one thread that generates the texture.
final class TextureTile {
    /// Side of the tile in widget pixels.
    let size: Int
    /// Device pixels per widget pixel.
    let scale: Int
    /// The `cairo_surface_t *` drawn on.
    let surface: OpaquePointer
    /// A context on `surface`, in widget units.
    let context: OpaquePointer

    /// A tile of `size` widget pixels a side at `scale`, painted black until drawn on.
    init(size: Int, scale: Int) {
        self.size = size
        self.scale = scale
        // Cairo never returns NULL here: failures come back as error objects, drawn as nothing.
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size * scale), Int32(size * scale))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        context = cairo_create(surface)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Side of the tile in device pixels.
    var devicePixels: Int { size * scale }

    /// Draws a shape whose extent, in widget pixels, is `minX…maxX` × `minY…maxY`, once for
    /// every copy of the tile it reaches: `draw` gets the context shifted by whole tiles.
    func drawWrapped(minX: Double, minY: Double, maxX: Double, maxY: Double, _ draw: (OpaquePointer) -> Void) {
        let side = Double(size)
        for dy in [-side, 0, side] where maxY + dy >= 0 && minY + dy <= side {
            for dx in [-side, 0, side] where maxX + dx >= 0 && minX + dx <= side {
                cairo_save(context)
                cairo_translate(context, dx, dy)
                draw(context)
                cairo_restore(context)
            }
        }
    }

    /// Fills the whole tile from a small image computed per texel: `texels` × `texels`
    /// colours from `color(x, y)` (x and y in widget pixels, at each texel's centre), scaled
    /// up with bilinear filtering that wraps at the edges, so the tile stays seamless.
    /// Cheaper than computing smooth noise for every device pixel.
    func fillSmoothly(texels: Int, _ color: (Float, Float) -> (red: Float, green: Float, blue: Float)) {
        let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(texels), Int32(texels))
        defer { cairo_surface_destroy(image) }
        let step = Float(size) / Float(texels)
        withPixels(of: image) { pixels, rowLength in
            for y in 0..<texels {
                for x in 0..<texels {
                    let c = color((Float(x) + 0.5) * step, (Float(y) + 0.5) * step)
                    pixels[y * rowLength + x] = Self.pack(c.red, c.green, c.blue)
                }
            }
        }
        cairo_save(context)
        cairo_scale(context, Double(step), Double(step))
        cairo_set_source_surface(context, image, 0, 0)
        let pattern = cairo_get_source(context)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Lets `body` change every device pixel: it gets the pixels (`0x00RRGGBB`) and the
    /// number of pixels from one row to the next.
    func withPixels(_ body: (UnsafeMutablePointer<UInt32>, Int) -> Void) {
        withPixels(of: surface, body)
    }

    /// The finished tile's bytes, rows `stride` bytes apart.
    func bytes() -> (bytes: [UInt8], stride: Int) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let count = stride * devicePixels
        guard let data = cairo_image_surface_get_data(surface) else {
            return ([UInt8](repeating: 0xFF, count: count), stride) // out of memory: white
        }
        return (Array(UnsafeBufferPointer(start: data, count: count)), stride)
    }

    /// A pixel from components in 0…255 (clamped).
    static func pack(_ red: Float, _ green: Float, _ blue: Float) -> UInt32 {
        func channel(_ value: Float) -> UInt32 { UInt32(max(0, min(255, value)) + 0.5) } // rounded
        return channel(red) << 16 | channel(green) << 8 | channel(blue)
    }

    private func withPixels(of image: OpaquePointer?, _ body: (UnsafeMutablePointer<UInt32>, Int) -> Void) {
        cairo_surface_flush(image)
        guard let data = cairo_image_surface_get_data(image) else { return }
        let rowLength = Int(cairo_image_surface_get_stride(image)) / 4
        data.withMemoryRebound(to: UInt32.self, capacity: rowLength * Int(cairo_image_surface_get_height(image))) {
            body($0, rowLength)
        }
        cairo_surface_mark_dirty(image)
    }
}
