import CCairo
import CairoKit
import Dispatch
import FoundationEssentials
import Glibc

/// Large repaints — full frames, undo — in horizontal tiles, one thread each, so every core
/// of the machine works on the picture.
///
/// Each tile is a surface of its own over the backdrop's pixel rows (so no two threads share
/// a Cairo object) and clips to them. The renderer leaves out whatever misses a tile, and
/// a pixel's value depends only on the geometry that covers it, so the tiles join without
/// seams: the picture is the one a single pass would paint.
extension CanvasBackdrop {
    /// Rows of device pixels below which a repaint is not split: a thread costs more than
    /// the rows save.
    static let minimumTileRows = 32
    /// Tiles per core: a few more tiles than threads evens out tiles that hold more marks.
    static let tilesPerCore = 2

    /// Paints `area` (view pixels, whole) with `background` — white, or its texture tiled
    /// from the canvas' origin, so tiles and partial repaints agree — then `snapshot` over
    /// it, as the backdrop's view shows them. A `yielding` render runs its tiles on threads of lower priority, so that the main
    /// thread, whenever it has input to handle, gets the cores first; the calling thread
    /// waits either way.
    /// - Complexity: O(the marks and vertices that touch `area`), divided among the cores.
    /// PDF pages show their paper alone unless `pages` says otherwise (a render off the main thread).
    func render(
        _ snapshot: RenderSnapshot?, in area: Rect, background: CanvasKind, yielding: Bool = false,
        cancellation: RenderCancellation? = nil, pages: MarkRenderer.PageDrawing = .cached(.shared)
    ) {
        let device = deviceArea(area)
        guard device.width > 0, device.height > 0 else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        Self.renderTiles(
            snapshot, into: data, stride: Int(cairo_image_surface_get_stride(surface)), format: CAIRO_FORMAT_RGB24,
            area: device, scale: Double(scale), background: .white,
            texture: background.texture(devicePixelsPerUnit: view.zoom * Double(scale)),
            view: view.isIdentity ? nil : view, yielding: yielding, cancellation: cancellation, pages: pages)
        cairo_surface_mark_dirty(surface)
    }

    /// Renders `snapshot` into the `area` (device pixels) of an image buffer `data`, in
    /// horizontal tiles on every core, each its own Cairo surface over its rows, with the
    /// segments that later opaque strokes hide left out. `texture` (a canvas' paper or
    /// cloth, tiled from the buffer's origin), else `background` (or transparency when
    /// `nil`) goes under the marks. The buffer's pixels show `view` (its zoom and origin;
    /// `nil`, the canvas at 100 % from its origin). The canvas' full frames and the PNG
    /// export use it.
    /// - Complexity: O(the marks and vertices that touch `area`), divided among the cores.
    static func renderTiles(
        _ snapshot: RenderSnapshot?, into data: UnsafeMutablePointer<UInt8>, stride: Int,
        format: cairo_format_t, area device: (x: Int, y: Int, width: Int, height: Int),
        scale: Double, background: Color?, texture: CanvasTexture? = nil, view: Viewport? = nil,
        yielding: Bool = false, cancellation: RenderCancellation? = nil, pages: MarkRenderer.PageDrawing = .content
    ) {
        let cores = ProcessorCores.usable
        let tiles = max(1, min(cores * Self.tilesPerCore, device.height / Self.minimumTileRows))
        // Each tile's own surface over its rows; threads share only the pixel buffer, and
        // write disjoint rows of it.
        let buffer = UncheckedPointer(data)
        // One set of the occlusion maps' offsets for all the tiles (they depend on the drawing only).
        let offsets = snapshot.map { OcclusionMap.Offsets(of: $0) }
        let renderTile: @Sendable (Int) -> Void = { tile in
            guard cancellation?.isCancelled != true else { return }
            let top = device.y + device.height * tile / tiles
            let bottom = device.y + device.height * (tile + 1) / tiles
            let origin = buffer.pointer + top * stride + device.x * 4
            guard
                let tileSurface = cairo_image_surface_create_for_data(
                    origin, format, Int32(device.width), Int32(bottom - top), Int32(stride))
            else { return }
            defer { cairo_surface_destroy(tileSurface) }
            cairo_surface_set_device_scale(tileSurface, scale, scale)
            cairo_surface_set_device_offset(tileSurface, -Double(device.x), -Double(top))
            guard let cr = cairo_create(tileSurface) else { return }
            defer { cairo_destroy(cr) }
            view?.transform(cr)
            if let texture {
                texture.paint(on: CairoContext(cr)) // opaque: it covers whatever was there
            } else {
                if let c = background?.unitComponents {
                    cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
                } else {
                    cairo_set_source_rgba(cr, 0, 0, 0, 0)
                }
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            if let snapshot {
                MarkRenderer(
                    context: cr,
                    occlusion: occlusionMap(
                        snapshot, offsets: offsets, scale: scale, view: view,
                        tile: (device.x, top, device.width, bottom - top)),
                    cancellation: cancellation, pages: pages
                )
                .render(snapshot)
            }
            cairo_surface_flush(tileSurface)
        }
        if yielding {
            DetachedThread.performYielding(iterations: tiles, threads: tiles, renderTile)
        } else {
            DispatchQueue.concurrentPerform(iterations: tiles, execute: renderTile)
        }
    }

    /// The occlusion map of a tile (`x`, `y`: its device origin) of a buffer showing `view`,
    /// or `nil` where `Float` is too coarse for it: far from the canvas' origin at a high zoom,
    /// where the canvas' device coordinates pass 2¹⁶ and lose the 1/256 px it needs (and a
    /// view shows few marks anyway).
    private static func occlusionMap(
        _ snapshot: RenderSnapshot, offsets: OcclusionMap.Offsets?, scale: Double, view: Viewport?,
        tile: (x: Int, y: Int, width: Int, height: Int)
    ) -> OcclusionMap? {
        let pixelsPerUnit = scale * (view?.zoom ?? 1)
        let origin = (
            x: Double(tile.x) + (view?.originX ?? 0) * pixelsPerUnit,
            y: Double(tile.y) + (view?.originY ?? 0) * pixelsPerUnit
        )
        guard max(abs(origin.x), abs(origin.y)) <= 65_536 else { return nil }
        return OcclusionMap(
            snapshot, offsets: offsets, scale: Float(pixelsPerUnit), origin: (Float(origin.x), Float(origin.y)),
            width: tile.width, height: tile.height)
    }

    /// `area` in whole device pixels, within the surface.
    private func deviceArea(_ area: Rect) -> (x: Int, y: Int, width: Int, height: Int) {
        let s = Float(scale)
        let x0 = max(0, Int((area.minX * s).rounded(.down))), y0 = max(0, Int((area.minY * s).rounded(.down)))
        let x1 = min(width * scale, Int((area.maxX * s).rounded(.up)))
        let y1 = min(height * scale, Int((area.maxY * s).rounded(.up)))
        return (x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }
}

/// The backdrop's pixel buffer, handed to the tile threads; each writes only its own rows.
private struct UncheckedPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
    init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
}
