import CCairo
import CairoKit

/// The Visitor that draws a mark tree with Cairo (book chapter 15). It draws onto any
/// `cairo_t` — a window, an image, an SVG or PDF surface — so the canvas, thumbnails and
/// export all share one drawing code path.
///
/// What misses the context's clip is skipped before Cairo strokes or fills anything — whole
/// marks by their bounds, lone vertices by their disc, and each segment of a stroke whose
/// pen does not reach the clip — so repainting a small dirty rectangle costs work
/// proportional to what touches it, not to the whole drawing. The
/// canvas' full frames also leave out the segments an `OcclusionMap` finds hidden.
///
/// Onto an image (the canvas' frames, PNG export, thumbnails, the time-lapse) seen through a
/// plain scale-and-move transform, strokes and dots are drawn by a `CapsuleRasterizer`
/// straight into the pixels (`MarkRenderer+Capsules`); Cairo strokes and fills everything
/// else (vector exports, print, the window, odd transforms).
public final class MarkRenderer: MarkVisitor, PackedStrokeVisitor {
    /// Longest run of vertices handed to Cairo as one path (not to a `CapsuleRasterizer`,
    /// whose cost per vertex is flat); longer runs go in chunks that
    /// share their end vertex, because Cairo's cost per vertex grows with the path: a
    /// million-vertex stroke takes seven times as long in one path as in chunks of 512.
    /// Chunks of 64 to 512 vertices render the benchmark's scribble equally fast, 1,024 and
    /// more slower; the longest of the good ones has the fewest seams.
    static let chunkLength = 512
    /// How far beyond what can show a segment may reach before it is cut there: Cairo draws
    /// a segment spanning more than about 100,000 px wrongly, or not at all (a 2,000,000 px
    /// line 8 px wide paints nothing), and locations may be 1,000,000 px out (`MarkLimits`).
    /// Far enough that the cut ends, and their caps, never show; a segment that stays within
    /// it — every segment a hand draws — goes to Cairo exactly as it is.
    static let segmentReach: Float = 4096
    /// How far, in device pixels, a curve may stray from a straight segment and still be
    /// drawn as one: Cairo's own tolerance when it flattens curves, so nothing shows.
    static let flatness: Float = 0.1
    /// The context drawn onto.
    let context: OpaquePointer
    /// The clip's extents, in user units.
    let clip: Rect
    /// One device pixel, in user units: the margin culling leaves for antialiasing.
    let pixel: Float
    /// Segments of a snapshot that later strokes hide, if known (full frames; see `OcclusionMap`).
    let occlusion: OcclusionMap?
    /// Draws the strokes and dots into the target's pixels, where it can (see above).
    let raster: CapsuleRasterizer?
    /// Stops a snapshot's render at its next mark once cancelled (a frame no longer wanted).
    private let cancellation: RenderCancellation?
    /// Whether PDF pages show their content or only their paper (`MarkRenderer+Pages`).
    let pages: PageDrawing

    /// Prepares to draw onto `context`, reading its current clip once.
    public convenience init(context: CairoContext) {
        self.init(context: context.pointer, occlusion: nil)
    }

    /// Prepares to draw onto `context` (a `cairo_t *`: ScribbleKit's own renderers).
    convenience init(context: OpaquePointer) {
        self.init(context: context, occlusion: nil)
    }

    /// Prepares to draw onto `context`, leaving out the segments `occlusion` says are hidden
    /// when rendering the snapshot it was made for.
    /// `rasterizing` false draws everything with Cairo, even where a `CapsuleRasterizer`
    /// could (tests compare the two). `pages` `.paper` leaves PDF pages' content out: for
    /// renders on the main thread, which must never wait on poppler.
    init(
        context: OpaquePointer, occlusion: OcclusionMap?, cancellation: RenderCancellation? = nil, rasterizing: Bool = true,
        pages: PageDrawing = .content
    ) {
        self.context = context
        self.pages = pages
        self.occlusion = occlusion
        self.cancellation = cancellation
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        clip = Rect(minX: Float(x1), minY: Float(y1), maxX: Float(x2), maxY: Float(y2))
        var dx = 1.0, dy = 1.0
        cairo_device_to_user_distance(context, &dx, &dy)
        pixel = Float(max(abs(dx), abs(dy)))
        raster = rasterizing ? CapsuleRasterizer(context: context) : nil
    }

