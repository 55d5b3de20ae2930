import CairoKit
import CCairo
import Glibc
import Testing
@testable import ScribbleKit

/// The capsule rasterizer against Cairo: the same marks, drawn once through `MarkRenderer`'s
/// capsules and once through Cairo's stroker, at zooms from 5 % to 6400 %, at device scale 2
/// and far from the origin.
///
/// The bound, per pixel and channel: equal wherever the pixel's centre lies a pixel or more
/// inside the pen's edge or outside it (both cover it wholly, or not at all, and lay the
/// colour on with pixman's rounding). Along the edge both compute the pixel's area inside
/// the pen, but differently: the capsules exactly for an edge taken straight across the
/// pixel; Cairo for its outline, whose round caps and joins are polygons up to 0.1 px inside
/// the circle (25 levels), scanned in 15 rows a pixel (so a nearly level edge's coverage
/// comes in fifteenths, 9 levels): within `edgeBound`. Where a run crosses itself, the
/// capsules take the larger of the two pieces' coverage, short of the area of their union:
/// within `crossingBound`. A pen under 2 device px wide meets that at every joint, and a
/// pressure stroke's outline (`PressureOutline`) has no disc at a vertex where the capsules
/// have the pen's whole disc (up to half a pixel beyond the outline where the width changes
/// fast): within `looseBound`.
@Suite(.timeLimit(.minutes(1))) struct CapsuleRasterizerTests {
    /// The largest difference allowed in a channel along a pen's edge.
    static let edgeBound = 32
    /// The largest difference allowed along an edge where a run crosses itself.
    static let crossingBound = 96
    /// The largest difference allowed along the edge of a pen under 2 device pixels wide, or
    /// of a stroke drawn with pressure.
    static let looseBound = 160

    /// A curve of `count` vertices around (50, 50) in user units: loops and wiggles, so the
    /// smoothing bends it and it crosses itself.
    private static func curve(_ count: Int, color: Color, size: Float, pressure: Bool = false, spread: Float = 1) -> Stroke {
        let stroke = Stroke(color: color, size: size)
        for i in 0..<count {
            let t = Float(i) / Float(count - 1) * 2 * .pi
            let point = Point(
                x: spread * (50 + 35 * cosine(t) + 8 * cosine(5 * t)), y: spread * (50 + 25 * sine(2 * t) + 6 * sine(7 * t)))
            // A hand's pressure: swelling and easing along the stroke.
            if pressure { stroke.append(point, pressure: 0.6 + 0.25 * sine(3 * t)) } else { stroke.append(point) }
        }
        return stroke
    }

    private static func cosine(_ x: Float) -> Float { Float(Glibc.cos(Double(x))) }
    private static func sine(_ x: Float) -> Float { Float(Glibc.sin(Double(x))) }

    /// A straight stroke from (10, 20) to (90, 70) and back to (20, 85).
    private static func straight(color: Color, size: Float, spread: Float) -> Stroke {
        let stroke = Stroke(color: color, size: size)
        stroke.append(Point(x: 10 * spread, y: 20 * spread))
        stroke.append(Point(x: 90 * spread, y: 70 * spread))
        stroke.append(Point(x: 20 * spread, y: 85 * spread))
        return stroke
    }

    /// Several kinds of mark in one drawing, in the user box 0…100 times `spread`.
    private static func drawing(size: Float, alpha: UInt8 = 255, spread: Float = 1, pressure: Bool = false) -> Scribble {
        let scribble = Scribble()
        scribble.add(straight(color: Color(red: 20, green: 40, blue: 160, alpha: alpha), size: size, spread: spread))
        scribble.add(curve(90, color: Color(red: 200, green: 30, blue: 30, alpha: alpha), size: size, spread: spread))
        if pressure {
            scribble.add(
                curve(60, color: Color(red: 10, green: 140, blue: 40, alpha: alpha), size: size * 1.5, pressure: true, spread: spread))
        }
        scribble.add(
            Dot(location: Point(x: 70 * spread, y: 30 * spread), color: Color(red: 90, green: 0, blue: 90, alpha: alpha), size: size * 2))
        let lone = Stroke(color: Color(red: 0, green: 0, blue: 0, alpha: alpha), size: size)
        lone.append(Point(x: 30 * spread, y: 60 * spread))
        scribble.add(lone)
        return scribble
    }

    /// How the capsules' picture differs from Cairo's: the largest difference in any channel
    /// along the edges, and how many pixels away from them differ at all.
    private struct Comparison: CustomStringConvertible {
        var edge = 0
        var crossing = 0
        var away = 0
        var awayExample: (x: Int, y: Int, capsules: UInt32, cairo: UInt32)?
        var edgeExample: (x: Int, y: Int, capsules: UInt32, cairo: UInt32)?
        var painted = 0
        var description: String {
            "edge \(edge) \(edgeExample.map { "\($0)" } ?? "-"), crossing \(crossing), away \(away) (\(awayExample.map { "\($0)" } ?? "-")), painted \(painted)"
        }
    }

    /// Draws `scribble` both ways on `width` × `height` ARGB images through `transform` and
    /// compares them, pixel by pixel.
    private func compare(
        _ scribble: Scribble, width: Int = 160, height: Int = 160, background: Color = .white,
        device: (scale: Double, x: Double, y: Double)? = nil, transform: (OpaquePointer) -> Void = { _ in }
    ) -> Comparison {
        let capsules = ImageSurface(width: width, height: height, background: background)
        let cairo = ImageSurface(width: width, height: height, background: background)
        if let device {
            for surface in [capsules.surface, cairo.surface] {
                cairo_surface_set_device_scale(surface, device.scale, device.scale)
                cairo_surface_set_device_offset(surface, device.x, device.y)
            }
        }
        capsules.draw { cr in
            transform(cr)
            let renderer = MarkRenderer(context: cr, occlusion: nil)
            #expect(renderer.raster != nil)
            renderer.render(scribble.root)
        }
        cairo.draw { cr in
            transform(cr)
            MarkRenderer(context: cr, occlusion: nil, rasterizing: false).render(scribble.root)
        }
        // The distance of each pixel's centre from the nearest pen edge, in device pixels.
        var matrix = cairo_matrix_t()
        capsules.draw { cr in
            transform(cr)
            cairo_get_matrix(cr, &matrix)
            // Then the surface's own scale and offset, to its pixels.
            var scale = (x: 1.0, y: 1.0), offset = (x: 0.0, y: 0.0)
            cairo_surface_get_device_scale(cairo_get_target(cr), &scale.x, &scale.y)
            cairo_surface_get_device_offset(cairo_get_target(cr), &offset.x, &offset.y)
            matrix.xx *= scale.x
            matrix.yy *= scale.y
            matrix.x0 = matrix.x0 * scale.x + offset.x
            matrix.y0 = matrix.y0 * scale.y + offset.y
        }
        let edges = EdgeDistance(scribble, matrix: matrix, width: width, height: height)
        var result = Comparison()
        for y in 0..<height {
            for x in 0..<width {
                let p = capsules.pixel(x: x, y: y), q = cairo.pixel(x: x, y: y)
                let difference = [abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a))].max()!
                if p != (background.red, background.green, background.blue, background.alpha) { result.painted += 1 }
                if edges.isAtACrossing(x: x, y: y) {
                    result.crossing = max(result.crossing, difference)
                } else if edges.isNearAnEdge(x: x, y: y) {
                    if difference > result.edge { result.edgeExample = (x, y, Self.word(p), Self.word(q)) }
                    result.edge = max(result.edge, difference)
                } else if difference > 0 {
                    result.away += 1
                    if result.awayExample == nil {
                        result.awayExample = (x, y, Self.word(p), Self.word(q))
                    }
                }
            }
        }
        return result
    }

    private static func word(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> UInt32 {
        UInt32(p.a) << 24 | UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
    }

    /// Expects `comparison` within the bound: the `loose` one for pens under 2 device px
    /// wide and for pressure.
    private func expectWithinTheBound(_ comparison: Comparison, _ what: String, loose: Bool = false) {
        #expect(comparison.painted > 20, "\(what): something must show, \(comparison)")
        let (edge, crossing) = loose ? (Self.looseBound, Self.looseBound) : (Self.edgeBound, Self.crossingBound)
        #expect(comparison.edge <= edge && comparison.crossing <= crossing && comparison.away == 0, "\(what): \(comparison)")
    }

    @Test(arguments: [1, 4, 12] as [Float])
    func atOneHundredPercentTheCapsulesAreCairosStrokes(size: Float) {
        expectWithinTheBound(compare(Self.drawing(size: size)) { cairo_translate($0, 30, 30) }, "size \(size)", loose: size < 2)
        let pressed = compare(Self.drawing(size: size, pressure: true)) { cairo_translate($0, 30, 30) }
        expectWithinTheBound(pressed, "size \(size), with pressure", loose: true)
    }

    @Test(arguments: [1, 12] as [Float])
    func translucentInkIsLaidOnOnceAsCairoLaysItOn(size: Float) {
        let translucent = compare(Self.drawing(size: size, alpha: 128, pressure: true)) { cairo_translate($0, 30, 30) }
        expectWithinTheBound(translucent, "size \(size)", loose: true)
        // And onto a transparent image (a PNG exported without a background).
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let onClear = compare(Self.drawing(size: size, alpha: 100), background: clear) { cairo_translate($0, 30, 30) }
        expectWithinTheBound(onClear, "clear, size \(size)", loose: size < 2)
    }

    @Test(arguments: [0.05, 0.3, 1.5, 4, 16, 64])
    func atAnyZoomTheCapsulesAreCairosStrokes(zoom: Double) {
        // Below 100 %, a drawing as many times bigger, so that it still spans the image.
        let spread = Float(max(1, 1 / zoom))
        for size: Float in [1, 12] {
            let comparison = compare(Self.drawing(size: size, spread: spread)) { cr in
                // The drawing's middle, or a part of it at the highest zooms, in the image's middle.
                cairo_translate(cr, 80, 80)
                cairo_scale(cr, zoom, zoom)
                cairo_translate(cr, zoom > 8 ? -62 : -50 * Double(spread), zoom > 8 ? -47 : -50 * Double(spread))
            }
            expectWithinTheBound(comparison, "zoom \(zoom), size \(size)", loose: Double(size) * zoom < 2)
        }
    }

    @Test func farFromTheOriginTheCapsulesAreCairosStrokes() {
        let scribble = Scribble()
        let far = Stroke(color: Color(red: 0, green: 90, blue: 200), size: 6)
        for i in 0..<40 { far.append(Point(x: 999_000 + Float(i) * 4, y: -999_000 + Float(i % 5) * 6)) }
        scribble.add(far)
        // A segment from one end of the canvas to the other, through the view.
        let across = Stroke(color: Color(red: 200, green: 90, blue: 0), size: 9)
        across.append(Point(x: 999_000 - 1_000_000, y: -999_000 + 20))
        across.append(Point(x: 999_000 + 1_000_000, y: -999_000 + 60))
        scribble.add(across)
        for zoom in [1.0, 8] {
            let comparison = compare(scribble) { cr in
                cairo_scale(cr, zoom, zoom)
                cairo_translate(cr, -999_000 + 5, 999_000 - 5 - (zoom > 1 ? 20 : 0))
            }
            expectWithinTheBound(comparison, "zoom \(zoom)")
        }
    }

    @Test func aHiDPISurfaceIsDrawnInItsDevicePixels() {
        // A tile of a frame: device scale 2 and a device offset, as `renderTiles` sets them.
        let comparison = compare(Self.drawing(size: 3, pressure: true), device: (2, -40, -30))
        expectWithinTheBound(comparison, "scale 2", loose: true)
    }

    @Test func cairoDrawsWhatTheCapsulesCannot() {
        let image = ImageSurface(width: 40, height: 40)
        image.draw { cr in
            #expect(CapsuleRasterizer(context: cr) != nil)
            cairo_rotate(cr, 0.3)
            #expect(CapsuleRasterizer(context: cr) == nil) // a turned view
            cairo_identity_matrix(cr)
            cairo_scale(cr, 2, 1)
            #expect(CapsuleRasterizer(context: cr) == nil) // a pen drawn oval
            cairo_identity_matrix(cr)
            cairo_rectangle(cr, 0.5, 0, 10, 10)
            cairo_clip(cr)
            #expect(CapsuleRasterizer(context: cr) == nil) // a clip through pixels
            cairo_reset_clip(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            #expect(CapsuleRasterizer(context: cr) == nil)
        }
        let pdf = cairo_pdf_surface_create_for_stream(nil, nil, 100, 100)!
        let cr = cairo_create(pdf)!
        #expect(CapsuleRasterizer(context: cr) == nil)
        cairo_destroy(cr)
        cairo_surface_destroy(pdf)
    }

    @Test func aTranslucentStrokeFinishedLiveIsItsFullFrameToThePixel() {
        // Its layer gathers the same capsules a full frame draws, laid on once as a full frame lays them.
        let scribble = Scribble()
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 200, height: 160, scale: 1, background: .plain)
        let observer = ChangeForwarder { backdrop.apply($0, root: scribble.root, background: .plain) }
        scribble.addObserver(observer)
        let model = Self.curve(120, color: .black, size: 9)
        let stroke = Stroke(color: Color(red: 30, green: 120, blue: 220, alpha: 110), size: 9)
        let points = model.elements.compactMap { if case .vertex(let p) = $0 { Point(x: p.x + 40, y: p.y + 20) } else { nil } }
        stroke.append(points[0])
        scribble.add(stroke)
        for (index, point) in points.dropFirst().enumerated() {
            scribble.append(point, to: stroke)
            if index % 7 == 0 { ImageSurface(width: 200, height: 160).paint(backdrop) } // a frame
        }
        scribble.finish(stroke)
        scribble.removeObserver(observer)
        let full = CanvasBackdrop(rendering: scribble.root, width: 200, height: 160, scale: 1, background: .plain)
        let difference = PixelDifference(backdrop.surface, full.surface)
        #expect(difference.count == 0, "\(difference)")
    }
}

