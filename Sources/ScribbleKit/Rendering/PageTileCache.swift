import CCairo
import CairoKit
import Dispatch
import PdfKit
import Synchronization

/// What poppler rendered of PDF pages, kept in square tiles of device pixels under one byte
/// budget, whatever the page count and the zoom (issue 53): a page is interpreted once for
/// the part of it a frame shows, and the canvas' later frames — a pan, a repaint after an
/// undo — take its pixels from here.
///
/// A tile is `side` × `side` device pixels of a page at one scale (device pixels per canvas
/// pixel), on a grid anchored at the canvas' origin: tile (c, r) holds the canvas pixels
/// whose device position, the canvas point times the scale, lies in
/// [c·side, (c+1)·side) × [r·side, (r+1)·side). A frame's origin lies on the same device grid
/// (`Viewport` keeps it there), so a tile lands on whole pixels and is copied, never
/// resampled: as sharp as a render of its own. It holds the white paper and the page's
/// content, and is transparent outside the page.
///
/// Renders happen off the main thread only (`tiles(of:scale:covering:within:late:)`, called by
/// the full frames), each filling every missing tile of the page that the whole frame shows
/// in one poppler call, since poppler interprets the page's content stream for each call
/// whatever part of it is asked for. A render runs on a thread of its own, and a frame waits
/// for it at most `deadline`: poppler's renders cannot be interrupted, and a hostile page (a
/// stream inflating to gigabytes) takes minutes; the frame then shows the page's paper, and
/// the tiles, once made, ask for a new frame (`late`). The main thread only looks tiles up
/// (`cachedTiles`). When the tiles pass the budget, the least recently used go.
/// Safe on any thread.
public final class PageTileCache: Sendable {
    /// The one every canvas of the process uses: one budget for all windows.
    public static let shared = PageTileCache()
    /// A tile's side, in device pixels: 256 KB a tile.
    static let side = 256
    /// The most bytes the tiles may hold.
    public let budget: Int
    /// The longest a frame waits for a page's render before it goes on without it.
    let deadline: DispatchTimeInterval

    /// One tile of one page at one scale.
    struct Key: Hashable {
        let content: ContentDigest
        let page: Int
        /// The scale's bits: the same zoom always computes the same `Double`.
        let scale: UInt64
        let column: Int
        let row: Int
    }

    /// A page at a scale: what one render is for.
    private struct PageAtScale: Hashable {
        let content: ContentDigest
        let page: Int
        let scale: UInt64
    }

