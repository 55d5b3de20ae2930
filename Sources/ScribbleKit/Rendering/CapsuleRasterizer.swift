import CCairo

/// Draws strokes straight into an image surface's pixels, as antialiased capsules (ink):
/// each straight piece of a run is a capsule as wide as the pen, their union is collected in
/// a `CoverageBuffer`, and the run's colour is laid over the pixels once.
///
/// Cairo strokes a path by building its outline — round caps and joins made of many small
/// chords — and scan-converting that polygon; for a big drawing that was three quarters of a
/// full frame. A capsule's coverage comes straight from each pixel's distance to its piece,
/// so a piece costs the pixels it touches and nothing else. The pixels come out as Cairo's
/// do within antialiasing (`CapsuleRasterizerTests` states the bound), and a run is laid on
/// once: a translucent run is no darker where it crosses itself, and an opaque one is exactly
/// its colour wherever it covers a pixel whole.
///
/// It takes over only where it can draw what Cairo would: an ARGB32, RGB24 or A8 image
/// surface (or group), drawn with the OVER operator and antialiasing, through a transform
/// that only scales (the same both ways) and moves, clipped to one rectangle of whole
/// pixels (`init?(context:within:)`); anything else — SVG, PDF, print, a window, a rotated
/// view — is drawn by Cairo as before.
final class CapsuleRasterizer {
    /// Device pixels per user unit, and where the user origin lies, in device pixels of the
    /// whole surface before its device offset (`CoverageBuffer`'s coordinates).
    private let scale: Double
    private let originX: Double
    private let originY: Double
    /// The surface and its pixels; `offsetX`, `offsetY` (its device offset) turn device
    /// pixels into its own.
    private let surface: OpaquePointer
    private let data: UnsafeMutablePointer<UInt8>
    private let stride: Int
    private let format: cairo_format_t
    private let offsetX: Int
    private let offsetY: Int
    /// The clip, in device pixels: what the coverage buffer spans.
    private let clip: (x: Int, y: Int, width: Int, height: Int)
    /// Made when the first piece is drawn: a render that culls everything needs none.
    private var coverage: CoverageBuffer?

    /// A rasterizer for what `context` draws, or `nil` where Cairo must draw it (see above).
    /// `within` (user units), when given, bounds what will be drawn, so the coverage buffer
    /// need not span the whole clip (a few segments of a stroke in progress).
    init?(context: OpaquePointer, within limit: Rect? = nil) {
        guard let target = cairo_get_group_target(context),
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_get_operator(context) == CAIRO_OPERATOR_OVER
        else { return nil }
        let format = cairo_image_surface_get_format(target)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_A8 else { return nil }
        switch cairo_get_antialias(context) {
        case CAIRO_ANTIALIAS_NONE, CAIRO_ANTIALIAS_FAST: return nil
        default: break
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        var deviceScaleX = 1.0, deviceScaleY = 1.0, deviceOffsetX = 0.0, deviceOffsetY = 0.0
        cairo_surface_get_device_scale(target, &deviceScaleX, &deviceScaleY)
        cairo_surface_get_device_offset(target, &deviceOffsetX, &deviceOffsetY)
        // Scale and move only, alike both ways, so that a round pen stays round.
        let scale = matrix.xx * deviceScaleX
        guard matrix.xy == 0, matrix.yx == 0, scale > 0, scale.isFinite,
            abs(matrix.yy * deviceScaleY - scale) <= scale * 1e-9,
            let offsetX = Self.whole(deviceOffsetX), let offsetY = Self.whole(deviceOffsetY)
        else { return nil }
        self.scale = scale
        originX = matrix.x0 * deviceScaleX
        originY = matrix.y0 * deviceScaleY
        // The clip: one rectangle of whole pixels, or Cairo's partial coverage of its edge
        // pixels would be lost.
        guard let list = cairo_copy_clip_rectangle_list(context) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles <= 1 else { return nil }
        var area = (x: 0, y: 0, width: 0, height: 0)
        if list.pointee.num_rectangles == 1, let rectangle = list.pointee.rectangles?.pointee {
            guard let x0 = Self.whole(rectangle.x * scale + originX), let y0 = Self.whole(rectangle.y * scale + originY),
                let x1 = Self.whole((rectangle.x + rectangle.width) * scale + originX),
                let y1 = Self.whole((rectangle.y + rectangle.height) * scale + originY)
            else { return nil }
            area = (x0, y0, x1 - x0, y1 - y0)
        }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        // Within the surface's own pixels.
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        var left = max(area.x, -offsetX), top = max(area.y, -offsetY)
        var right = min(area.x + area.width, width - offsetX), bottom = min(area.y + area.height, height - offsetY)
        if let limit, !limit.isNull {
            let near = limit.outset(by: Float(2 / scale))
            left = max(left, Int((Double(near.minX) * scale + originX).rounded(.down)))
            top = max(top, Int((Double(near.minY) * scale + originY).rounded(.down)))
            right = min(right, Int((Double(near.maxX) * scale + originX).rounded(.up)))
            bottom = min(bottom, Int((Double(near.maxY) * scale + originY).rounded(.up)))
        }
        clip = (left, top, max(0, right - left), max(0, bottom - top))
        surface = target
        self.data = data
        stride = Int(cairo_image_surface_get_stride(target))
        self.format = format
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// `value` as a whole number, if it is one (within rounding).
    private static func whole(_ value: Double) -> Int? {
        let rounded = value.rounded()
        guard abs(value - rounded) < 1e-6, abs(rounded) < 1e9 else { return nil }
        return Int(rounded)
    }

    /// One device pixel, in user units.
    var pixel: Float { Float(1 / scale) }

    /// Where the user-space point (`x`, `y`) lies, in device pixels.
    @inline(__always)
    private func device(_ x: Double, _ y: Double) -> (x: Float, y: Float) {
        (Float(x * scale + originX), Float(y * scale + originY))
    }

    @inline(__always)
    private func buffer() -> CoverageBuffer {
        if let coverage { return coverage }
        let made = CoverageBuffer(x: clip.x, y: clip.y, width: clip.width, height: clip.height)
        coverage = made
        return made
    }

    /// Adds the straight piece from `a` to `b` (user units), the pen's half-width going from
    /// `ra` to `rb` (user units), to the run under way.
    @inline(__always)
    func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), radii ra: Float, _ rb: Float) {
        guard clip.width > 0, clip.height > 0 else { return }
        let s = Float(scale)
        buffer().addCapsule(from: device(a.x, a.y), to: device(b.x, b.y), radii: ra * s, rb * s)
    }

