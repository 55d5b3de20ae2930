import Glibc
import GtkKit
import ScribbleKit

/// Moving the camera over the canvas with the pointer, the wheel and the fingers,
/// ahead of the tools: Ctrl+wheel zooms about the pointer, the wheel pans (Shift, or a
/// horizontal wheel, sideways; a touchpad's smooth scroll follows the fingers), a
/// middle-button drag or a primary drag while Space is held moves the drawing with the
/// pointer, and a pinch zooms about the fingers' centre as they move; one finger, when the
/// preferences say fingers pan and zoom, and a stylus' barrel button set to Pan move it too. It keeps only the
/// gesture under way; the camera is the session's (`CanvasSession.changeView`).
@MainActor
final class CanvasNavigation {
    /// Where the drag that moves the drawing last was, view pixels; `nil` when none is under way.
    private var dragPoint: (x: Double, y: Double)?
    /// Which button drags (2 the middle, 1 with Space or a finger, a stylus' barrel button).
    private var dragButton: UInt32 = 0
    /// The finger that drags, when one does (fingers pan and zoom).
    private var dragFinger: UInt?
    /// Whether Space is held over the focused canvas: a primary drag then pans.
    private(set) var isSpaceHeld = false
    /// The zoom when the pinch under way began, and where its centre last was.
    private var pinchStart: (zoom: Double, x: Double, y: Double)?

    /// Takes `event` if it moves the camera, telling `move` how; returns false for events
    /// the tools are to get. `pans` says a press begins a drag that pans because the
    /// preferences say so (a finger, a stylus button); a stylus' barrel button (`isBarrel`)
    /// pans only then, not as a middle button would.
    func handle(_ event: PointerEvent, pans: Bool = false, isBarrel: Bool = false, move: (CameraMove) -> Void) -> Bool {
        switch event.kind {
        case .press where pans || (event.button == 2 && !isBarrel) || (event.button == 1 && isSpaceHeld && event.touchSequence == nil):
            guard dragPoint == nil else { return true }
            (dragPoint, dragButton, dragFinger) = ((event.x, event.y), event.button, event.touchSequence)
            return true
        case .motion:
            guard let last = dragPoint, event.touchSequence == dragFinger else {
                return (pinchStart != nil || dragFinger != nil) && event.touchSequence != nil
            }
            move(.pan(dx: last.x - event.x, dy: last.y - event.y))
            dragPoint = (event.x, event.y)
            return true
        case .release where event.touchSequence != nil && event.touchSequence == dragFinger:
            (dragPoint, dragFinger) = (nil, nil)
            return true
        case .release where dragPoint != nil && event.button == dragButton && dragFinger == nil:
            dragPoint = nil
            return true
        default:
            // Fingers on the screen belong to the pinch while one is under way.
            return dragPoint != nil || (pinchStart != nil && event.touchSequence != nil)
        }
    }

    /// A wheel notch or a smooth scroll.
    func handle(_ scroll: ScrollEvent, viewHeight: Int, move: (CameraMove) -> Void) {
        if scroll.modifiers.contains(.control) {
            if !scroll.isSmooth || scroll.dy == scroll.dy.rounded() {
                // A notch: one √2 step, whether GDK says it as a direction or a delta of 1.
                let steps = -Int(scroll.dy.rounded())
                if steps != 0 { move(.zoomSteps(steps, x: scroll.x, y: scroll.y)) }
            } else {
                // A touchpad's fraction of a notch: as much of a step, so zooming follows it.
                move(.zoomBy(pow(Viewport.step, -scroll.dy), x: scroll.x, y: scroll.y))
            }
            return
        }
        // GTK's scrolled windows move a notch by the page's height to the power 2/3: 86 px
        // of an 800-px view. A touchpad's deltas scale the same way, so it follows the fingers
        // as it does in every GTK list.
        let unit = pow(Double(max(viewHeight, 1)), 2.0 / 3.0)
        var (dx, dy) = (scroll.dx, scroll.dy)
        if scroll.modifiers.contains(.shift) { (dx, dy) = (dy, dx) }
        move(.pan(dx: dx * unit, dy: dy * unit))
    }

    /// Space went down or up over the focused canvas.
    func spaceChanged(held: Bool) {
        isSpaceHeld = held
    }

    /// A pinch began, moved or ended.
    func handle(_ pinch: PinchEvent, zoom: Double, move: (CameraMove) -> Void) {
        switch pinch.phase {
        case .begin:
            pinchStart = (zoom, pinch.x, pinch.y)
            if dragFinger != nil { dragPoint = nil } // the pinch moves the view now; the finger is held until it lifts
        case .update:
            guard let start = pinchStart else { return }
            move(.pan(dx: start.x - pinch.x, dy: start.y - pinch.y))
            move(.zoomTo(start.zoom * pinch.scale, x: pinch.x, y: pinch.y))
            pinchStart = (start.zoom, pinch.x, pinch.y)
        case .end:
            pinchStart = nil
        }
    }

    /// Forgets the gesture under way (the view was replaced).
    func reset() {
        (dragPoint, dragFinger, pinchStart, isSpaceHeld) = (nil, nil, nil, false)
    }
}

/// One move of the camera, as navigation asks for it.
enum CameraMove {
    /// Moves the view by view pixels (the drawing the other way).
    case pan(dx: Double, dy: Double)
    /// `steps` powers of √2 in (or out, negative) about a view point.
    case zoomSteps(Int, x: Double, y: Double)
    /// Multiplies the zoom by a factor about a view point.
    case zoomBy(Double, x: Double, y: Double)
    /// Sets the zoom about a view point.
    case zoomTo(Double, x: Double, y: Double)
}
