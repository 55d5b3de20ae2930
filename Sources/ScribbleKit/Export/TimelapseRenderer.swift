import CCairo
import CairoKit

/// Renders the frames of a time-lapse video of a drawing's history (`TimelapseSchedule`),
/// with the app's own renderer (`MarkRenderer`), for an encoder (`TimelapseSink`). It runs
/// on any one thread, with no display.
///
/// The frame is the history's bounds — every mark that was ever on the drawing, plus the
/// export's 16-pixel margin — at 1 canvas pixel a pixel, scaled down to at most 1920 px wide
/// (and as high, for a tall drawing), on even sides, as video encoders want them.
///
/// A frame costs what changed, not the whole drawing: the finished marks under those being
/// drawn lie on a kept picture (`base`), extended by the marks finished since; a frame is that
/// picture plus the few marks still growing. A mark taken off or put back under the kept
/// ones (an erasure, an undo) makes the picture be painted again where it lies, not whole.
public final class TimelapseRenderer {
    /// The widest video made, in pixels (and the highest).
    public static let maximumSide = 1920

    /// The frames' size in pixels (even).
    public let width: Int, height: Int
    /// When each frame is taken.
    public let schedule: TimelapseSchedule
    /// Video pixels per canvas pixel.
    public let scale: Double
    private let player: ReplayPlayer
    private let pageX: Double, pageY: Double
    private let background: Color
    private let texture: CanvasTexture?
    /// The finished marks `baseMarks` drawn over the background.
    private let base: OpaquePointer
    /// The frame handed out: `base` plus the marks being drawn.
    private let frame: OpaquePointer
    private var baseMarks: [Mark] = []

    /// Prepares the frames of `timeline` at `schedule`, `width` pixels wide if given (at most
    /// `maximumSide`), else the history's size; `options` gives the background and canvas.
    /// - Throws: `ExportError.cairo` when there is no memory for the frames.
    public init(timeline: ReplayTimeline, schedule: TimelapseSchedule, width requested: Int? = nil, options: ExportOptions = ExportOptions())
        throws(ExportError)
    {
        self.schedule = schedule
        player = ReplayPlayer(timeline)
        let bounds = timeline.items.reduce(Rect.null) { $0.union($1.mark.bounds) }
        let page =
            bounds.isNull
            ? Rect(minX: 0, minY: 0, maxX: Exporter.emptyPage, maxY: Exporter.emptyPage)
            : bounds.outset(by: Exporter.margin).integral
        (pageX, pageY) = (Double(page.minX), Double(page.minY))
        let (pageWidth, pageHeight) = (Double(max(1, page.width)), Double(max(1, page.height)))
        let side = Double(Self.maximumSide)
        let wanted = requested.map { Double(min(max($0, 2), Self.maximumSide)) / pageWidth } ?? 1
        let scale = min(wanted, side / pageWidth, side / pageHeight)
        self.scale = scale
        // Even sides: VP8 stores colour at half the resolution.
        let even = { (length: Double) in max(2, (Int((length * scale).rounded(.up)) + 1) / 2 * 2) }
        (width, height) = (even(pageWidth), even(pageHeight))
        background = options.background
        texture = options.canvas.texture(scale: min(4, max(1, Int(scale.rounded(.up)))))
        guard let base = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
            cairo_surface_status(base) == CAIRO_STATUS_SUCCESS
        else { throw .cairo("no memory for the frames") }
        guard let frame = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
            cairo_surface_status(frame) == CAIRO_STATUS_SUCCESS
        else {
            cairo_surface_destroy(base)
            throw .cairo("no memory for the frames")
        }
        (self.base, self.frame) = (base, frame)
        paintBackground()
    }

    deinit {
        cairo_surface_destroy(base)
        cairo_surface_destroy(frame)
    }

