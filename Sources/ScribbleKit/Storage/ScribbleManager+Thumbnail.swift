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

    /// Whether the gallery may show the thumbnail of the scribble at `scribblePath`, making
    /// sure first that it shows what the scribble holds (SPEC §9). A save gives the thumbnail
    /// the scribble's modification time; one that is older or missing — a crash between a
    /// save's two renames, a scribble copied in by hand — is drawn again from the scribble.
    /// Otherwise the scribble is checked by header and checksum only, without building it.
    /// Slow when it redraws (the whole drawing is read): call it off the main thread.
    /// - Returns: false when the scribble cannot be read or is damaged.
    public static func prepareThumbnail(scribblePath: String, thumbnailPath: String) -> Bool {
        guard let drawn = FileSystem.modificationTime(scribblePath) else { return false }
        if let shown = FileSystem.modificationTime(thumbnailPath),
           (shown.tv_sec, shown.tv_nsec) >= (drawn.tv_sec, drawn.tv_nsec) {
            return isIntact(path: scribblePath)
        }
        guard let memento = try? loadMemento(path: scribblePath) else { return false }
        let bounds = memento.root.bounds
        let canvas = canvasSize(showing: bounds)
        if let png = thumbnailPNG(of: memento.root, canvasWidth: canvas.width, canvasHeight: canvas.height),
           (try? AtomicFile(path: thumbnailPath).write(png)) != nil {
            FileSystem.setModificationTime(thumbnailPath, to: drawn)
        }
        return true
    }

    /// A canvas of the thumbnail's shape holding everything from the origin to the drawing's
    /// right and bottom edges, plus a margin: the canvas size of the save is not stored.
    static func canvasSize(showing bounds: Rect) -> (width: Int, height: Int) {
        let margin: Float = 16
        let right = bounds.isNull ? 0 : max(bounds.maxX + margin, 0), bottom = bounds.isNull ? 0 : max(bounds.maxY + margin, 0)
        let scale = max(right / Float(thumbnailSize.width), bottom / Float(thumbnailSize.height), 1)
        return (Int((Float(thumbnailSize.width) * scale).rounded(.up)), Int((Float(thumbnailSize.height) * scale).rounded(.up)))
    }
}
