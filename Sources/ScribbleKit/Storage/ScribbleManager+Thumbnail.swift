import CCairo

/// Gallery thumbnails, rendered from the model (not grabbed from the screen) with the same
/// `MarkRenderer` the canvas uses.
extension ScribbleManager {
    /// The largest thumbnail, in pixels; the canvas is scaled to fit it, keeping its shape.
    /// Twice the gallery tile's 240×180, so tiles stay sharp at a scale factor of 2.
    static let thumbnailSize = (width: 480, height: 360)

    /// PNG bytes of `root` drawn on white, the canvas area (0, 0, `canvasWidth`, `canvasHeight`)
    /// scaled to fit `thumbnailSize`; `nil` if Cairo fails (out of memory).
    /// - Complexity: O(n) in the marks and vertices inside the canvas area.
    static func thumbnailPNG(of root: Mark, canvasWidth: Int, canvasHeight: Int) -> [UInt8]? {
        let width = Double(max(canvasWidth, 1)), height = Double(max(canvasHeight, 1))
        let scale = min(Double(thumbnailSize.width) / width, Double(thumbnailSize.height) / height)
        let pixelsWide = max(1, Int((width * scale).rounded())), pixelsHigh = max(1, Int((height * scale).rounded()))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelsWide), Int32(pixelsHigh))
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return nil }
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        cairo_rectangle(context, 0, 0, width, height)
        cairo_clip(context)
        MarkRenderer(context: context).render(root)
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        return try? StreamSink.collect { sink in cairo_surface_write_to_png_stream(surface, StreamSink.write, sink) }
    }
}
