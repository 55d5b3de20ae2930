import GtkKit
import ScribbleKit

/// Where the canvas' pointer input goes, in order: palm rejection (touches while a stylus
/// is near or was just used are dropped, when the preference is on), navigation (the wheel,
/// pinches, middle and Space drags; a finger when fingers pan; a stylus button set to Pan),
/// then the tools (`CanvasInput`: the current tool, a stylus' eraser end and barrel buttons,
/// a pen a finger). Each takes the event or passes it on.
@MainActor
final class CanvasInputRouter {
    /// The last in line: the current tool, the gesture under way, a tool a finger.
    let tools: CanvasInput
    /// The drag, wheel or pinch moving the camera, ahead of the tools.
    let navigation = CanvasNavigation()
    /// Drops touches while a stylus is near or was just used (when the preference is on).
    private var palmRejection = PalmRejection()
    /// True while a drawing opened in two steps is whole but not all on screen yet: the canvas
    /// then takes no edit (`CanvasViewController.awaitsWholeDrawing`, which keeps it here).
    var awaitsWholeDrawing = false

    /// Routes to tools hosted by `host`; the pen at launch.
    init(host: CanvasToolHost) {
        tools = CanvasInput(host: host)
    }

    /// Hands `event`, over `canvasView`, along the line with the input preferences
    /// `preferences` (read at each event, so a change applies to the next one); camera moves
    /// go to `move`. Pointer events GDK makes up from a touch are ignored, since the touch
    /// itself arrives too. A press also gives the canvas the keyboard focus, for the tools'
    /// single-key shortcuts. Unless `toolsTakeInput`, what gets past navigation goes no
    /// further. Returns whether the event got past navigation (to the tools, or refused).
    @discardableResult
    func handle(
        _ event: PointerEvent, on canvasView: CanvasView, preferences: InputPreferences, toolsTakeInput: Bool = true,
        move: (CameraMove) -> Void
    ) -> Bool {
        guard !event.isEmulated else { return false }
        let toolEvent = ToolEvent(event, at: canvasView.canvasPoint(x: event.x, y: event.y))
        palmRejection.isEnabled = preferences.palmRejection
        guard palmRejection.admits(toolEvent.device, time: event.time) else { return false }
        let pans = panningGesture(toolEvent, preferences: preferences)
        if navigation.handle(event, pans: pans, isBarrel: toolEvent.isBarrelButton, move: move) { return false }
        guard toolsTakeInput else { return true }
        if event.kind == .press, event.touchSequence != nil || (event.button == 1 && !event.isDoubleClick) {
            canvasView.drawingArea.grabFocus()
        }
        if let instrumentation = canvasView.instrumentation, event.kind == .motion,
            event.isPrimaryDown || event.touchSequence != nil, tools.tool is PenTool
        {
            instrumentation.motionArrived()
        }
        tools.preferences = preferences
        tools.handle(toolEvent)
        return true
    }

    /// A stylus came near the canvas or left it (`time`: the event's).
    func stylus(near: Bool, time: UInt32) {
        palmRejection.stylus(near: near, time: time)
    }

    /// Whether `event`, a press, begins a drag that moves the view because of a preference: a
    /// finger when fingers pan and zoom, or a stylus' tip with a barrel button set to Pan.
    private func panningGesture(_ event: ToolEvent, preferences: InputPreferences) -> Bool {
        guard event.kind == .press else { return false }
        if case .touch = event.device { return preferences.touch == .navigate }
        return event.device == .pen && event.stylusButton != 0 && preferences.action(ofStylusButton: event.stylusButton) == .pan
    }
}
