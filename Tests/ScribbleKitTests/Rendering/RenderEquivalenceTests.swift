import CCairo
import Glibc
import Testing
@testable import ScribbleKit

/// The canvas' optimised rendering — full frames in tiles on several threads, segments
/// culled by the clip and by the occlusion map, long runs in chunks — must paint the
/// picture a plain renderer paints: every mark in order, each run of vertices one pass of
/// its smoothed segments, nothing culled. Onto images, runs are drawn as capsules
/// (`CapsuleRasterizer`), so the plain renderer draws each run's capsules in one pass too;
/// `CapsuleRasterizerTests` compares the capsules with Cairo's strokes.
///
/// Tolerance, stated as `PixelDifference.isWithinTolerance`: at most 1 pixel in 2,000 may
/// differ, and by at most 16 levels (of 255) in any channel. Leaving geometry out never
/// changes what covers a pixel, but Cairo's scan converter rounds a pixel row's coverage
/// differently depending on the other edges in that row: stroking a second path far off to
/// the side, in the same `cairo_stroke`, moves a few antialiased pixels of the first by up to
/// 5 levels (measured over 200 random pairs). Culling — by the clip, by tile, by occlusion —
/// leaves out such far-off geometry, and over 60 dense random scribbles it moved at most 22
/// pixels (of 307,200) by at most 10 levels. Nothing else may differ. (That was Cairo's
/// stroker; a capsule's coverage of a pixel depends only on the pieces near it, so culling
/// changes none of the capsules' pixels, and the tolerance is only ever slack.)
///
/// Runs longer than `MarkRenderer.chunkLength` vertices go to Cairo in chunks (as they
/// always have: one path of a million vertices takes Cairo's stroker seven times as long),
/// and where two chunks of one run overlap, their antialiased edges are blended twice
/// instead of once (a translucent run's chunks share one group, so its colour is not).
/// `translucentChunksBlendOnce` checks the colour. `longRunsDifferOnlyWhereChunksOverlap` allows
/// exactly those pixels besides the tolerance above.
@Suite(.timeLimit(.minutes(1))) struct RenderEquivalenceTests {
    @Test(arguments: [1, 2])
    func fullFrameMatchesThePlainRender(scale: Int) {
        for seed: UInt64 in [1, 2, 3] {
            let scribble = DenseScribble.make(seed: seed)
            let backdrop = CanvasBackdrop(
                rendering: scribble.root, width: 320, height: 240, scale: scale,
                background: .plain)
            let reference = PlainRender(scribble.root, width: 320, height: 240, scale: scale)
            let difference = PixelDifference(backdrop.surface, reference.surface)
            #expect(difference.isWithinTolerance, "seed \(seed), scale \(scale): \(difference)")
        }
    }

    @Test func occlusionHidesSegmentsInADenseScribble() {
        // Guards the test above: it only proves something if much was left out.
        let scribble = DenseScribble.make(seed: 1)
        let snapshot = RenderSnapshot(of: scribble.root)
        let map = OcclusionMap(snapshot, scale: 1, origin: (0, 0), width: 320, height: 240)
        var hidden = 0, total = 0
        for (child, stroke) in snapshot.children.enumerated() {
            guard let stroke else { continue }
            for index in 1..<max(1, stroke.elements.count) {
                total += 1
                if map.isHidden(child: child, element: index) { hidden += 1 }
            }
        }
        #expect(hidden > total / 3, "\(hidden) of \(total) segments hidden")
    }

    @Test func aMapMadeInBandsHidesWhatOneWalkHides() {
        // A vector export's page map is made in bands on every core: bit for bit the map of
        // one walk, at any band count, scale and origin (a PDF's content must not change).
        let scribble = DenseScribble.make(seed: 5)
        let snapshot = RenderSnapshot(of: scribble.root)
        let setups: [(scale: Float, origin: (x: Float, y: Float))] = [(1, (0, 0)), (2.5, (-31, 47.5))]
        for (scale, origin) in setups {
            let (width, height) = (Int(320 * scale), Int(240 * scale))
            let single = OcclusionMap(snapshot, scale: scale, origin: origin, width: width, height: height)
            for bands in [2, 3, 7] {
                let banded = OcclusionMap(snapshot, scale: scale, origin: origin, width: width, height: height, bands: bands)
                var differing = 0, hidden = 0
                for (child, stroke) in snapshot.children.enumerated() {
                    guard let stroke else { continue }
                    for index in 1..<max(1, stroke.elements.count) {
                        if single.isHidden(child: child, element: index) { hidden += 1 }
                        if single.isHidden(child: child, element: index) != banded.isHidden(child: child, element: index) { differing += 1 }
                    }
                }
                #expect(differing == 0 && hidden > 1000, "scale \(scale), \(bands) bands: \(differing) differ, \(hidden) hidden")
            }
        }
    }

    @Test func repaintedAreasMatchThePlainRender() {
        let scribble = DenseScribble.make(seed: 4)
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 320, height: 240, scale: 1, background: .plain)
        // Undo takes marks off one by one; each repaints only the area the mark covered.
        for mark in scribble.marks.suffix(6).reversed() {
            let dirty = mark.bounds
            scribble.remove(mark)
            backdrop.repaint(dirty, background: .plain, root: scribble.root)
        }
        let reference = PlainRender(scribble.root, width: 320, height: 240, scale: 1)
        let difference = PixelDifference(backdrop.surface, reference.surface)
        #expect(difference.isWithinTolerance, "\(difference)")
    }

    @Test func aSnapshotKeepsThePictureOfItsMoment() {
        let scribble = DenseScribble.make(seed: 6)
        let before = CanvasBackdrop(rendering: scribble.root, width: 320, height: 240, scale: 1, background: .plain)
        let snapshot = RenderSnapshot(of: scribble.root)
        // Everything the scribble can go through while a full frame renders elsewhere.
        if let stroke = scribble.marks.last(where: { $0 is Stroke }) as? Stroke {
            for step in 0..<50 { scribble.append(Point(x: Float(step * 6), y: 120), to: stroke) }
        }
        scribble.add(Dot(location: Point(x: 160, y: 120), color: .black, size: 40))
        scribble.remove(scribble.marks[3])
        let later = CanvasBackdrop(rendering: snapshot, width: 320, height: 240, scale: 1, background: .plain)
        let difference = PixelDifference(later.surface, before.surface)
        #expect(difference.count == 0, "\(difference)")
    }

    @Test func aFrameCaughtUpWithPendingChangesIsTheLiveCanvas() {
        let scribble = DenseScribble.make(seed: 7, strokes: 60)
        let history = CommandHistory()
        // The live canvas: a full frame, then each change drawn as it comes.
        let live = CanvasBackdrop(rendering: scribble.root, width: 320, height: 240, scale: 1, background: .plain)
        let snapshot = RenderSnapshot(of: scribble.root)
        let observer = ChangeForwarder { change in
            live.apply(change, root: scribble.root, background: .plain)
        }
        scribble.addObserver(observer)
        var pending = PendingChanges()
        observer.also = { pending.record($0) }

        let stroke = Stroke(color: Color(red: 200, green: 30, blue: 90, alpha: 160), size: 9)
        stroke.append(Point(x: 20, y: 20))
        history.execute(DrawScribbleCommand(scribble: scribble, mark: stroke))
        for step in 1...80 {
            scribble.append(Point(x: 20 + Float(step) * 3, y: 20 + Float(step % 9) * 4), to: stroke)
        }
        history.execute(
            DrawScribbleCommand(
                scribble: scribble,
                mark: Dot(
                    location: Point(x: 200, y: 150),
                    color: .black, size: 16)))
        for step in 81...120 { scribble.append(Point(x: 20 + Float(step) * 2, y: 200), to: stroke) }

        let caughtUp = CanvasBackdrop(rendering: snapshot, width: 320, height: 240, scale: 1, background: .plain)
        #expect(pending.replay(on: caughtUp))
        let difference = PixelDifference(caughtUp.surface, live.surface)
        #expect(difference.count == 0, "\(difference)")

        history.undo() // a removal cannot be replayed by drawing on top: the frame is stale
        #expect(pending.isStale)
        #expect(!pending.replay(on: caughtUp))
        scribble.removeObserver(observer)
    }

    @Test func longRunsDifferOnlyWhereChunksOverlap() {
        let scribble = DenseScribble.make(seed: 5, strokes: 12, vertices: 1200...1600)
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 320, height: 240, scale: 1, background: .plain)
        let reference = PlainRender(scribble.root, width: 320, height: 240, scale: 1)
        let overlaps = ChunkOverlaps(scribble.marks.compactMap { $0 as? Stroke }, width: 320, height: 240)
        // A translucent run of several chunks is laid on as a group, which rounds its colour
        // once more than one path does: a level or three.
        let difference = PixelDifference(backdrop.surface, reference.surface, rounding: 3, ignoring: overlaps.contains)
        #expect(overlaps.count > 0, "the scribble must have runs long enough to be chunked")
        #expect(difference.isWithinTolerance, "away from chunk overlaps: \(difference)")
    }
}

