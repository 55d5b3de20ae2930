import GtkKit
import ScribbleKit

/// Pointer state of one press–drag–release gesture.
struct Gesture {
    /// Where the primary button went down, while it is down.
    var pressPoint: Point?
    /// The stroke being drawn, once the pointer moved more than `clickSlop` since the press
    /// (until then a release leaves a Dot). Points keep going to it even if undo took it off the canvas.
    var stroke: Stroke?
}

extension CanvasViewController {
    /// How far the pointer may wander, in pixels, and still count as a click.
    static let clickSlop: Float = 1

    /// SPEC §2: press and release without moving leaves a Dot; press and drag draws a Stroke
    /// through the press point, every motion point and the release point.
    func handle(_ event: PointerEvent) {
        let point = Point(event.x, event.y)
        switch event.kind {
        case .press where event.button == 1 && !event.isDoubleClick:
            gesture = Gesture(pressPoint: point)
        case .motion:
            guard let pressPoint = gesture.pressPoint, event.isPrimaryDown else { return }
            TimingReport.motionArrived()
            if gesture.stroke == nil {
                guard point.distance(to: pressPoint) > Self.clickSlop else { return }
                let stroke = Stroke(color: strokeStyle.color, size: strokeStyle.size)
                stroke.append(pressPoint)
                gesture.stroke = stroke
                document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
            }
            if let stroke = gesture.stroke { document.scribble.append(point, to: stroke) }
        case .release where event.button == 1:
            guard let pressPoint = gesture.pressPoint else { return }
            if let stroke = gesture.stroke {
                if stroke.lastChild?.location != point { document.scribble.append(point, to: stroke) }
                document.markFinished(stroke)
            } else {
                let dot = Dot(location: pressPoint, color: strokeStyle.color, size: strokeStyle.size)
                document.execute(DrawScribbleCommand(scribble: document.scribble, mark: dot))
                document.markFinished(dot)
            }
            gesture = Gesture()
        default:
            break
        }
    }
}
