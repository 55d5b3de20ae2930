import GtkKit
import ScribbleKit

/// Where the canvas' pointer input goes: along a chain of handlers (`CanvasInputHandler`),
/// each of which takes the event or passes it on — palm rejection (touches while a stylus is
/// near or was just used are dropped, when the preference is on), navigation (the wheel,
/// pinches, middle and Space drags; a finger when fingers pan; a stylus button set to Pan),
/// the opening gate (nothing further while a drawing is still opening), then the tools
/// (`CanvasInput`: the current tool, the laser among them, a stylus' eraser end and barrel
/// buttons, a pen a finger).
///
/// The book's handlers each hold their successor; here the router holds the links in an
/// array, which says the order in one place and lets a link be added without touching the
/// others.
@MainActor
final class CanvasInputRouter {
    /// The last link: the current tool, the gesture under way, a tool a finger.
    let tools: CanvasInput
    /// The drag, wheel or pinch moving the camera, ahead of the tools.
    let navigation = CanvasNavigation()
    /// Drops touches while a stylus is near or was just used (when the preference is on).
    private let palmRejection = PalmRejectionHandler()
    /// Stops what would reach the tools while a drawing is still opening.
    let openingGate: OpeningGate
    /// The chain, first link first.
    var handlers: [CanvasInputHandler]

    /// Routes to tools hosted by `host` (the pen at launch), behind `openingGate`.
    init(host: CanvasToolHost, openingGate: OpeningGate) {
        tools = CanvasInput(host: host)
        self.openingGate = openingGate
        handlers = [palmRejection, navigation, openingGate, tools]
    }

    /// Hands `event`, over `canvasView`, along the chain with the input preferences
    /// `preferences`; camera moves go to `move`. Pointer events GDK makes up from a touch are
    /// ignored, since the touch itself arrives too.
    func handle(_ event: PointerEvent, on canvasView: CanvasView, preferences: InputPreferences, move: (CameraMove) -> Void) {
        guard !event.isEmulated else { return }
        withoutActuallyEscaping(move) { move in
            let input = CanvasInputEvent(
                pointer: event, tool: ToolEvent(event, at: canvasView.canvasPoint(x: event.x, y: event.y)), canvasView: canvasView,
                preferences: preferences, move: move)
            for handler in handlers where handler.handle(input) { return }
        }
    }

    /// A stylus came near the canvas or left it (`time`: the event's).
    func stylus(near: Bool, time: UInt32) {
        palmRejection.stylus(near: near, time: time)
    }
}
