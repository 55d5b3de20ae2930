import CCairo
import Testing
@testable import ScribbleKit

/// The texture lies beneath the marks in every path the backdrop paints: full
/// frames cut into tiles on several threads, repaints after a mark is taken away (undo,
/// erase), the stroke in progress, and a background frame caught up with pending changes.
@Suite(.timeLimit(.minutes(1)))
struct CanvasBackdropTextureTests {
    /// The device pixel (`x`, `y`) of `backdrop`.
    private static func pixel(_ backdrop: CanvasBackdrop, x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        cairo_surface_flush(backdrop.surface)
        let stride = Int(cairo_image_surface_get_stride(backdrop.surface))
        let word = UnsafeRawPointer(cairo_image_surface_get_data(backdrop.surface)!)
            .loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        return (UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word))
    }

    private static func stroke(from start: Point, steps: Int, color: Color = .black, size: Float = 12) -> Stroke {
        let stroke = Stroke(color: color, size: size)
        for step in 0...steps { stroke.append(Point(x: start.x + Float(step) * 7, y: start.y + Float(step % 5) * 9)) }
        return stroke
    }

    @Test(arguments: [CanvasKind.paper, .cloth], [1, 2])
    func anEmptyCanvasIsTheTextureTiledFromItsOrigin(kind: CanvasKind, scale: Int) throws {
        // Wider and taller than a tile, and cut into several render tiles: every device
        // pixel must be the texture's pixel at that place, so tiles and renders join unseen.
        let backdrop = CanvasBackdrop(rendering: nil as Stroke?, width: 1100, height: 700, scale: scale, background: kind)
        let texture = try #require(kind.texture(scale: scale))
        var mismatches = 0
        for y in stride(from: 0, to: 700 * scale, by: 3) {
            for x in stride(from: 0, to: 1100 * scale, by: 5) where Self.pixel(backdrop, x: x, y: y) != texture.pixel(x: x, y: y) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: [CanvasKind.paper, .cloth])
    func undoAndEraseBringBackTheTextureNotWhite(kind: CanvasKind) {
        let scribble = Scribble()
        let history = CommandHistory()
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 400, height: 300, scale: 1, background: kind)
        let observer = ChangeForwarder { backdrop.apply($0, root: scribble.root, background: kind) }
        scribble.addObserver(observer)
        defer { scribble.removeObserver(observer) }
        let blank = CanvasBackdrop(rendering: nil as Stroke?, width: 400, height: 300, scale: 1, background: kind)

        let first = Self.stroke(from: Point(x: 20, y: 40), steps: 40)
        history.execute(DrawScribbleCommand(scribble: scribble, mark: first))
        let second = Dot(location: Point(x: 200, y: 200), color: Color(red: 220, green: 30, blue: 30), size: 60)
        history.execute(DrawScribbleCommand(scribble: scribble, mark: second))
        #expect(PixelDifference(backdrop.surface, blank.surface).count > 1000)

        history.undo() // the dot
        scribble.remove(first) // as the eraser does
        let difference = PixelDifference(backdrop.surface, blank.surface)
        #expect(difference.count == 0, "\(difference)")
    }

    @Test func theStrokeInProgressIsDrawnOverTheTextureAndLeavesTheRestAlone() throws {
        let scribble = Scribble()
        let backdrop = CanvasBackdrop(rendering: scribble.root, width: 300, height: 200, scale: 2, background: .paper)
        let observer = ChangeForwarder { backdrop.apply($0, root: scribble.root, background: .paper) }
        scribble.addObserver(observer)
        defer { scribble.removeObserver(observer) }
        let texture = try #require(CanvasKind.paper.texture(scale: 2))

        let stroke = Stroke(color: Color(red: 0, green: 0, blue: 255), size: 10)
        stroke.append(Point(x: 20, y: 100))
        scribble.add(stroke)
        for step in 1...20 { scribble.append(Point(x: 20 + Float(step) * 10, y: 100), to: stroke) }
        for x in stride(from: 40, to: 440, by: 20) {
            #expect(Self.pixel(backdrop, x: x, y: 200) == (0, 0, 255)) // the pen, unblended
            #expect(Self.pixel(backdrop, x: x, y: 240) == texture.pixel(x: x, y: 240)) // 15 px below its edge: untouched
        }
    }

    @Test func aBackgroundFrameCaughtUpOnPaperIsTheLiveCanvas() {
        let scribble = DenseScribble.make(seed: 9, strokes: 30)
        let live = CanvasBackdrop(rendering: scribble.root, width: 320, height: 240, scale: 1, background: .paper)
        let snapshot = RenderSnapshot(of: scribble.root)
        let observer = ChangeForwarder { live.apply($0, root: scribble.root, background: .paper) }
        scribble.addObserver(observer)
        defer { scribble.removeObserver(observer) }
        var pending = PendingChanges()
        observer.also = { pending.record($0) }

        let stroke = Self.stroke(from: Point(x: 10, y: 60), steps: 30, color: Color(red: 10, green: 120, blue: 40, alpha: 150))
        scribble.add(stroke)
        for step in 31...60 { scribble.append(Point(x: Float(step) * 4, y: 180), to: stroke) }

        let caughtUp = CanvasBackdrop(rendering: snapshot, width: 320, height: 240, scale: 1, background: .paper)
        #expect(pending.replay(on: caughtUp))
        let difference = PixelDifference(caughtUp.surface, live.surface)
        #expect(difference.count == 0, "\(difference)")
    }
}
