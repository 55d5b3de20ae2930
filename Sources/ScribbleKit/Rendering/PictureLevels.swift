import CCairo
import Dispatch
import Glibc
import Synchronization

/// One decoded level of detail of a picture: its pixels at its natural size divided by
/// 2^`shift` (an SVG's may be enlarged: a negative shift), in a Cairo image surface that is
/// never changed once made, so any thread may paint from it.
final class PictureLevel: @unchecked Sendable {
    /// The Cairo ARGB32 image surface (ours: destroyed with the level).
    let surface: OpaquePointer
    /// Its size in pixels.
    let width: Int, height: Int
    /// Which level: the natural size divided by 2^shift.
    let shift: Int
    /// The EXIF orientation applied when decoding (1: none; an SVG's is 1).
    let orientation: Int

    init(surface: OpaquePointer, shift: Int, orientation: Int) {
        self.surface = surface
        self.shift = shift
        self.orientation = orientation
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    /// The memory its pixels take.
    var byteCount: Int { Int(cairo_image_surface_get_stride(surface)) * height }

    deinit { cairo_surface_destroy(surface) }
}

/// The decoded levels of detail of every picture on show (issue 54): a level per power of
/// two, made on demand, kept under a byte budget and let go least recently used first, so
/// memory holds what is on screen, not every picture at full size, and a photo is drawn from
/// the level nearest the scale it shows at (sharp from 5 % to 6400 %: `MarkRenderer+Pictures`).
///
/// Decoding is slow, so it never happens on the main thread: renders there take what is
/// cached (`cached`, `nearest`) and ask for the rest (`prepare`), which a serial queue
/// decodes — one at a time, bounding the memory decodes take — and then tells the observers
/// (each canvas, which renders a new frame on its main thread). Renders off the main thread (full frames,
/// exports) decode what they need at once (`decoded`). Levels are shared by every scribble
/// in the process, keyed by the content's SHA-256: the same picture pasted ten times, or in
/// two windows, is decoded once.
public final class PictureLevels: Sendable {
    /// The process' levels: 256 MB of pixels at most, about five 12-megapixel photos at full
    /// size, or hundreds at the size a screen shows them.
    public static let shared = PictureLevels(budget: 256 * 1024 * 1024)

    /// Which level of which picture.
    struct Key: Hashable {
        let digest: ContentDigest
        let shift: Int
    }

    private struct Entry {
        let level: PictureLevel
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        /// Levels being decoded on the queue.
        var queued: Set<Key> = []
        /// Pictures that cannot be decoded, and why (asked once, not at every frame).
        var failures: [Key: PictureError] = [:]
        /// Told (on the decoding queue) when a level asked for is ready.
        var observers: [Int: @Sendable () -> Void] = [:]
        var nextObserver = 0
    }

    /// The most bytes of pixels kept.
    let budget: Int
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "touchpainter.pictures", qos: .userInitiated)

    /// Levels kept under `budget` bytes (tests make small ones).
    init(budget: Int) {
        self.budget = budget
    }

    /// The bytes of pixels held now.
    public var heldBytes: Int { state.withLock { $0.bytes } }

    /// How many levels are held now.
    var heldCount: Int { state.withLock { $0.entries.count } }