    /// The pens of the strokes being drawn, the innermost last (`visit(stroke:)` to
    /// `leave(stroke:)`).
    private var pens: [Pen] = []
    /// The index among the snapshot root's mark children of the top-level stroke about to
    /// be entered, for the occlusion map; `nil` elsewhere.
    private var enteringChild: Int?

    /// Draws `mark` and everything under it.
    public func render(_ mark: Mark) {
        mark.accept(self)
    }

    /// A filled circle of diameter `size` centred on the dot.
    public func visit(dot: Dot) {
        guard let color = dot.color, dot.bounds.outset(by: pixel).intersects(clip) else { return }
        if let raster {
            raster.disc(at: dot.location, radius: dot.size / 2)
            return raster.lay(color)
        }
        fillCircle(at: dot.location, diameter: dot.size, color: color)
    }

    /// A bare vertex paints nothing: it is only a location, drawn as part of its stroke.
    public func visit(vertex: Vertex) {}

    /// Takes up the stroke's pen, unless the stroke misses the clip (then none of it is drawn).
    public func visit(stroke: Stroke) -> Bool {
        let child = enteringChild
        enteringChild = nil
        let bounds = stroke.bounds
        guard !isCulled(bounds) else { return false }
        pens.append(Pen(color: stroke.color, size: stroke.size, pressures: stroke.pressures, bounds: bounds, child: child))
        return true
    }

    /// Strokes a run of inline vertices with round caps and joins, with the stroke's pen. A
    /// run of one vertex shows as a round dot.
    public func visit(vertices range: Range<Int>, of stroke: Stroke) {
        guard let pen = pens.last else { return }
        // Read where they lie, never unpacking the stroke (this may run on a render thread).
        let stored = stroke.storedElements, packedCount = stored.packedCount
        Stroke.withChildren(after: packedCount, of: stored) {
            drawRun($0, (range.lowerBound - packedCount)..<(range.upperBound - packedCount), pen: pen, child: pen.child)
        }
    }

    /// Draws a group's packed children (`PackedStroke`) as `accept` draws each stroke they
    /// stand for, with no object made.
    func visit(packed: [PackedStroke], of stroke: Stroke) {
        for child in packed { render(packed: child, child: nil) }
    }

    /// Puts the stroke's pen down.
    public func leave(stroke: Stroke) {
        pens.removeLast()
    }

    /// Draws the tree `snapshot` froze, exactly as `render(_:)` would have drawn its root
    /// then. Safe on any thread, concurrently with changes to the scribble: the root, which
    /// goes on changing, is walked here as it was frozen; each of its marks is drawn
    /// through its `accept` (a top-level stroke as it was: sealed, or frozen).
    public func render(_ snapshot: RenderSnapshot) {
        render(snapshot, marks: 0..<snapshot.children.count)
    }

    /// Draws only the snapshot root's mark children `marks` (and the root's own vertices
    /// just before each, and after the last when `marks` reaches the end): successive ranges
    /// draw, between them, what `render(_:)` draws (a vector export in parts).
    func render(_ snapshot: RenderSnapshot, marks: Range<Int>) {
        let root = snapshot.root
        guard !isCulled(root.bounds) else { return }
        let pen = Pen(color: root.color, size: root.size, pressures: [], bounds: root.bounds, child: nil)
        // The packed strokes come first, with no vertex of the root's between them.
        let packedCount = root.elements.packedCount
        for k in marks.clamped(to: 0..<packedCount) {
            if cancellation?.isCancelled == true { return }
            if let packed = snapshot.children.packed(k) { render(packed: packed, child: k) }
        }
        root.elements.unpackedElements.withUnsafeBufferPointer { elements in
            let elements = StrokeElements.UnsafeBuffer(elements: elements)
            var runStart = 0, markIndex = packedCount
            for index in elements.indices {
                guard case .mark(let mark) = elements[index] else { continue }
                if marks.contains(markIndex) {
                    drawRun(elements, runStart..<index, pen: pen, child: nil)
                    render(child: markIndex, mark, of: snapshot)
                }
                markIndex += 1
                runStart = index + 1
            }
            if marks.upperBound == markIndex { drawRun(elements, runStart..<elements.count, pen: pen, child: nil) }
        }
    }