/// The pixels that two chunks of one long run both touch, found by drawing each chunk's
/// coverage on its own.
struct ChunkOverlaps {
    private var overlapping: Set<Int> = []
    private let width: Int

    /// Draws every chunk of each stroke in `strokes` (inline vertices only) on a canvas of
    /// `width` × `height`.
    init(_ strokes: [Stroke], width: Int, height: Int) {
        self.width = width
        for stroke in strokes {
            let points = stroke.elements.compactMap { element -> Point? in
                if case .vertex(let point) = element { point } else { nil }
            }
            var seen: Set<Int> = [] // pixels the run's earlier chunks touch
            var start = 0
            while start < points.count - 1 {
                let end = min(start + MarkRenderer.chunkLength, points.count - 1)
                let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
                let context = cairo_create(mask)!
                cairo_set_line_width(context, Double(stroke.size))
                cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
                cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
                cairo_move_to(context, Double(points[start].x), Double(points[start].y))
                for point in points[(start + 1)...end] { cairo_line_to(context, Double(point.x), Double(point.y)) }
                cairo_stroke(context)
                cairo_surface_flush(mask)
                let data = cairo_image_surface_get_data(mask)!
                let stride = Int(cairo_image_surface_get_stride(mask))
                var touched: Set<Int> = []
                for y in 0..<height {
                    for x in 0..<width where data[y * stride + x] != 0 {
                        let pixel = y * width + x
                        if seen.contains(pixel) { overlapping.insert(pixel) }
                        touched.insert(pixel)
                    }
                }
                seen.formUnion(touched)
                cairo_destroy(context)
                cairo_surface_destroy(mask)
                start = end
            }
        }
    }