    private struct State {
        var tiles: [Key: (tile: PageTile, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        /// The renders under way, one a page at a scale, so two frames' threads never render
        /// the same tiles twice.
        var renders: [PageAtScale: PageRender] = [:]
    }
    private let state = Mutex(State())

    /// A cache holding at most `budget` bytes of tiles (128 MB: 512 tiles, a 4K screen at 2×
    /// about three times over), whose frames wait at most `deadline` for a page's render (a
    /// second: some hundred times what a page of text takes).
    public init(budget: Int = 128 << 20, deadline: DispatchTimeInterval = .seconds(1)) {
        self.budget = budget
        self.deadline = deadline
    }

    /// How many bytes the tiles hold now.
    public var byteCount: Int { state.withLock { $0.bytes } }

    /// The tiles of `page` at `scale` that cover `area` (device pixels, on the canvas' device
    /// grid) and are in the cache; those missing are not rendered (the main thread's paths).
    /// - Complexity: O(tiles in `area`).
    func cachedTiles(of page: Page, scale: Double, covering area: DeviceRect) -> [PageTile] {
        let keys = Self.keys(of: page, scale: scale, covering: area)
        return state.withLock { state in
            state.clock += 1
            let now = state.clock
            return keys.compactMap { key in
                guard let entry = state.tiles[key] else { return nil }
                state.tiles[key]?.lastUse = now
                return entry.tile
            }
        }
    }

    /// The tiles of `page` at `scale` covering `area`, rendering those missing first — with
    /// the other missing tiles within `within` (the whole frame being rendered), so the page
    /// is interpreted once a frame — in one poppler call, on a thread of its own. Waits for
    /// it at most `deadline`: past that it returns the tiles it has, and `late` runs (on the
    /// render's thread) once the render is done. Empty when the page's PDF cannot be opened (an
    /// encrypted one not unlocked): nothing is cached for it then. Off the main thread only.
    /// - Complexity: poppler's work for the missing part of the page, else O(tiles in `area`).
    func tiles(
        of page: Page, scale: Double, covering area: DeviceRect, within: DeviceRect, late: (@Sendable () -> Void)? = nil
    ) -> [PageTile] {
        let keys = Self.keys(of: page, scale: scale, covering: area)
        guard !keys.isEmpty else { return [] }
        let which = PageAtScale(content: page.content.digest, page: page.pageIndex, scale: scale.bitPattern)
        nonisolated(unsafe) let page = page // immutable (see `Page`): read on the render's thread too
        // A render under way may not be making all of `keys` (another frame's): a second round
        // renders the rest.
        for _ in 0..<2 {
            let cached = cachedTiles(of: page, scale: scale, covering: area)
            guard cached.count < keys.count else { return cached }
            let render = state.withLock { state in
                if let render = state.renders[which] { return render }
                let wanted = Self.keys(of: page, scale: scale, covering: within.union(area))
                let render = PageRender(keys: wanted.filter { state.tiles[$0] == nil })
                state.renders[which] = render
                DispatchQueue.global(qos: .userInitiated).async { self.run(render, of: page, scale: scale, as: which) }
                return render
            }
            guard let made = render.wait(until: .now() + deadline, orLater: late) else { return cached }
            guard !made.isEmpty else { break } // poppler drew nothing: the paper shows
        }
        return cachedTiles(of: page, scale: scale, covering: area)
    }

    /// Makes `render`'s tiles, keeps them, and lets its waiters go.
    private func run(_ render: PageRender, of page: Page, scale: Double, as which: PageAtScale) {
        let made = self.render(render.keys, of: page, scale: scale)
        insert(made)
        state.withLock { $0.renders[which] = nil }
        render.finish(made)
    }

    /// The keys of the tiles of `page` at `scale` that cover `area`, within the page.
    static func keys(of page: Page, scale: Double, covering area: DeviceRect) -> [Key] {
        let frame = DeviceRect(covering: page.frame, scale: scale)
        let visible = frame.intersection(area)
        guard !visible.isEmpty else { return [] }
        let bits = scale.bitPattern
        let columns = floorDivide(visible.minX, side)...floorDivide(visible.maxX - 1, side)
        let rows = floorDivide(visible.minY, side)...floorDivide(visible.maxY - 1, side)
        return rows.flatMap { row in
            columns.map { Key(content: page.content.digest, page: page.pageIndex, scale: bits, column: $0, row: row) }
        }
    }

    /// Renders the tiles `keys` (of `page` at `scale`) with one poppler call over their box,
    /// then cuts that into tiles.
    private func render(_ keys: [Key], of page: Page, scale: Double) -> [PageTile] {
        guard let first = keys.first, let document = page.content.pdfDocument, page.pageIndex < document.pageCount else {
            return []
        }
        let side = Self.side
        var box = (minC: first.column, minR: first.row, maxC: first.column, maxR: first.row)
        for key in keys {
            box = (min(box.minC, key.column), min(box.minR, key.row), max(box.maxC, key.column), max(box.maxR, key.row))
        }
        let (x0, y0) = (box.minC * side, box.minR * side)
        let (width, height) = ((box.maxC - box.minC + 1) * side, (box.maxR - box.minR + 1) * side)
        guard let image = Self.imageSurface(width: width, height: height) else { return [] }
        defer { cairo_surface_destroy(image) }
        guard let cr = cairo_create(image) else { return [] }
        cairo_translate(cr, -Double(x0), -Double(y0))
        cairo_scale(cr, scale, scale)
        let frame = page.frame
        cairo_rectangle(cr, Double(frame.minX), Double(frame.minY), Double(frame.width), Double(frame.height))
        cairo_clip(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        let shown = Rect(
            minX: Float(Double(x0) / scale), minY: Float(Double(y0) / scale),
            maxX: Float(Double(x0 + width) / scale), maxY: Float(Double(y0 + height) / scale))
        let drawn = MarkRenderer.drawPdf(page, document: document, within: shown, on: cr)
        cairo_destroy(cr)
        guard drawn else { return [] }
        cairo_surface_flush(image)
        return keys.compactMap { key in
            PageTile(key: key, copying: image, x: key.column * side - x0, y: key.row * side - y0, side: side)
        }
    }

    /// Keeps `tiles`, then lets the least recently used go while the tiles pass the budget.
    private func insert(_ tiles: [PageTile]) {
        guard !tiles.isEmpty else { return }
        state.withLock { state in
            state.clock += 1
            for tile in tiles {
                if let old = state.tiles.updateValue((tile, state.clock), forKey: tile.key) { state.bytes -= old.tile.byteCount }
                state.bytes += tile.byteCount
            }
            guard state.bytes > budget else { return }
            for (key, entry) in state.tiles.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard state.bytes > budget else { break }
                state.tiles[key] = nil
                state.bytes -= entry.tile.byteCount
            }
        }
    }

    /// A new transparent ARGB32 image surface, or `nil` when Cairo could not make it (memory).
    static func imageSurface(width: Int, height: Int) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }

