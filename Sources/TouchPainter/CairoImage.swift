import CCairo

/// Owns one Cairo image surface (a decoded thumbnail, a placeholder) and destroys it when
/// the last user lets go. Surfaces are created on any thread and only read afterwards.
final class CairoImage: @unchecked Sendable {
    /// The `cairo_surface_t *`.
    let surface: OpaquePointer
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int

    /// Adopts a surface the caller created.
    init(adopting surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    /// Decodes a PNG file; `nil` if it is missing or not a valid PNG.
    convenience init?(pngAt path: String) {
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_image_surface_get_width(surface) > 0, cairo_image_surface_get_height(surface) > 0 else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.init(adopting: surface)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Paints the image scaled to fit (keeping its aspect) and centred in `width`×`height`.
    func paint(on cr: OpaquePointer, width boxWidth: Int, height boxHeight: Int) {
        let scale = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        cairo_save(cr)
        cairo_translate(cr, (Double(boxWidth) - Double(width) * scale) / 2, (Double(boxHeight) - Double(height) * scale) / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
