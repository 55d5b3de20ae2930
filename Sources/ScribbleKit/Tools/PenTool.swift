/// Draws (book chapter 2): press and release without moving leaves a Dot; press and drag draws a
/// Stroke through the press point, every motion point and the release point. The whole
/// stroke is one undo step (`DrawScribbleCommand`); each motion appends one vertex, with the
/// stylus' pressure when there is one. The points pass through a `StrokeSmoother` at the
/// host's smoothing level first (off: each point is a vertex).
@MainActor
public final class PenTool: CanvasTool {
    /// How far the pointer may wander, in pixels, and still count as a click.
    static let clickSlop: Float = 1

    private unowned let host: CanvasToolHost
    /// Where the primary button went down, while it is down, and the pressure there.
    private var pressPoint: Point?
    private var pressPressure: Float?
    /// The stroke being drawn, once the pointer moved more than `clickSlop` since the press
    /// (until then a release leaves a Dot). Points keep going to it even if undo took it off the canvas.
    private var stroke: Stroke?
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
            let stroke = Stroke(color: host.strokeStyle.color, size: host.strokeStyle.size)
            if let pressPressure { stroke.append(pressPoint, pressure: pressPressure) } else { stroke.append(pressPoint) }
            self.stroke = stroke
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
        }
        guard let stroke, let vertex = smoother?.next(point) else { return } // none while a stabiliser's string is slack
        document.scribble.append(vertex, pressure: host.pressure, to: stroke)
    }

    public func release(at point: Point) {
        guard let pressPoint else { return }
        let document = host.document
        if let stroke {
            for vertex in smoother?.finish(at: point) ?? [point] where stroke.lastChild?.location != vertex {
                document.scribble.append(vertex, pressure: host.pressure, to: stroke)
            }
            document.markFinished(stroke)
        } else {
            let dot = Dot(location: pressPoint, color: host.strokeStyle.color, size: host.strokeStyle.size)
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: dot))
            document.markFinished(dot)
        }
        self.pressPoint = nil
        stroke = nil
        smoother = nil
    }

    public func finishGesture() {
        if let stroke { host.document.markFinished(stroke) }
        pressPoint = nil
        stroke = nil
        smoother = nil
    }
}
