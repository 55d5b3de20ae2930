import GtkKit
import ScribbleKit

/// Where the canvas' pointer input goes: along a chain of links (`InputChainLink`), each of
/// which takes the event or passes it on — palm rejection (touches while a stylus is near or
/// was just used are dropped, when the preference is on), navigation (the wheel, pinches,
/// middle and Space drags; a finger when fingers pan; a stylus button set to Pan), the
/// opening gate (nothing further while a drawing is still opening), then the engine
/// (`CanvasEngine`: the current tool, the laser among them, a stylus' eraser end and barrel
/// buttons, a pen a finger), whose update goes straight to the canvas view.
///
/// The book's handlers each hold their successor; here the chain holds the links in an
/// array, which says the order in one place and lets a link be added without touching the
/// others.
@MainActor
final class InputChain {
    /// The drag, wheel or pinch moving the camera, ahead of the tools.
    let navigation = CanvasNavigation()
    /// Drops touches while a stylus is near or was just used (when the preference is on).
    private let palmRejection = PalmRejectionHandler()
    /// Stops what would reach the tools while a drawing is still opening.
    let openingGate: OpeningGate
    /// The preferences read at each event, so a change in the Preferences window applies to
    /// the next one.
    let settings: SettingsStore
    /// The chain, first link first.
    var handlers: [InputChainLink]

    /// Routes to `engine` (the pen at launch), behind `openingGate`, with `settings`.
    init(engine: CanvasEngine, openingGate: OpeningGate, settings: SettingsStore) {
        self.openingGate = openingGate
        self.settings = settings
        handlers = [palmRejection, navigation, openingGate, engine]
    }

    /// Hands `event`, over `canvasView`, along the chain; camera moves go to `move`. Pointer
    /// events GDK makes up from a touch are ignored, since the touch itself arrives too.
    func handle(_ event: PointerEvent, on canvasView: CanvasView, move: (CameraMove) -> Void) {
        guard !event.isEmulated else { return }
        withoutActuallyEscaping(move) { move in
            let input = InputChainEvent(
                pointer: event, tool: ToolEvent(event, at: canvasView.canvasPoint(x: event.x, y: event.y)), canvasView: canvasView,
                preferences: settings.input, eraserOptions: settings.eraser, move: move)
            for handler in handlers where handler.handle(input) { return }
        }
    }

    /// A stylus came near the canvas or left it (`time`: the event's).
    func stylus(near: Bool, time: UInt32) {
        palmRejection.stylus(near: near, time: time)
    }
}