/// Where each pixel lies relative to the pens of a scribble's strokes and dots: within a
/// pixel of an edge, or also where a run crosses itself (two pieces of one run, far apart
/// along it, both touch the pixel). The same smoothed, flattened pieces the renderer draws,
/// each a capsule, in device pixels.
private struct EdgeDistance {
    private var near: [Bool]
    private var crossing: [Bool]
    private let width: Int

    init(_ scribble: Scribble, matrix: cairo_matrix_t, width: Int, height: Int) {
        self.width = width
        near = Array(repeating: false, count: width * height)
        crossing = Array(repeating: false, count: width * height)
        let scale = Float(matrix.xx)
        func device(_ p: Point) -> (Float, Float) {
            (Float(Double(p.x) * matrix.xx + matrix.x0), Float(Double(p.y) * matrix.yy + matrix.y0))
        }
        typealias Capsule = (a: (Float, Float), b: (Float, Float), ra: Float, rb: Float, along: Float)
        var runs: [[Capsule]] = []
        for mark in scribble.marks {
            if let dot = mark as? Dot {
                runs.append([(device(dot.location), device(dot.location), dot.size / 2 * scale, dot.size / 2 * scale, 0)])
                continue
            }
            guard let stroke = mark as? Stroke else { continue }
            let points = stroke.elements.compactMap { if case .vertex(let p) = $0 { p } else { nil } }
            func radius(_ i: Int) -> Float { PressureOutline.width(size: stroke.size, pressures: stroke.pressures, at: i) / 2 * scale }
            var run: [Capsule] = []
            if points.count == 1 { run.append((device(points[0]), device(points[0]), radius(0), radius(0), 0)) }
            var along: Float = 0
            for i in stride(from: 1, to: points.count, by: 1) {
                let segment = CurveSegment(points[max(i - 2, 0)], points[i - 1], points[i], points[min(i + 1, points.count - 1)])
                let pieces = segment.pieces(tolerance: MarkRenderer.flatness / scale)
                var from = segment.start
                for piece in 1...pieces {
                    let t = Float(piece) / Float(pieces)
                    let to = piece == pieces ? segment.end : segment.point(at: t)
                    let r0 = radius(i - 1) + (radius(i) - radius(i - 1)) * Float(piece - 1) / Float(pieces)
                    run.append((device(from), device(to), r0, radius(i - 1) + (radius(i) - radius(i - 1)) * t, along))
                    along += from.distance(to: to) * scale
                    from = to
                }
            }
            runs.append(run)
        }
        for run in runs {
            // The span of the run, along it, whose pieces touch each pixel.
            var first = Array(repeating: Float.infinity, count: width * height)
            var last = Array(repeating: -Float.infinity, count: width * height)
            let widest = run.map { max($0.ra, $0.rb) }.max() ?? 0
            for capsule in run {
                let reach = max(capsule.ra, capsule.rb) + 1.5
                let x0 = max(0, Int(min(capsule.a.0, capsule.b.0) - reach)), x1 = min(width - 1, Int(max(capsule.a.0, capsule.b.0) + reach))
                let y0 = max(0, Int(min(capsule.a.1, capsule.b.1) - reach)), y1 = min(height - 1, Int(max(capsule.a.1, capsule.b.1) + reach))
                guard x0 <= x1, y0 <= y1 else { continue }
                let dx = capsule.b.0 - capsule.a.0, dy = capsule.b.1 - capsule.a.1
                let length2 = dx * dx + dy * dy
                for y in y0...y1 {
                    for x in x0...x1 {
                        let vx = Float(x) + 0.5 - capsule.a.0, vy = Float(y) + 0.5 - capsule.a.1
                        let t = length2 > 0 ? min(max((vx * dx + vy * dy) / length2, 0), 1) : 0
                        let d = ((vx - t * dx) * (vx - t * dx) + (vy - t * dy) * (vy - t * dy)).squareRoot()
                        let r = capsule.ra + (capsule.rb - capsule.ra) * t
                        let index = y * width + x
                        if abs(d - r) < 1 { near[index] = true }
                        if d < r + 0.71 {
                            first[index] = min(first[index], capsule.along)
                            last[index] = max(last[index], capsule.along)
                        }
                    }
                }
            }
            for index in near.indices where near[index] && last[index] - first[index] > 2 * widest + 4 { crossing[index] = true }
        }
    }

    /// Whether pixel (`x`, `y`)'s centre lies within a pixel of a pen's edge.
    func isNearAnEdge(x: Int, y: Int) -> Bool { near[y * width + x] }

    /// Whether pixel (`x`, `y`) lies near an edge where a run crosses itself.
    func isAtACrossing(x: Int, y: Int) -> Bool { crossing[y * width + x] }
}
