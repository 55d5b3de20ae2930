import GtkKit
import ScribbleKit

/// Pointer state of one press–drag–release gesture.
struct Gesture {
    /// Where the primary button went down, while it is down.
    var pressPoint: Point?
    /// Whether the pointer moved more than `clickSlop` since the press: the book's
    /// explicit "has moved" flag that decides between a Dot and a Stroke.
    var hasMoved = false
    /// The stroke being drawn. Points keep going to it even if undo took it off the canvas.
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
                gesture.hasMoved = true
                gesture.stroke = stroke
                history.execute(DrawScribbleCommand(scribble: scribble, mark: stroke))
            }
            if let stroke = gesture.stroke { scribble.append(point, to: stroke) }
        case .release where event.button == 1:
            guard let pressPoint = gesture.pressPoint else { return }
            if let stroke = gesture.stroke {
                if stroke.lastChild?.location != point { scribble.append(point, to: stroke) }
            } else {
                let dot = Dot(location: pressPoint, color: strokeStyle.color, size: strokeStyle.size)
                history.execute(DrawScribbleCommand(scribble: scribble, mark: dot))
            }
            gesture = Gesture()
        default:
            break
        }
    }
}