    /// Calls `body` whenever a level asked for by `prepare` is ready, on the decoding queue
    /// (the observer hops to its own thread: GLib's main loop, in the app, does not run
    /// Dispatch's main queue); the number returned stops it (`stopObserving`).
    @discardableResult
    public func observe(_ body: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.nextObserver += 1
            state.observers[state.nextObserver] = body
            return state.nextObserver
        }
    }

    /// Stops the observer `observe` returned `token` for.
    public func stopObserving(_ token: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: token) }
    }

    /// The level `shift` of `content` if it is decoded, marked as just used.
    func cached(_ content: StoredContent, shift: Int) -> PictureLevel? {
        state.withLock { state in
            let key = Key(digest: content.digest, shift: shift)
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.level
        }
    }

    /// The decoded level of `content` nearest `shift` — a finer one first (scaled down it
    /// stays sharp), else the coarsest coarser one — to draw while that one is decoded.
    func nearest(_ content: StoredContent, shift: Int) -> PictureLevel? {
        state.withLock { state in
            let levels = state.entries.filter { $0.key.digest == content.digest }.map(\.value.level)
            let finer = levels.filter { $0.shift <= shift }.max { $0.shift < $1.shift }
            return finer ?? levels.min { $0.shift < $1.shift }
        }
    }

    /// Why `content` cannot be decoded at `shift`, if a decode failed.
    func failure(_ content: StoredContent, shift: Int) -> PictureError? {
        state.withLock { $0.failures[Key(digest: content.digest, shift: shift)] }
    }

    /// The level `shift` of `picture`, decoded now if it is not cached (off the main thread
    /// only: it may take tens of milliseconds); `nil` when it cannot be decoded.
    func decoded(_ picture: Picture, shift: Int) -> PictureLevel? {
        if let level = cached(picture.content, shift: shift) { return level }
        let key = Key(digest: picture.content.digest, shift: shift)
        if state.withLock({ $0.failures[key] != nil }) { return nil }
        let source = picture.source
        switch Result(catching: { () throws(PictureError) in try Self.decode(source, shift: shift) }) {
        case .success(let level):
            keep(level, for: key)
            return level
        case .failure(let error):
            state.withLock { _ = $0.failures[key] = error }
            return nil
        }
    }

    /// Decodes now, on every core the process may use, the levels a render at `scale` (device
    /// pixels a canvas pixel) of the pictures among `marks` that lie in `visible` will draw,
    /// so a frame showing many pictures does not decode them one after another (fifty photos'
    /// first frame: 1.1 s of decodes on one thread). Off the main thread only.
    public func decodeLevels(of marks: [Mark], in visible: Rect, scale: Double) {
        let wanted = marks.compactMap { mark -> (PictureSource, Int)? in
            guard let picture = mark as? Picture, picture.bounds.intersects(visible) else { return nil }
            let shift = picture.shift(forDevicePixelsPerPixel: picture.canvasPixelsPerPixel * scale)
            let key = Key(digest: picture.content.digest, shift: shift)
            return state.withLock { $0.entries[key] == nil && $0.failures[key] == nil } ? (picture.source, shift) : nil
        }
        guard !wanted.isEmpty else { return }
        DispatchQueue.concurrentPerform(iterations: wanted.count) { index in
            let (source, shift) = wanted[index]
            let key = Key(digest: source.content.digest, shift: shift)
            switch Result(catching: { () throws(PictureError) in try Self.decode(source, shift: shift) }) {
            case .success(let level): keep(level, for: key)
            case .failure(let error): state.withLock { _ = $0.failures[key] = error }
            }
        }
    }

    /// Asks for the level `shift` of `picture` to be decoded on the queue (unless it is
    /// there, queued or failed); the observers hear when it is ready.
    func prepare(_ picture: Picture, shift: Int) {
        let key = Key(digest: picture.content.digest, shift: shift)
        let asked = state.withLock { state -> Bool in
            guard state.entries[key] == nil, state.failures[key] == nil, !state.queued.contains(key) else { return false }
            state.queued.insert(key)
            return true
        }
        guard asked else { return }
        let source = picture.source
        queue.async { [self] in
            let result = Result(catching: { () throws(PictureError) in try Self.decode(source, shift: shift) })
            state.withLock { state in
                state.queued.remove(key)
                if case .failure(let error) = result { state.failures[key] = error }
            }
            guard case .success(let level) = result else { return }
            keep(level, for: key)
            let observers = state.withLock { Array($0.observers.values) }
            for observer in observers { observer() }
        }
    }

    /// Waits until every level asked for so far is decoded (tests, the benchmark).
    public func waitForQueue() {
        queue.sync {}
    }

    /// Lets go of every level (tests).
    func removeAll() {
        state.withLock { state in
            state.entries = [:]
            state.bytes = 0
            state.failures = [:]
        }
    }

    /// Keeps `level`, letting go of the least recently used levels until the budget holds
    /// (the level just made is kept even if it alone is over: it is about to be drawn).
    private func keep(_ level: PictureLevel, for key: Key) {
        var released: [PictureLevel] = []
        state.withLock { state in
            state.clock += 1
            if let old = state.entries[key] { state.bytes -= old.level.byteCount }
            state.entries[key] = Entry(level: level, lastUse: state.clock)
            state.bytes += level.byteCount
            while state.bytes > budget, state.entries.count > 1,
                let oldest = state.entries.filter({ $0.key != key }).min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.level.byteCount
                released.append(oldest.value.level) // destroyed outside the lock
            }
        }
        released.removeAll()
    }

    /// Decodes the level `shift` of `picture`: a raster picture through gdk-pixbuf, an SVG
    /// rasterised by librsvg at that scale.
    static func decode(_ picture: PictureSource, shift: Int) throws(PictureError) -> PictureLevel {
        let bytes = picture.content.bytes
        guard picture.isSVG else {
            let (surface, orientation) = try PictureDecoder.decode(bytes, shift: shift)
            return PictureLevel(surface: surface, shift: shift, orientation: orientation)
        }
        let (width, height) = picture.levelSize(shift: shift)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw PictureError(message: "out of memory for the picture", isTooLarge: true)
        }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        do {
            try PictureDecoder.renderSVG(bytes, on: context, width: Double(width), height: Double(height))
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_surface_flush(surface)
        return PictureLevel(surface: surface, shift: shift, orientation: 1)
    }
}