    /// `a` ÷ `b` rounded down (towards −∞: tiles left of and above the origin).
    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}

/// One render of a page's tiles at a scale, on a thread of its own: the frames that need it
/// wait for it, each until its deadline; those that stop waiting leave what to run when it
/// is done.
private final class PageRender: Sendable {
    /// The tiles it makes.
    let keys: [PageTileCache.Key]
    private struct State {
        var made: [PageTile]?
        var late: [@Sendable () -> Void] = []
        /// Whether a frame stopped waiting for it: the next ones do not wait at all.
        var isLate = false
    }
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    init(keys: [PageTileCache.Key]) { self.keys = keys }

    /// The tiles made, once the render is done, if it is by `deadline` (not waiting at all
    /// for a render already late for another frame); else `nil`, and `late` runs when it is.
    func wait(until deadline: DispatchTime, orLater late: (@Sendable () -> Void)?) -> [PageTile]? {
        let isLate = state.withLock { $0.isLate }
        if done.wait(timeout: isLate ? .now() : deadline) == .success {
            done.signal() // the next waiter's turn
            return state.withLock { $0.made } ?? []
        }
        let made = state.withLock { state -> [PageTile]? in
            state.isLate = true
            if state.made == nil, let late { state.late.append(late) }
            return state.made
        }
        return made // done meanwhile: taken, no `late` needed
    }

    /// The render is done: `made` to the waiters, and what those that stopped waiting left runs.
    func finish(_ made: [PageTile]) {
        let late = state.withLock { state in
            state.made = made
            defer { state.late = [] }
            return state.late
        }
        done.signal()
        late.forEach { $0() }
    }
}

/// One tile: its pixels (premultiplied ARGB, never written once made), shared by the cache
/// and the renders drawing it, so a tile the cache lets go stays alive until the last frame
/// drawing it is done with it.
struct PageTile: Sendable {
    let key: PageTileCache.Key
    let image: CairoImage
    var byteCount: Int { image.width * image.height * 4 }

    /// A copy of the `side` × `side` pixels at (`x`, `y`) of `source` (ARGB32).
    init?(key: PageTileCache.Key, copying source: OpaquePointer, x: Int, y: Int, side: Int) {
        guard let surface = PageTileCache.imageSurface(width: side, height: side) else { return nil }
        let image = CairoImage(adopting: surface)
        guard let from = cairo_image_surface_get_data(source), let to = cairo_image_surface_get_data(surface) else { return nil }
        let (fromStride, toStride) = (Int(cairo_image_surface_get_stride(source)), Int(cairo_image_surface_get_stride(surface)))
        for row in 0..<side {
            (to + row * toStride).update(from: from + (y + row) * fromStride + x * 4, count: side * 4)
        }
        cairo_surface_mark_dirty(surface)
        (self.key, self.image) = (key, image)
    }
}

/// A rectangle of whole device pixels: `Int`s, since at 6400 % on a 2× screen a canvas point
/// 1,000,000 px out is 128 million device pixels away, where a `Float` is 8 pixels coarse.
struct DeviceRect: Equatable {
    var minX: Int, minY: Int, maxX: Int, maxY: Int

    /// The whole device pixels `rect` (canvas) covers at `scale`.
    init(covering rect: Rect, scale: Double) {
        minX = Int((Double(rect.minX) * scale).rounded(.down))
        minY = Int((Double(rect.minY) * scale).rounded(.down))
        maxX = Int((Double(rect.maxX) * scale).rounded(.up))
        maxY = Int((Double(rect.maxY) * scale).rounded(.up))
    }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    var isEmpty: Bool { maxX <= minX || maxY <= minY }

    func intersection(_ other: DeviceRect) -> DeviceRect {
        DeviceRect(
            minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
            maxY: min(maxY, other.maxY))
    }

    /// Both; an empty one adds nothing.
    func union(_ other: DeviceRect) -> DeviceRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return DeviceRect(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }
}