    /// Adds the straight piece from `a` to `b` (user units) to the run under way.
    @inline(__always)
    func line(from a: Point, to b: Point, radii ra: Float, _ rb: Float) {
        line(from: (Double(a.x), Double(a.y)), to: (Double(b.x), Double(b.y)), radii: ra, rb)
    }

    /// Adds a disc of `radius` around `center` (user units) to the run under way.
    func disc(at center: Point, radius: Float) {
        line(from: center, to: center, radii: radius, radius)
    }

    /// Adds `segment` to the run under way, flattened into straight pieces within
    /// `tolerance` user units of the curve as `CurveSegment.add(to:tolerance:)` flattens it
    /// for Cairo, the pen's half-width going from `ra` at its start to `rb` at its end.
    func add(_ segment: CurveSegment, radii ra: Float, _ rb: Float, tolerance: Float) {
        let pieces = segment.pieces(tolerance: tolerance)
        guard pieces > 1 else { return line(from: segment.start, to: segment.end, radii: ra, rb) }
        let s = Float(scale)
        // A short curve (most of a drawing's at 100 %): its pieces in one pass, each pixel
        // taking the coverage of the piece whose edge is nearest it, so a pixel near all of
        // them is not worked out once for each.
        if segment.start.distance(to: segment.end) * s <= 2 * (max(ra, rb) * s + CoverageBuffer.halfDiagonal), clip.width > 0,
            clip.height > 0
        {
            return withUnsafeTemporaryAllocation(of: (x: Float, y: Float).self, capacity: pieces + 1) { points in
                for piece in 0...pieces {
                    let point = piece == 0 ? segment.start : piece == pieces ? segment.end : segment.point(at: Float(piece) / Float(pieces))
                    points[piece] = device(Double(point.x), Double(point.y))
                }
                buffer().addPath(UnsafeBufferPointer(points), radii: ra * s, rb * s)
            }
        }
        var from = segment.start, radius = ra
        for piece in 1...pieces {
            let t = Float(piece) / Float(pieces)
            let to = piece == pieces ? segment.end : segment.point(at: t)
            let next = ra + (rb - ra) * t
            line(from: from, to: to, radii: radius, next)
            from = to
            radius = next
        }
    }