    /// How many pixels two chunks of one run both touch.
    var count: Int { overlapping.count }

    /// Whether two chunks of one run both touch pixel (`x`, `y`).
    func contains(x: Int, y: Int) -> Bool { overlapping.contains(y * width + x) }
}

/// The plain renderer the optimised one must match, onto an RGB24 surface like the
/// backdrop's: every mark in order, each run of vertices one pass of capsules (as the
/// canvas draws onto images), no culling, no chunks, no tiles, no occlusion.
final class PlainRender: MarkVisitor {
    /// The `cairo_surface_t *`.
    let surface: OpaquePointer
    private let context: OpaquePointer

    /// Renders `root` on white at `scale` device pixels per pixel.
    init(_ root: Mark, width: Int, height: Int, scale: Int) {
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width * scale), Int32(height * scale))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        context = cairo_create(surface)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        root.accept(self)
        cairo_surface_flush(surface)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// A filled circle.
    func visit(dot: Dot) {
        guard let color = dot.color, let raster = CapsuleRasterizer(context: context) else { return }
        raster.disc(at: dot.location, radius: dot.size / 2)
        raster.lay(color)
    }

    /// Nothing: a vertex is drawn as part of its stroke.
    func visit(vertex: Vertex) {}

    /// Each run of vertices as one path; the stroke passes this visitor to its child marks in between.
    func visit(vertices range: Range<Int>, of stroke: Stroke) {
        draw(stroke.elements[range].map { if case .vertex(let point) = $0 { point } else { .zero } }, of: stroke)
    }

    private func draw(_ run: [Point], of stroke: Stroke) {
        guard let color = stroke.color, let first = run.first, let raster = CapsuleRasterizer(context: context) else { return }
        let radius = stroke.size / 2
        if run.count == 1 {
            raster.disc(at: first, radius: radius)
            raster.lay(color)
            return
        }
        var dx = 1.0, dy = 1.0
        cairo_device_to_user_distance(context, &dx, &dy)
        for index in 1..<run.count {
            let segment = CurveSegment(run[max(index - 2, 0)], run[index - 1], run[index], run[min(index + 1, run.count - 1)])
            raster.add(segment, radii: radius, radius, tolerance: MarkRenderer.flatness * Float(max(abs(dx), abs(dy))))
        }
        raster.lay(color)
    }
}
