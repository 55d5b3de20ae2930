import Dispatch

/// Draws (book chapter 2): press and release without moving leaves a Dot; press and drag draws a
/// Stroke through the press point, every motion point and the release point. The whole
/// stroke is one undo step (`DrawScribbleCommand`); each motion appends one vertex, with the
/// stylus' pressure when there is one. The points pass through a `StrokeSmoother` at the
/// host's smoothing level first (off: each point is a vertex).
///
/// Holding the pointer still for `holdMilliseconds` at the end of a stroke, before releasing,
/// asks for the stroke to be recognised (`ShapeRecognizer`): a stroke close to a line, a
/// rectangle, an ellipse, a triangle or an arrow becomes that clean shape at once, as a
/// second undo step, so one undo gives the hand-drawn stroke back. Never without the hold:
/// recognising every stroke would make the pen unpredictable.
@MainActor
public final class PenTool: CanvasTool {
    /// How far the pointer may wander, in pixels, and still count as a click.
    static let clickSlop: Float = 1
    /// How long the pointer must be held still to have the stroke recognised.
    static let holdMilliseconds: UInt32 = 500
    /// How far, in view pixels, the pointer may drift and still be held still.
    static let holdSlop: Float = 3
    /// The time now, in nanoseconds (a test sets its own clock).
    var clock: @MainActor () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }

    private unowned let host: CanvasToolHost
    /// Where the primary button went down, while it is down, and the pressure there.
    private var pressPoint: Point?
    private var pressPressure: Float?
    /// The stroke being drawn, once the pointer moved more than `clickSlop` since the press
    /// (until then a release leaves a Dot). Points keep going to it even if undo took it off the canvas.
    private var stroke: Stroke?
    /// Where the pointer came to rest and since when: a hold is measured from there.
    private var rest: (point: Point, since: UInt64)?
    /// The timer that looks whether the pointer has been held still long enough.
    private var holdTimer: ScheduledWork?
    /// The smoothing of the gesture under way (the level it began with).
    private var smoother: StrokeSmoother?

    /// A pen drawing on `host`'s document with its pen.
    public init(host: CanvasToolHost) {
        self.host = host
    }

    public func press(at point: Point, modifiers: ToolModifiers) {
        pressPoint = point
        pressPressure = host.pressure
        stroke = nil
        smoother = StrokeSmoother(host.smoothing, start: point)
    }

    public func drag(to point: Point) {
        guard let pressPoint else { return }
        let document = host.document
        if stroke == nil {
            guard point.distance(to: pressPoint) > Self.clickSlop else { return }
            // Begun by a builder and left open in it: the stroke grows on the drawing, where
            // each vertex must be told to the scribble's observers (`Scribble.append`), and
            // `Document.markFinished` seals it.
            let builder = MarkBuilder()
            let stroke = builder.beginStroke(color: host.strokeStyle.color, size: host.strokeStyle.size)
            builder.addVertex(pressPoint, pressure: pressPressure)
            self.stroke = stroke
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
        }
        guard let stroke else { return }
        noteMotion(to: point) // the pointer's rest, not the smoothed stroke's
        guard let vertex = smoother?.next(point) else { return } // none while a stabiliser's string is slack
        document.scribble.append(vertex, pressure: host.pressure, to: stroke)
    }

    /// Restarts the hold when the pointer moved off where it rested. A single timer runs per
    /// stroke and looks again when it fires, so drawing costs no timer per motion event.
    private func noteMotion(to point: Point) {
        if let rest, rest.point.distance(to: point) <= Self.holdSlop * host.viewPixel { return }
        rest = (point, clock())
        if holdTimer == nil { waitForHold(milliseconds: Self.holdMilliseconds) }
    }

    private func waitForHold(milliseconds: UInt32) {
        holdTimer = host.schedule(afterMilliseconds: milliseconds) { [weak self] in self?.holdTimerFired() }
    }

    /// The hold timer fired: recognises the stroke if the pointer has rested long enough,
    /// else waits for the rest of the hold.
    func holdTimerFired() {
        holdTimer = nil
        guard stroke != nil, let rest else { return }
        let rested = (clock() &- rest.since) / 1_000_000
        guard rested >= UInt64(Self.holdMilliseconds) else {
            return waitForHold(milliseconds: Self.holdMilliseconds - UInt32(rested))
        }
        recognizeStroke()
    }

    /// Puts the clean shape the stroke in progress is close to in its place, as an undo step
    /// of its own after the stroke's; a stroke close to no shape is left as it is.
    private func recognizeStroke() {
        guard let stroke, let rest else { return }
        let document = host.document
        // A stabiliser trails the pointer: the stroke reaches where it rests first.
        for vertex in smoother?.finish(at: rest.point) ?? [] where stroke.lastChild?.location != vertex {
            document.scribble.append(vertex, pressure: host.pressure, to: stroke)
        }
        smoother = StrokeSmoother(host.smoothing, start: rest.point)
        guard let result = ShapeRecognizer.recognize(Self.vertices(of: stroke), width: stroke.size) else { return }
        document.markFinished(stroke) // the hand-drawn stroke, one undo step
        self.stroke = nil
        pressPoint = nil
        guard let index = document.scribble.index(of: stroke) else { return }
        let shape = MarkBuilder().addStroke(color: stroke.color, size: stroke.size, through: result.points)
        document.execute(CutMarksCommand(scribble: document.scribble, indices: [index], pieceCounts: [1], pieces: [shape]))
    }

    /// The stroke's vertices in order.
    private static func vertices(of stroke: Stroke) -> [Point] {
        stroke.elements.compactMap { if case .vertex(let point) = $0 { point } else { nil } }
    }

    public func release(at point: Point) {
        guard let pressPoint else { return endHold() } // a recognised shape is already down
        let document = host.document
        if let stroke {
            for vertex in smoother?.finish(at: point) ?? [point] where stroke.lastChild?.location != vertex {
                document.scribble.append(vertex, pressure: host.pressure, to: stroke)
            }
            document.markFinished(stroke)
        } else {
            let dot = MarkBuilder().addDot(at: pressPoint, color: host.strokeStyle.color, size: host.strokeStyle.size)
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: dot))
            document.markFinished(dot)
        }
        self.pressPoint = nil
        stroke = nil
        endHold()
    }

    public func finishGesture() {
        if let stroke { host.document.markFinished(stroke) }
        pressPoint = nil
        stroke = nil
        endHold()
    }

    /// Forgets the gesture's hold and its smoothing.
    private func endHold() {
        holdTimer?.cancel()
        holdTimer = nil
        rest = nil
        smoother = nil
    }
}