    /// Lays the run drawn so far over the pixels in `color`, once, and starts the next run.
    func lay(_ color: Color) {
        lay(color, joining: false)
    }

    /// Merges the coverage of the run drawn so far into an A8 surface's (each pixel the
    /// larger of the two), and starts the next run: the layer of a translucent stroke in
    /// progress, which then covers each pixel as a full frame's one run of the stroke does.
    func join() {
        lay(.black, joining: true)
    }

    private func lay(_ color: Color, joining: Bool) {
        guard let coverage, !coverage.isEmpty else { return }
        cairo_surface_flush(surface) // Cairo may have drawn since
        let source = Self.premultiplied(color)
        var dirty = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
        coverage.drain { row, first, last, cells in
            let line = data + (row + offsetY) * stride
            if format == CAIRO_FORMAT_A8 {
                let pixels = line + first + offsetX
                if joining {
                    for i in 0...(last - first) where cells[i] > pixels[i] { pixels[i] = cells[i] }
                } else {
                    for i in 0...(last - first) where cells[i] > 0 {
                        let lit = Self.multiply(source >> 24, UInt32(cells[i])) & 0xFF
                        pixels[i] = UInt8(min(255, lit + Self.multiply(UInt32(pixels[i]), 255 - lit) & 0xFF))
                    }
                }
            } else {
                let raw = UnsafeMutableRawPointer(line + (first + offsetX) * 4)
                let pixels = raw.assumingMemoryBound(to: UInt32.self)
                Self.composite(source, cells, over: pixels, count: last - first + 1)
            }
            dirty = (min(dirty.minX, first), min(dirty.minY, row), max(dirty.maxX, last), max(dirty.maxY, row))
        }
        guard dirty.minX <= dirty.maxX else { return }
        // (Cairo adds the device offset itself.)
        cairo_surface_mark_dirty_rectangle(
            surface, Int32(dirty.minX), Int32(dirty.minY), Int32(dirty.maxX - dirty.minX + 1), Int32(dirty.maxY - dirty.minY + 1))
    }

    /// `color` premultiplied as Cairo makes a solid source of it (8 bits a channel, ARGB in
    /// one word), so that a pixel it covers whole gets the very value Cairo gives it.
    static func premultiplied(_ color: Color) -> UInt32 {
        let alpha = Double(color.alpha) / 255
        // Cairo keeps 16 bits a channel (premultiplied in floating point); pixman takes the top 8.
        func channel(_ value: UInt8) -> UInt32 { UInt32(UInt16(Double(value) / 255 * alpha * 65535 + 0.5) >> 8) }
        return UInt32(color.alpha) << 24 | channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
    }

    /// `source` (premultiplied), through each coverage level in `cells`, OVER `count`
    /// pixels, with pixman's rounding (its `over_n_8_8888`): the colour times the coverage,
    /// plus the pixel times what that leaves uncovered.
    @inline(__always)
    private static func composite(_ source: UInt32, _ cells: UnsafeMutablePointer<UInt8>, over pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        let isOpaque = source >> 24 == 255
        for i in 0..<count {
            let level = UInt32(cells[i])
            if level == 0 { continue }
            if level == 255, isOpaque {
                pixels[i] = source
                continue
            }
            let lit = multiply(source, level)
            pixels[i] = add(multiply(pixels[i], 255 - lit >> 24), lit)
        }
    }

    /// Each 8-bit channel of `x` times `a` / 255, rounded as pixman rounds.
    @inline(__always)
    private static func multiply(_ x: UInt32, _ a: UInt32) -> UInt32 {
        var rb = (x & 0xFF00FF) &* a &+ 0x800080
        rb = ((rb &+ ((rb >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
        var ag = ((x >> 8) & 0xFF00FF) &* a &+ 0x800080
        ag = (ag &+ ((ag >> 8) & 0xFF00FF)) & 0xFF00FF00
        return rb | ag
    }

    /// Each 8-bit channel of `x` plus `y`, saturating at 255.
    @inline(__always)
    private static func add(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var rb = (x & 0xFF00FF) &+ (y & 0xFF00FF)
        rb = (rb | (0x1000100 &- ((rb >> 8) & 0xFF00FF))) & 0xFF00FF
        var ag = ((x >> 8) & 0xFF00FF) &+ ((y >> 8) & 0xFF00FF)
        ag = (ag | (0x1000100 &- ((ag >> 8) & 0xFF00FF))) & 0xFF00FF
        return rb | ag << 8
    }
}
