import CairoKit
import CCairo
import Testing
@testable import ScribbleKit

/// Smooth strokes and translucent ink: strokes are drawn as curves through
/// their vertices with no corner at any of them, and a translucent stroke is blended once —
/// in a full render and live, vertex by vertex, as the canvas draws it.
@Suite(.timeLimit(.minutes(1))) struct InkRenderingTests {
    /// A zigzag of `count` vertices, `step` px apart, `rise` px up and down.
    private func zigzag(_ count: Int, step: Float = 6, rise: Float = 5, color: Color, size: Float) -> Stroke {
        let stroke = Stroke(color: color, size: size)
        for i in 0..<count { stroke.append(Point(x: 10 + Float(i) * step, y: 40 + (i % 2 == 0 ? 0 : rise))) }
        return stroke
    }

    @Test func curvesPassThroughEveryVertexWithNoCornerAndStayNearThePath() {
        let stroke = zigzag(40, color: .black, size: 2)
        stroke.elements.withUnsafeBufferPointer { elements in
            var previous: CurveSegment?
            for index in 1..<elements.count {
                let segment = CurveSegment(elements, endingAt: index, first: 0, last: elements.count - 1)
                guard case .vertex(let start) = elements[index - 1], case .vertex(let end) = elements[index] else { continue }
                #expect(segment.start == start && segment.end == end) // through the pointer's points
                #expect(segment.deviation <= Stroke.smoothingReach + 1e-5)
                for step in 1..<16 { // every point of the curve within half a pixel of the segment
                    let t = Float(step) / 16
                    let p = segment.point(at: t)
                    let dx = end.x - start.x, dy = end.y - start.y
                    let distance = abs((p.x - start.x) * dy - (p.y - start.y) * dx) / (dx * dx + dy * dy).squareRoot()
                    #expect(distance <= Stroke.smoothingReach + 1e-4)
                }
                if let previous {
                    // The curve leaves the vertex in the direction it arrived: no corner.
                    let arriving = (x: previous.end.x - previous.control2.x, y: previous.end.y - previous.control2.y)
                    let leaving = (x: segment.control1.x - segment.start.x, y: segment.control1.y - segment.start.y)
                    let cross = arriving.x * leaving.y - arriving.y * leaving.x
                    let dot = arriving.x * leaving.x + arriving.y * leaving.y
                    #expect(abs(cross) < 1e-3 && dot > 0, "a corner at vertex \(index - 1)")
                }
                previous = segment
            }
        }
    }

    @Test func aTurnSharperThanARightAngleStaysACorner() {
        // A zigzag of sharp reversals: the hand turned back at each end, and the stroke shows it.
        let segment = CurveSegment(Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 2, y: 3), Point(x: 12, y: 3))
        #expect(segment.deviation < 1e-5) // both ends straight: no loop drawn around the corner
        let gentle = CurveSegment(Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 3), Point(x: 30, y: 3))
        #expect(gentle.deviation > 0.1)
    }

    @Test func aZigzagIsDrawnAsACurveNotAPolyline() {
        let smooth = ImageSurface(width: 280, height: 80)
        smooth.render(zigzag(40, color: .black, size: 1))
        let polyline = ImageSurface(width: 280, height: 80)
        polyline.drawPolyline(zigzag(40, color: .black, size: 1))
        let difference = PixelDifference(smooth.surface, polyline.surface, rounding: 8)
        #expect(difference.count > 40, "smoothing changes the pixels at the turns: \(difference)")
    }

    /// A translucent stroke that doubles back over itself many times, long enough to be drawn
    /// in several chunks.
    private func crossingStroke(color: Color) -> Stroke {
        let stroke = Stroke(color: color, size: 12)
        for i in 0..<(MarkRenderer.chunkLength * 2 + 40) {
            let t = Float(i) / 40
            stroke.append(
                Point(
                    x: 60 + 40 * (t * 1.3).truncatingRemainder(dividingBy: 2) * (i / 40 % 2 == 0 ? 1 : -1) + 40,
                    y: 60 + 30 * (t.truncatingRemainder(dividingBy: 1) - 0.5)))
        }
        return stroke
    }

    /// The distinct colours in the pixels where `stroke` covers fully (its pen shrunk by a
    /// pixel and a half, so no antialiased edge counts), on `surface`.
    private func coreColours(of stroke: Stroke, on surface: OpaquePointer) -> Set<UInt32> {
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, 200, 120)!
        defer { cairo_surface_destroy(mask) }
        let cr = cairo_create(mask)!
        let thin = Stroke(color: .black, size: stroke.size - 3)
        stroke.elements.forEach { if case .vertex(let p) = $0 { thin.append(p) } }
        MarkRenderer(context: cr).render(thin)
        cairo_destroy(cr)
        cairo_surface_flush(mask)
        cairo_surface_flush(surface)
        let maskData = cairo_image_surface_get_data(mask)!, maskStride = Int(cairo_image_surface_get_stride(mask))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!), stride = Int(cairo_image_surface_get_stride(surface))
        var colours: Set<UInt32> = []
        for y in 0..<120 {
            for x in 0..<200 where maskData[y * maskStride + x] == 255 {
                colours.insert(data.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF_FFFF)
            }
        }
        return colours
    }

    @Test func aTranslucentStrokeIsBlendedOnceWhereItCrossesItselfAndWhereItsChunksMeet() {
        let highlighter = Color(red: 250, green: 220, blue: 0, alpha: 128)
        let stroke = crossingStroke(color: highlighter)
        #expect(stroke.count > MarkRenderer.chunkLength + 1)
        let scribble = Scribble()
        scribble.add(stroke)
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 200, height: 120, scale: 1, background: .plain)
        let colours = coreColours(of: stroke, on: backdrop.surface)
        #expect(colours.count == 1, "one colour all over the crossings: \(colours.map { String($0, radix: 16) })")
    }

    @Test func liveTheTranslucentStrokeIsBlendedOnceToo() {
        let highlighter = Color(red: 250, green: 220, blue: 0, alpha: 128)
        let model = crossingStroke(color: highlighter)
        let scribble = Scribble()
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 200, height: 120, scale: 1, background: .plain)
        let observer = ChangeForwarder { backdrop.apply($0, root: scribble.root, background: .plain) }
        scribble.addObserver(observer)
        let stroke = Stroke(color: highlighter, size: model.size)
        let points = model.elements.compactMap { if case .vertex(let p) = $0 { p } else { nil } }
        stroke.append(points[0])
        scribble.add(stroke)
        // What the window shows while drawing: the backdrop and the live part over it.
        let window = ImageSurface(width: 200, height: 120)
        for point in points.dropFirst() {
            scribble.append(point, to: stroke)
        }
        window.paint(backdrop)
        #expect(coreColours(of: stroke, on: window.surface).count == 1, "while drawing")
        scribble.finish(stroke)
        #expect(coreColours(of: stroke, on: backdrop.surface).count == 1, "once finished")
        // The same colour as a full render gives it (their antialiased edges differ: live,
        // each segment is drawn on its own).
        let full = CanvasBackdrop(rendering: scribble.root, width: 200, height: 120, scale: 1, background: .plain)
        let fullColours = coreColours(of: stroke, on: full.surface)
        #expect(fullColours.count == 1)
        #expect(
            coreColours(of: stroke, on: backdrop.surface).allSatisfy { live in
                fullColours.allSatisfy { PixelDifference.distance(live, $0) <= 2 }
            })
        scribble.removeObserver(observer)
    }
}

