import CCairo
import CairoKit
import Glibc

/// Gallery thumbnails, rendered from the model (not grabbed from the screen) with the same
/// `MarkRenderer` the canvas uses, and kept in the desktop's thumbnail cache
/// (`ThumbnailCache`), never in the gallery's folder.
extension ScribbleManager {
    /// The canvas shape a thumbnail shows when the canvas size of a save is not known (4:3,
    /// the gallery tile's shape), and the size of the thumbnails versions before 0.9 wrote
    /// beside each scribble.
    static let thumbnailSize = (width: 480, height: 360)

    /// What the gallery shows for a scribble.
    public enum Thumbnail: Sendable {
        /// Its picture.
        case image(CairoImage)
        /// The scribble reads, but no picture could be made (out of memory).
        case missing
        /// The scribble file no longer reads: the gallery must not show an old picture of it.
        case damaged
    }

    /// PNG bytes of `memento`'s drawing on `background` as its canvas shows it (the texture fixed to
    /// the canvas, scaled with the drawing), the canvas area `thumbnailArea` finds for a
    /// canvas of `canvasWidth`×`canvasHeight` scaled to fit a square of `side` pixels, keeping
    /// its shape; `nil` if Cairo fails (out of memory). Rendered as the canvas' full frames
    /// are: in bands on every core, the segments later opaque strokes hide left out
    /// (`CanvasBackdrop.renderTiles`). The caretaker never looks inside the memento: the
    /// originator opens it (`Scribble.drawing(of:)`, book chapter 23).
    /// - Complexity: O(n) in the marks and vertices inside the canvas area, divided among the cores.
    static func thumbnailPNG(
        of memento: ScribbleMemento, canvasWidth: Int, canvasHeight: Int, background: CanvasKind = .plain,
        side: Int = ThumbnailCache.Size.large.pixels
    ) -> [UInt8]? {
        let root = Scribble.drawing(of: memento)
        let area = thumbnailArea(showing: root.bounds, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        let width = Double(area.width), height = Double(area.height)
        let scale = min(Double(side) / width, Double(side) / height)
        let pixelsWide = max(1, Int((width * scale).rounded())), pixelsHigh = max(1, Int((height * scale).rounded()))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelsWide), Int32(pixelsHigh)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            let data = cairo_image_surface_get_data(surface)
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        // The area's corner at the image's: the view's origin, on whole canvas pixels (half a
        // canvas pixel at most off the area, under half a thumbnail pixel at any thumbnail scale).
        let view = Viewport(width: pixelsWide, height: pixelsHigh, originX: Double(area.minX), originY: Double(area.minY))
        CanvasBackdrop.renderTiles(
            RenderSnapshot(of: root), into: data, stride: Int(cairo_image_surface_get_stride(surface)),
            format: CAIRO_FORMAT_ARGB32, area: (0, 0, pixelsWide, pixelsHigh), scale: scale,
            background: .white, texture: background.texture(devicePixelsPerUnit: scale), view: view)
        cairo_surface_mark_dirty(surface)
        return try? StreamSink.collect { sink in cairo_surface_write_to_png_stream(surface, StreamSink.write, sink) }
    }

    /// The thumbnail the gallery shows for the scribble at `scribblePath`, making sure first
    /// that it shows what the scribble holds, on the canvas scribbles are drawn on
    /// (`canvasKind`). A fresh one in the cache is used when the scribble passes its header
    /// and checksum check (without building the drawing); a stale or missing one — or one
    /// of another canvas — is drawn again from the scribble and stored in the cache.
    /// Slow when it redraws (the whole drawing is read): call it off the main thread.
    public func thumbnail(ofScribbleAt scribblePath: String) -> Thumbnail {
        let background = canvasKind
        if let cached = thumbnails.freshThumbnail(for: scribblePath, canvas: background) {
            return Self.isIntact(path: scribblePath) ? .image(cached) : .damaged
        }
        guard let memento = try? Self.loadMemento(path: scribblePath) else { return .damaged }
        guard
            let png = Self.thumbnailPNG(
                of: memento, canvasWidth: Self.thumbnailSize.width,
                canvasHeight: Self.thumbnailSize.height, background: background)
        else { return .missing }
        let stored = (try? thumbnails.store(png, for: scribblePath, canvas: background)) ?? png
        return CairoImage(png: stored).map(Thumbnail.image) ?? .missing
    }

    /// The canvas area a thumbnail shows for a canvas of `canvasWidth`×`canvasHeight` (the
    /// window's at the save, else the tile's 4:3): that canvas from the origin when the
    /// drawing lies within it, as a drawing made at 100 % was seen; else — the canvas has no
    /// edge — the drawing's bounds plus a margin, widened to the canvas' shape
    /// and centred, wherever they lie.
    static func thumbnailArea(showing bounds: Rect, canvasWidth: Int, canvasHeight: Int) -> Rect {
        let canvas = Rect(x: 0, y: 0, width: Float(max(canvasWidth, 1)), height: Float(max(canvasHeight, 1)))
        guard !bounds.isNull, canvas.intersection(bounds) != bounds else { return canvas }
        let page = bounds.outset(by: 16)
        let scale = max(page.width / canvas.width, page.height / canvas.height)
        let (width, height) = (canvas.width * scale, canvas.height * scale)
        return Rect(x: (page.minX + page.maxX - width) / 2, y: (page.minY + page.maxY - height) / 2, width: width, height: height)
    }

    /// Moves the thumbnail an older version saved beside the entry `id` out of the gallery
    /// (the cache's is drawn again from the scribble when first needed, at the cache's size).
    /// Only a PNG this app wrote goes, known by what a save gave it: the modification time of
    /// its scribble to the nanosecond, a regular file (not a link), and a PNG header whose size
    /// fits `thumbnailSize` with one side exactly at its limit. A user's own `photo.png`
    /// beside `photo.scribble` fails these and is never touched. Returns whether it went.
    @discardableResult
    func migrateLegacyThumbnail(id: String) -> Bool {
        let png = directory + "/" + id + ".png"
        var picture = stat(), scribble = stat()
        guard lstat(png, &picture) == 0, picture.st_mode & S_IFMT == S_IFREG, picture.st_size <= 8 << 20,
            lstat(scribblePath(id), &scribble) == 0, scribble.st_mode & S_IFMT == S_IFREG,
            picture.st_mtim.tv_sec == scribble.st_mtim.tv_sec, picture.st_mtim.tv_nsec == scribble.st_mtim.tv_nsec,
            picture.st_uid == getuid(),
            let size = try? PNGHeader.size(ofFileAt: png), size.width > 0, size.height > 0,
            size.width <= Self.thumbnailSize.width, size.height <= Self.thumbnailSize.height,
            size.width == Self.thumbnailSize.width || size.height == Self.thumbnailSize.height
        else { return false }
        return unlink(png) == 0
    }
}