    /// Draws the snapshot root's `k`-th mark child, `mark`, through `accept`: a stroke as the
    /// snapshot holds it, skipped by its bounds first without freezing it.
    private func render(child k: Int, _ mark: Mark, of snapshot: RenderSnapshot) {
        if cancellation?.isCancelled == true { return }
        if let bounds = snapshot.children.strokeBounds(k), isCulled(bounds) { return }
        guard let stroke = snapshot.children[k] else { return mark.accept(self) }
        enteringChild = k
        stroke.accept(self)
        enteringChild = nil
    }

    /// Draws a stroke kept packed — the snapshot root's `k`-th mark child (`child`), or a
    /// group's — as `Stroke.accept` draws the stroke it stands for (`visit(stroke:)`, its one
    /// run of vertices, `leave(stroke:)`).
    private func render(packed: PackedStroke, child k: Int?) {
        let bounds = packed.bounds
        guard !isCulled(bounds) else { return }
        let pen = Pen(color: packed.color, size: packed.size, pressures: [], bounds: bounds, child: k)
        if packed.count == 1 {
            withUnsafePointer(to: packed.first) {
                drawRun(StrokeElements.UnsafeBuffer(points: UnsafeBufferPointer(start: $0, count: 1)), 0..<1, pen: pen, child: k)
            }
        } else {
            // A tuple of one type lies in memory as an array of it.
            withUnsafePointer(to: (packed.first, packed.second)) { pair in
                pair.withMemoryRebound(to: Point.self, capacity: 2) {
                    drawRun(StrokeElements.UnsafeBuffer(points: UnsafeBufferPointer(start: $0, count: 2)), 0..<2, pen: pen, child: k)
                }
            }
        }
    }

    /// Whether a stroke covering `bounds` misses the clip, its smoothed curve and a pixel's
    /// antialiasing allowed for.
    private func isCulled(_ bounds: Rect) -> Bool {
        !bounds.outset(by: pixel + Stroke.smoothingReach).intersects(clip)
    }