    /// Frame `index`'s pixels: `width`×`height`, rows of `width * 4` bytes, top first, each
    /// pixel B, G, R and an unused byte (Cairo's RGB24 on a little-endian machine), valid
    /// until the next call. Frames are rendered in order; going back costs a seek.
    /// - Complexity: O(the marks finished since the last frame, plus those being drawn),
    ///   or O(the drawing) after a removal under them.
    public func render(frame index: Int) -> UnsafeRawBufferPointer {
        player.advance(to: schedule.drawingTime(ofFrame: index))
        let scribble = player.scribble
        let count = scribble.root.count
        // The kept picture still holds if its marks are still the first ones, none since changed.
        var isValid = baseMarks.count <= count
        if isValid {
            for (position, mark) in baseMarks.enumerated() where scribble.root.child(at: position)! !== mark {
                isValid = false
                break
            }
        }
        var firstLive = isValid ? baseMarks.count : 0
        while firstLive < count, let mark = scribble.root.child(at: firstLive), !player.isBeingDrawn(mark) { firstLive += 1 }
        if !isValid {
            repaint(asFinished: (0..<firstLive).compactMap { scribble.root.child(at: $0) })
        } else if firstLive > baseMarks.count {
            let finished = (baseMarks.count..<firstLive).compactMap { scribble.root.child(at: $0) }
            draw(finished, on: base)
            baseMarks.append(contentsOf: finished)
        }
        let cr = cairo_create(frame)!
        cairo_set_source_surface(cr, base, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        draw((firstLive..<count).compactMap { scribble.root.child(at: $0) }, on: frame)
        cairo_surface_flush(frame)
        return UnsafeRawBufferPointer(start: cairo_image_surface_get_data(frame), count: width * height * 4)
    }

    /// Renders every frame into `sink` in order and finishes it. `progress` hears how many
    /// frames are done, of how many, after each; when it answers `false` the export stops,
    /// the sink is cancelled, and `TimelapseCancelled` is thrown.
    public func run(into sink: some TimelapseSink, progress: (_ done: Int, _ total: Int) -> Bool = { _, _ in true }) throws {
        for index in 0..<schedule.frameCount {
            do {
                try sink.append(render(frame: index))
            } catch {
                sink.cancel()
                throw error
            }
            guard progress(index + 1, schedule.frameCount) else {
                sink.cancel()
                throw TimelapseCancelled()
            }
        }
        try sink.finish()
    }

    /// Makes the kept picture show `finished` (the finished marks now under those being
    /// drawn) after a mark under them went or came back: only where the marks that went or
    /// came lie is painted again — the background there, then each finished mark crossing it,
    /// in order — so an erasure costs its area, not the whole drawing. (The marks keep their
    /// order in a replay, so elsewhere the picture is as it was.)
    /// - Complexity: O(finished marks) bounds checks, plus drawing the marks crossing the area.
    private func repaint(asFinished finished: [Mark]) {
        var kept: [ObjectIdentifier: Mark] = [:], changed = Rect.null
        for mark in baseMarks { kept[ObjectIdentifier(mark)] = mark }
        for mark in finished where kept.removeValue(forKey: ObjectIdentifier(mark)) == nil { changed = changed.union(mark.bounds) }
        for mark in kept.values { changed = changed.union(mark.bounds) } // the marks that went
        baseMarks = finished
        guard !changed.isNull else { return }
        // Whole pixels around it, with room for the smoothed curve and the antialiasing.
        let area = changed.outset(by: Stroke.smoothingReach + 1)
        let x0 = ((Double(area.minX) - pageX) * scale).rounded(.down), y0 = ((Double(area.minY) - pageY) * scale).rounded(.down)
        let x1 = ((Double(area.maxX) - pageX) * scale).rounded(.up), y1 = ((Double(area.maxY) - pageY) * scale).rounded(.up)
        let clip = { (cr: OpaquePointer) in
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
            cairo_restore(cr)
            cairo_clip(cr)
        }
        paintBackground(clip: clip)
        let crossing = finished.filter { $0.bounds.outset(by: Stroke.smoothingReach + 1).intersects(area) }
        draw(crossing, on: base, clip: clip)
    }

    /// Paints `base` with the background alone (within `clip`'s path, if given).
    private func paintBackground(clip: ((OpaquePointer) -> Void)? = nil) {
        let cr = context(on: base)
        clip?(cr)
        if let texture {
            texture.paint(on: CairoContext(cr))
        } else {
            let c = background.unitComponents
            cairo_set_source_rgb(cr, c.red, c.green, c.blue)
            cairo_paint(cr)
        }
        cairo_destroy(cr)
    }

    /// Draws `marks` in order on `surface` (within `clip`'s path, if given).
    private func draw(_ marks: [Mark], on surface: OpaquePointer, clip: ((OpaquePointer) -> Void)? = nil) {
        guard !marks.isEmpty else { return }
        let cr = context(on: surface)
        clip?(cr)
        let renderer = MarkRenderer(context: cr)
        for mark in marks { renderer.render(mark) }
        cairo_destroy(cr)
    }

    /// A context on `surface` whose user space is the canvas.
    private func context(on surface: OpaquePointer) -> OpaquePointer {
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -pageX, -pageY)
        return cr
    }
}

/// Where a time-lapse's frames go: a video encoder, an animated PNG.
public protocol TimelapseSink: AnyObject {
    /// One frame of BGRx pixels (see `TimelapseRenderer.render(frame:)`), shown for a frame's time.
    func append(_ pixels: UnsafeRawBufferPointer) throws
    /// Completes the file after the last frame.
    func finish() throws
    /// Stops without completing the file (its writer then discards it).
    func cancel()
}

/// The user stopped the export.
public struct TimelapseCancelled: Error, Equatable, Sendable {
    public init() {}
}