/// Pen pressure: per-vertex levels that stay aligned with the stroke's children,
/// and a width that follows them, in full renders and live.
@Suite(.timeLimit(.minutes(1))) struct PressureTests {
    /// A horizontal stroke at y 50 from x 20 to 180 whose pressure rises from 0 to 1.
    private func risingStroke(color: Color = .black) -> Stroke {
        let stroke = Stroke(color: color, size: 20)
        for i in 0...40 { stroke.append(Point(x: 20 + Float(i) * 4, y: 50), pressure: Float(i) / 40) }
        return stroke
    }

    /// The dark pixels in column `x` of `surface` (its RGB24 or ARGB32 pixels).
    private func thickness(at x: Int, of surface: OpaquePointer) -> Int {
        cairo_surface_flush(surface)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!), stride = Int(cairo_image_surface_get_stride(surface))
        return (0..<100).filter { y in data.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF < 128 }.count
    }

    @Test func levelsStayAlignedWithTheChildren() {
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 0, y: 0))
        #expect(!stroke.hasPressure)
        stroke.append(Point(x: 1, y: 0), pressure: 0.5)
        #expect(stroke.pressures == [255, 128]) // the earlier vertex at full pressure
        stroke.append(Point(x: 2, y: 0)) // a vertex without pressure in a pressure stroke
        stroke.add(Dot(location: .zero, color: .black, size: 2))
        stroke.append(Point(x: 3, y: 0), pressure: .nan)
        #expect(stroke.pressures == [255, 128, 255, 255, 255] && stroke.pressures.count == stroke.count)
        stroke.insert(Vertex(location: Point(x: 9, y: 9)), at: 1)
        #expect(stroke.pressures == [255, 255, 128, 255, 255, 255])
        stroke.remove(Vertex(location: Point(x: 1, y: 0)))
        #expect(stroke.pressures == [255, 255, 255, 255, 255])
        let copy = stroke.translated(dx: 5, dy: 5) as? Stroke
        #expect(copy?.pressures == stroke.pressures)
        #expect((stroke.restyled(color: .white, size: 9) as? Stroke)?.pressures == stroke.pressures)
        #expect(Stroke.level(-1) == 0 && Stroke.level(2) == 255)
    }

    @Test func theWidthFollowsThePressureAndNeverFallsBelowATenth() {
        let image = ImageSurface(width: 200, height: 100)
        image.render(risingStroke())
        let light = thickness(at: 30, of: image.surface), firm = thickness(at: 170, of: image.surface)
        #expect((1...4).contains(light), "near zero pressure: about a tenth of 20 px, not nothing (\(light))")
        #expect((17...21).contains(firm), "near full pressure: the pen's 20 px (\(firm))")
        #expect(thickness(at: 100, of: image.surface) > light && thickness(at: 100, of: image.surface) < firm)
    }

    /// At full pressure throughout, a pressure stroke's filled outline covers what Cairo's
    /// stroker covers for the same smoothed path: a scrawl of short steps, sharp turns and
    /// self-crossings, translucent, so a hole in the outline or a place blended twice would
    /// show as a pixel far off.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func atFullPressureTheOutlineCoversWhatTheStrokeDoes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let color = Color(red: 200, green: 30, blue: 30, alpha: 128)
        let plain = Stroke(color: color, size: 14), pressed = Stroke(color: color, size: 14)
        var point = Point(x: 100, y: 100)
        for _ in 0..<400 {
            point = Point(
                x: min(max(point.x + Float.random(in: -5...5, using: &random), 10), 190),
                y: min(max(point.y + Float.random(in: -5...5, using: &random), 10), 190))
            plain.append(point)
            pressed.append(point, pressure: 1)
        }
        let stroked = ImageSurface(width: 200, height: 200), filled = ImageSurface(width: 200, height: 200)
        stroked.render(plain)
        filled.render(pressed)
        let difference = PixelDifference(stroked.surface, filled.surface)
        #expect(difference.largest <= 16, "\(difference)") // antialiasing alone: up to 11 levels here
    }

    @Test func liveThePressureStrokeIsTheSame() {
        let model = risingStroke()
        let scribble = Scribble()
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 200, height: 100, scale: 1, background: .plain)
        let observer = ChangeForwarder { backdrop.apply($0, root: scribble.root, background: .plain) }
        scribble.addObserver(observer)
        let stroke = Stroke(color: .black, size: 20)
        stroke.append(Point(x: 20, y: 50), pressure: 0)
        scribble.add(stroke)
        for i in 1...40 { scribble.append(Point(x: 20 + Float(i) * 4, y: 50), pressure: Float(i) / 40, to: stroke) }
        scribble.finish(stroke)
        #expect(stroke.pressures == model.pressures)
        let full = CanvasBackdrop(rendering: scribble.root, width: 200, height: 100, scale: 1, background: .plain)
        withExtendedLifetime(full) {
            for x in [30, 100, 170] {
                // Live, each piece is filled on its own: an antialiased edge pixel may darken once more.
                #expect(abs(thickness(at: x, of: backdrop.surface) - thickness(at: x, of: full.surface)) <= 2, "at x \(x)")
            }
        }
        scribble.removeObserver(observer)
    }

    /// An empty scribble and a 200×200 backdrop that follows its changes, as the canvas'
    /// does; the observer must stay registered while they are followed.
    private func followedScribble() -> (Scribble, CanvasBackdrop, ChangeForwarder) {
        let scribble = Scribble()
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 200, height: 200, scale: 1, background: .plain)
        let observer = ChangeForwarder { backdrop.apply($0, root: scribble.root, background: .plain) }
        scribble.addObserver(observer)
        return (scribble, backdrop, observer)
    }

    /// The next point of a random scrawl: up to `reach` px on from `point` each way, kept
    /// 10 px inside a 200×200 canvas.
    private static func scrawl(from point: Point, reach: Float, using random: inout SplitMix64) -> Point {
        Point(
            x: min(max(point.x + Float.random(in: -reach...reach, using: &random), 10), 190),
            y: min(max(point.y + Float.random(in: -reach...reach, using: &random), 10), 190))
    }

    /// A scrawl of short steps and sharp turns, its pressure swelling and easing, drawn live
    /// (each segment filled on its own, capped at its ends) and rendered whole (one outline,
    /// round joins): they differ only along the edge, by less than half a pixel's coverage.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func liveAScrawlWithPressureLooksAsRenderedWhole(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let (scribble, backdrop, observer) = followedScribble()
        let stroke = Stroke(color: Color(red: 200, green: 30, blue: 30, alpha: 255), size: 14)
        var point = Point(x: 100, y: 100)
        stroke.append(point, pressure: 0.5)
        scribble.add(stroke)
        for i in 0..<400 {
            point = Self.scrawl(from: point, reach: 5, using: &random)
            let swell = Float(i % 40 < 20 ? i % 20 : 20 - i % 20) / 20
            scribble.append(point, pressure: 0.5 + 0.4 * swell, to: stroke)
        }
        scribble.finish(stroke)
        scribble.removeObserver(observer)
        let full = CanvasBackdrop(rendering: scribble.root, width: 200, height: 200, scale: 1, background: .plain)
        let difference = PixelDifference(backdrop.surface, full.surface)
        #expect(difference.largest < 128, "\(difference)") // up to 91 levels here
    }

    /// The canvas draws a stroke's final segments into its backdrop when a frame shows them,
    /// all of a frame's as one path. Frames come every few events: each shows the stroke so
    /// far as a whole render of it does, and the finished stroke is the whole render too,
    /// but along the edge where one frame's segments meet the next's (less than half a
    /// pixel's coverage).
    @Test(arguments: [1, 2, 3] as [UInt64])
    func liveAStrokeShownFrameByFrameLooksAsRenderedWhole(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let (scribble, backdrop, observer) = followedScribble()
        let stroke = Stroke(color: Color(red: 200, green: 30, blue: 30), size: 9)
        var point = Point(x: 100, y: 100)
        stroke.append(point)
        scribble.add(stroke)
        var untilFrame = 1
        for _ in 0..<300 {
            point = Self.scrawl(from: point, reach: 6, using: &random)
            scribble.append(point, to: stroke)
            untilFrame -= 1
            guard untilFrame == 0 else { continue }
            untilFrame = Int.random(in: 1...12, using: &random)
            let window = ImageSurface(width: 200, height: 200)
            window.paint(backdrop)
            let soFar = CanvasBackdrop(rendering: scribble.root, width: 200, height: 200, scale: 1, background: .plain)
            let difference = PixelDifference(window.surface, soFar.surface)
            #expect(difference.largest < 128, "after \(stroke.count) vertices: \(difference)")
        }
        scribble.finish(stroke)
        scribble.removeObserver(observer)
        let full = CanvasBackdrop(rendering: scribble.root, width: 200, height: 200, scale: 1, background: .plain)
        let difference = PixelDifference(backdrop.surface, full.surface)
        #expect(difference.largest < 128, "\(difference)")
    }

    @Test func aTranslucentPressureStrokeIsBlendedOnce() {
        let stroke = Stroke(color: Color(red: 0, green: 0, blue: 0, alpha: 128), size: 20)
        for i in 0...40 { stroke.append(Point(x: 20 + Float(i) * 4, y: 50 + Float(i % 2)), pressure: 1) }
        let scribble = Scribble()
        scribble.add(stroke)
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 200, height: 100, scale: 1, background: .plain)
        cairo_surface_flush(backdrop.surface)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(backdrop.surface)!)
        let stride = Int(cairo_image_surface_get_stride(backdrop.surface))
        let core = Set((40...160).map { x in data.loadUnaligned(fromByteOffset: 50 * stride + x * 4, as: UInt32.self) & 0xFF_FFFF })
        #expect(core.count == 1, "one grey along the stroke, not darker where its parts overlap: \(core)")
    }

    @Test func pressureSurvivesTheFileAndTheJournalsMemento() throws {
        let scribble = Scribble()
        scribble.add(risingStroke())
        let read = try ScribbleMemento(data: scribble.makeMemento().data)
        #expect((Scribble.drawing(of: read).child(at: 0) as? Stroke)?.pressures == risingStroke().pressures)
        let incremental = Scribble.incrementalMemento(of: risingStroke())
        #expect((Scribble.drawing(of: try ScribbleMemento(data: incremental.data)).child(at: 0) as? Stroke)?.pressures == risingStroke().pressures)
    }
}
