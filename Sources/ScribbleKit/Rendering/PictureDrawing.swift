import CCairo

/// A picture drawn into a PNG of its own, as placed (turned, stretched) and transparent
/// around it: what a format that cannot place a picture itself (Xournal++'s `<image>` has
/// no rotation) or cannot read its kind gets. Off the main thread: it decodes.
enum PictureDrawing {
    /// The longest side of the PNG, in pixels.
    static let maximumSide: Double = 4096

    /// The PNG of `picture` over its bounds, at about one pixel a picture pixel (at most
    /// `maximumSide` a side); `nil` if it cannot be drawn.
    static func png(of picture: Picture) -> [UInt8]? {
        let box = picture.bounds
        guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        var scale = 1 / max(picture.canvasPixelsPerPixel, 1e-6)
        scale = min(scale, maximumSide / Double(box.width), maximumSide / Double(box.height))
        let width = max(1, Int((Double(box.width) * scale).rounded(.up))), height = max(1, Int((Double(box.height) * scale).rounded(.up)))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return nil }
        cairo_scale(context, scale, scale)
        cairo_translate(context, -Double(box.minX), -Double(box.minY))
        MarkRenderer(context: context).render(picture)
        cairo_destroy(context)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil
    }
}