/// What decoding a picture's level needs of it, as a value a decoding thread may take.
struct PictureSource: Sendable {
    let content: StoredContent
    let width: Float, height: Float
    let isSVG: Bool

    /// The size of the level `shift` (`Picture.levelSize`).
    func levelSize(shift: Int) -> (width: Int, height: Int) {
        Picture.levelSize(width: width, height: height, shift: shift)
    }
}

extension Picture {
    /// What a decoding thread needs of the picture.
    var source: PictureSource { PictureSource(content: content, width: width, height: height, isSVG: isSVG) }

    /// Whether the picture's bytes are an SVG (drawn as vectors where the target keeps them).
    var isSVG: Bool {
        !PictureDecoder.isJPEG(content.bytes) && !PictureDecoder.isPNG(content.bytes) && content.bytes.prefix(4) != [0x47, 0x49, 0x46, 0x38]
            && content.bytes.prefix(4) != [0x52, 0x49, 0x46, 0x46]
    }

    /// The size in pixels of the level `shift`: the natural size divided by 2^shift, each
    /// side rounded up (at least 1).
    func levelSize(shift: Int) -> (width: Int, height: Int) {
        Self.levelSize(width: width, height: height, shift: shift)
    }

    /// The size of the level `shift` of a picture of `width` × `height`.
    static func levelSize(width: Float, height: Float, shift: Int) -> (width: Int, height: Int) {
        let w = Double(width), h = Double(height)
        let factor = shift >= 0 ? 1 / Double(1 << min(shift, 30)) : Double(1 << min(-shift, 30))
        return (max(1, Int((w * factor).rounded(.up))), max(1, Int((h * factor).rounded(.up))))
    }

    /// The finest level that may be decoded: the smallest shift (0 for a raster picture, down
    /// to -6 for an SVG, drawn up to 64 times its size) whose level holds at most
    /// `PictureDecoder.maximumLevelPixels`.
    var finestShift: Int {
        var shift = isSVG ? -6 : 0
        while shift < 30 {
            let size = levelSize(shift: shift)
            if size.width * size.height <= PictureDecoder.maximumLevelPixels { return shift }
            shift += 1
        }
        return shift
    }

    /// The coarsest level worth having: where the longer side is a pixel or two.
    var coarsestShift: Int {
        var shift = 0
        while Double(max(width, height)) / Double(1 << shift) > 2 { shift += 1 }
        return max(shift, finestShift)
    }

    /// The level to draw at `devicePixelsPerPixel` (device pixels a picture pixel covers):
    /// the coarsest one at least as fine as the device, so it is only ever scaled down, by
    /// less than half — sharp, not aliased — or, zoomed past the finest, that one scaled up.
    func shift(forDevicePixelsPerPixel scale: Double) -> Int {
        guard scale.isFinite, scale > 0 else { return coarsestShift }
        let wanted = Int((-log2(scale)).rounded(.down))
        return min(max(wanted, finestShift), coarsestShift)
    }
}