    /// Draws one smoothed run through `elements[range]`, which are inline vertices only
    /// (`CurveSegment`); segments whose pen misses the clip, or that the occlusion map says
    /// are hidden, are left out, and long runs go to Cairo in chunks. A translucent run must
    /// be no darker where it crosses itself or where its chunks meet: one `cairo_stroke`
    /// lays its whole outline on once, so only a run of several chunks is drawn opaque into
    /// a group that is then laid on with its opacity (vector exports keep plain paths for
    /// the rest: some SVG viewers mishandle Cairo's masked groups).
    private func drawRun(_ elements: StrokeElements.UnsafeBuffer, _ range: Range<Int>, pen: Pen, child: Int?) {
        guard let color = pen.color, !range.isEmpty else { return }
        let size = pen.size, bounds = pen.bounds
        let run = elements.rebasing(range)
        let hidden: (map: OcclusionMap, child: Int)? = if let occlusion, let child { (occlusion, child) } else { nil }
        if let raster { return rasterize(run, from: range.lowerBound, pen: pen, color: color, hidden: hidden, into: raster) }
        if run.count == 1 {
            let center = Self.point(run[0])
            if Rect.null.union(center).outset(by: size / 2 + pixel).intersects(clip) {
                fillCircle(at: center, diameter: pen.width(at: range.lowerBound), color: color)
            }
            return
        }
        if !pen.pressures.isEmpty {
            return drawPressureRun(run, from: range.lowerBound, pen: pen, color: color, hidden: hidden)
        }
        let isLayered = color.alpha < 255 && run.count > Self.chunkLength + 1
        if isLayered { beginLayer(covering: bounds) }
        setSource(isLayered ? color.opaque : color)
        cairo_set_line_width(context, Double(size))
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        let reach = clip.outset(by: size / 2 + pixel)
        let farReach = reach.outset(by: Self.segmentReach)
        let curveReach = reach.outset(by: Stroke.smoothingReach) // where any segment's curve may reach
        let tolerance = Self.flatness * pixel
        var isEmpty = true // whether the path holds a segment not stroked yet
        var isOpen = false // whether the path's current subpath ends at run[index - 1]
        for index in 1..<run.count {
            // Chunks end at fixed vertices, whatever was culled, so a clipped repaint
            // leaves exactly the pixels a whole render does.
            if index % Self.chunkLength == 1, index > 1, !isEmpty {
                cairo_stroke(context)
                isEmpty = true
                isOpen = false
            }
            let isHidden = hidden.map { $0.map.isHidden(child: $0.child, element: range.lowerBound + index) } ?? false
            guard !isHidden, curveReach.touches(Self.point(run[index - 1]), Self.point(run[index])) else {
                isOpen = false
                continue
            }
            let segment = CurveSegment(run, endingAt: index, first: 0, last: run.count - 1)
            let (from, to) = (segment.start, segment.end)
            guard reach.outset(by: segment.deviation).touches(from, to) else {
                isOpen = false
                continue
            }
            if farReach.contains(from), farReach.contains(to) {
                if !isOpen { cairo_move_to(context, Double(from.x), Double(from.y)) }
                segment.add(to: context, tolerance: tolerance)
                isOpen = true
            } else {
                // Only the part that can show, as its own piece of the path (straight: no
                // hand draws a segment thousands of pixels long).
                guard let part = farReach.part(of: from, to) else {
                    isOpen = false
                    continue
                }
                if !isOpen || part.start != (Double(from.x), Double(from.y)) {
                    cairo_move_to(context, part.start.x, part.start.y)
                }
                cairo_line_to(context, part.end.x, part.end.y)
                isOpen = part.end == (Double(to.x), Double(to.y))
            }
            isEmpty = false
        }
        if isEmpty { cairo_new_path(context) } else { cairo_stroke(context) }
        if isLayered { endLayer(opacity: color) }
    }

    /// Draws a run drawn with pressure as filled outlines (`PressureOutline`), one path a
    /// chunk, leaving out what misses the clip and what the occlusion map says is hidden.
    private func drawPressureRun(
        _ run: StrokeElements.UnsafeBuffer, from offset: Int, pen: Pen, color: Color,
        hidden: (map: OcclusionMap, child: Int)?
    ) {
        let isLayered = color.alpha < 255 && run.count > Self.chunkLength + 1
        if isLayered { beginLayer(covering: pen.bounds) }
        setSource(isLayered ? color.opaque : color)
        let curveReach = clip.outset(by: pen.size / 2 + pixel + Stroke.smoothingReach)
        let tolerance = Self.flatness * pixel
        var outline = PressureOutline(context: context)
        var isEmpty = true
        for index in 1..<run.count {
            if index % Self.chunkLength == 1, index > 1, !isEmpty {
                outline.finish()
                cairo_fill(context)
                isEmpty = true
            }
            let isHidden = hidden.map { $0.map.isHidden(child: $0.child, element: offset + index) } ?? false
            guard !isHidden, curveReach.touches(Self.point(run[index - 1]), Self.point(run[index])) else { continue }
            let segment = CurveSegment(run, endingAt: index, first: 0, last: run.count - 1)
            if isEmpty || !outline.isAt(segment.start) {
                outline.start(at: segment.start, radius: pen.width(at: offset + index - 1) / 2)
            }
            outline.add(segment, endRadius: pen.width(at: offset + index) / 2, tolerance: tolerance)
            isEmpty = false
        }
        outline.finish()
        if isEmpty { cairo_new_path(context) } else { cairo_fill(context) }
        if isLayered { endLayer(opacity: color) }
    }

