import CCairo
import Glibc

extension MarkRenderer {
    /// A picture: onto a vector target (PDF, SVG, print) as the original — an SVG as its
    /// vectors, a JPEG's own bytes embedded (Cairo's MIME data), any other picture at its
    /// finest level, losslessly — and onto an image (the canvas, PNG export, thumbnails, the
    /// time-lapse) from the level of detail nearest the scale it shows at (`PictureLevels`).
    ///
    /// Renders on the main thread (`pages` `.cached`) never decode: they draw the level if it
    /// is decoded, else the nearest one there is, scaled, else a neutral box, and ask for the
    /// level to be decoded off the main thread (the canvas renders a new frame when it is).
    /// - Complexity: O(1) when it misses the clip; else Cairo's work for the pixels it covers,
    ///   plus a decode off the main thread when the level is not cached.
    public func visit(picture: Picture) {
        guard picture.bounds.outset(by: pixel).intersects(clip) else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        let placement = picture.placement
        var matrix = cairo_matrix_t(xx: placement.a, yx: placement.b, xy: placement.c, yy: placement.d, x0: placement.tx, y0: placement.ty)
        cairo_transform(context, &matrix)
        cairo_new_path(context)
        cairo_rectangle(context, 0, 0, Double(picture.width), Double(picture.height))
        cairo_clip(context)
        if isVectorTarget {
            drawOriginal(picture)
        } else {
            drawLevel(of: picture)
        }
    }

    /// Whether the target keeps vectors and embedded images (PDF, PostScript, SVG, a recording).
    private var isVectorTarget: Bool {
        switch cairo_surface_get_type(cairo_get_target(context)) {
        case CAIRO_SURFACE_TYPE_PDF, CAIRO_SURFACE_TYPE_PS, CAIRO_SURFACE_TYPE_SVG, CAIRO_SURFACE_TYPE_RECORDING, CAIRO_SURFACE_TYPE_SCRIPT:
            true
        default:
            false
        }
    }

    /// Device pixels one of the picture's pixels covers here.
    private func devicePixels(of picture: Picture) -> Double {
        picture.canvasPixelsPerPixel / Double(max(pixel, .leastNormalMagnitude))
    }

    /// The picture from its level of detail for this scale (see `visit(picture:)`).
    private func drawLevel(of picture: Picture) {
        let scale = devicePixels(of: picture)
        let shift = picture.shift(forDevicePixelsPerPixel: scale)
        let levels = PictureLevels.shared
        let level: PictureLevel?
        if pages.mayWait {
            level = levels.decoded(picture, shift: shift) ?? levels.nearest(picture.content, shift: shift)
        } else {
            level = levels.cached(picture.content, shift: shift) ?? levels.nearest(picture.content, shift: shift)
            if level?.shift != shift { levels.prepare(picture, shift: shift) }
        }
        guard let level else { return drawPlaceholder(picture, failed: levels.failure(picture.content, shift: shift) != nil) }
        paint(level, of: picture, devicePixelsPerLevelPixel: scale * Double(picture.width) / Double(level.width))
    }

    /// Paints `level` over the picture's rectangle: bilinear between half and twice its size
    /// (the level is chosen so it is never scaled down by more than half, where bilinear
    /// sampling still sees every pixel: no aliasing, and a tenth of the good filter's cost),
    /// Cairo's good filter (a box filter) below half (a level not decoded yet, drawn meanwhile),
    /// and pixel by pixel from twice up, so a screenshot zoomed in shows its pixels crisp
    /// rather than smeared.
    private func paint(_ level: PictureLevel, of picture: Picture, devicePixelsPerLevelPixel scale: Double) {
        cairo_scale(context, Double(picture.width) / Double(level.width), Double(picture.height) / Double(level.height))
        cairo_set_source_surface(context, level.surface, 0, 0)
        let pattern = cairo_get_source(context)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, scale >= 2 ? CAIRO_FILTER_NEAREST : scale >= 0.5 ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD)
        cairo_paint(context)
    }

    /// A neutral box where a picture is not decoded yet (or cannot be): light grey with a
    /// darker edge, never blank, so the picture's place shows.
    private func drawPlaceholder(_ picture: Picture, failed: Bool) {
        let (width, height) = (Double(picture.width), Double(picture.height))
        cairo_set_source_rgb(context, 0.86, 0.86, 0.86)
        cairo_rectangle(context, 0, 0, width, height)
        cairo_fill(context)
        cairo_set_source_rgb(context, failed ? 0.7 : 0.6, 0.6, 0.6)
        cairo_set_line_width(context, 2 * Double(pixel) / max(picture.canvasPixelsPerPixel, 1e-9))
        cairo_rectangle(context, 0, 0, width, height)
        cairo_stroke(context)
    }

    /// The original onto a vector target: an SVG's vectors; a raster picture's finest level
    /// with, for a JPEG shown upright as stored, its own bytes as the MIME data, so a PDF
    /// embeds the JPEG unchanged (PNGs go in losslessly; an SVG export embeds a PNG's own
    /// bytes too), and a unique id, so a picture shown twice is embedded once.
    private func drawOriginal(_ picture: Picture) {
        let bytes = picture.content.bytes
        if picture.isSVG {
            let (width, height) = (Double(picture.width), Double(picture.height))
            if (try? PictureDecoder.renderSVG(bytes, on: context, width: width, height: height)) == nil {
                drawPlaceholder(picture, failed: true)
            }
            return
        }
        let shift = picture.finestShift
        guard let level = PictureLevels.shared.decoded(picture, shift: shift) else { return drawPlaceholder(picture, failed: true) }
        // A surface of its own over the level's pixels (no copy), holding the level until
        // the target lets it go (a PDF writes its images when the page ends), so the MIME
        // data never goes onto the level, which other threads may be drawing from.
        let data = cairo_image_surface_get_data(level.surface)
        let stride = cairo_image_surface_get_stride(level.surface)
        guard let source = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(level.width), Int32(level.height), stride) else {
            return
        }
        defer { cairo_surface_destroy(source) }
        let retained = Unmanaged.passRetained(level).toOpaque()
        cairo_surface_set_user_data(source, &PictureSurfaceKeys.level, retained) { Unmanaged<PictureLevel>.fromOpaque($0!).release() }
        if level.shift == 0, level.orientation == 1, PictureDecoder.isJPEG(bytes) || PictureDecoder.isPNG(bytes) {
            attach(bytes, as: PictureDecoder.isJPEG(bytes) ? CAIRO_MIME_TYPE_JPEG : CAIRO_MIME_TYPE_PNG, to: source)
        }
        attach(Array("touchpainter-picture-\(picture.content.digest)-\(level.shift)".utf8), as: CAIRO_MIME_TYPE_UNIQUE_ID, to: source)
        cairo_scale(context, Double(picture.width) / Double(level.width), Double(picture.height) / Double(level.height))
        cairo_set_source_surface(context, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
    }

    /// Sets a copy of `bytes` as `source`'s MIME data of `type` (Cairo frees it with the surface).
    private func attach(_ bytes: [UInt8], as type: UnsafePointer<CChar>, to source: OpaquePointer) {
        guard let copy = malloc(max(bytes.count, 1)) else { return }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        cairo_surface_set_mime_data(source, type, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), { free($0) }, copy)
    }
}

/// The user-data key that ties a level to the surface a vector target keeps (its address is the key).
enum PictureSurfaceKeys {
    nonisolated(unsafe) static var level = cairo_user_data_key_t()
}