    /// Starts a group for a translucent run of several chunks, no bigger than the part of the clip its
    /// stroke's `bounds` cover (a group costs its area in memory and in compositing).
    private func beginLayer(covering bounds: Rect) {
        // Whole device pixels: a clip edge through a pixel would cut its antialiasing.
        let near = bounds.outset(by: pixel + Stroke.smoothingReach).intersection(clip)
        let area = Rect(
            minX: (near.minX / pixel).rounded(.down) * pixel, minY: (near.minY / pixel).rounded(.down) * pixel,
            maxX: (near.maxX / pixel).rounded(.up) * pixel, maxY: (near.maxY / pixel).rounded(.up) * pixel)
        cairo_save(context)
        cairo_rectangle(context, Double(area.minX), Double(area.minY), Double(area.width), Double(area.height))
        cairo_clip(context)
        cairo_push_group(context)
    }

    /// Lays the group on with `color`'s opacity.
    private func endLayer(opacity color: Color) {
        cairo_pop_group_to_source(context)
        cairo_paint_with_alpha(context, color.unitComponents.alpha)
        cairo_restore(context)
    }

    /// The location of an inline vertex.
    @inline(__always)
    static func point(_ element: Stroke.Element) -> Point {
        if case .vertex(let point) = element { point } else { .zero }
    }

    private func fillCircle(at center: Point, diameter: Float, color: Color) {
        setSource(color)
        cairo_new_path(context)
        cairo_arc(context, Double(center.x), Double(center.y), Double(diameter) / 2, 0, 2 * Double.pi)
        cairo_fill(context)
    }

    private func setSource(_ color: Color) {
        let c = color.unitComponents
        cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha)
    }
}

extension Rect {
    /// Whether `point` lies inside or on the edge.
    @inline(__always)
    func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The part of the segment `a`–`b` inside this rectangle, computed in double precision
    /// so that it lies on the segment's line (Liang–Barsky); `nil` if none of it does.
    func part(of a: Point, _ b: Point) -> (start: (x: Double, y: Double), end: (x: Double, y: Double))? {
        let x = Double(a.x), y = Double(a.y), dx = Double(b.x) - x, dy = Double(b.y) - y
        var enter = 0.0, leave = 1.0
        // Each edge: the segment's motion towards the outside, and its room to the edge.
        for (towards, room) in [(-dx, x - Double(minX)), (dx, Double(maxX) - x), (-dy, y - Double(minY)), (dy, Double(maxY) - y)] {
            if towards == 0 {
                if room < 0 { return nil }
            } else if towards < 0 {
                enter = max(enter, room / towards)
            } else {
                leave = min(leave, room / towards)
            }
        }
        guard enter <= leave else { return nil }
        return ((x + enter * dx, y + enter * dy), (x + leave * dx, y + leave * dy))
    }

    /// Whether the segment's bounding box meets this rectangle.
    @inline(__always)
    func touches(_ a: Point, _ b: Point) -> Bool {
        min(a.x, b.x) <= maxX && max(a.x, b.x) >= minX && min(a.y, b.y) <= maxY && max(a.y, b.y) >= minY
    }
}

/// How a stroke's runs are drawn: its colour, size and pressures, and its bounds; `child` is
/// the stroke's index among a snapshot root's mark children, for the occlusion map.
struct Pen {
    let color: Color?
    let size: Float
    let pressures: [UInt8]
    let bounds: Rect
    let child: Int?

    /// The pen's width at child `index`.
    @inline(__always)
    func width(at index: Int) -> Float { PressureOutline.width(size: size, pressures: pressures, at: index) }
}
