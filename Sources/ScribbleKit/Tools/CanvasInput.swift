/// Where pointer input goes on the canvas: the current tool (Strategy), the gesture under
/// way, and a tool for each finger. A stylus' eraser end erases whatever tool is chosen;
/// with the pen each finger on a touchscreen draws a stroke of its own, so several grow at
/// once, each its own undo step; with another tool the first finger down works it as the
/// mouse would. Only a stylus' pressure shapes strokes: mouse and touch strokes keep their
/// width.
@MainActor
public final class CanvasInput {
    /// The tool pointer input goes to.
    public private(set) var tool: CanvasTool
    /// The stylus' pressure of the event being handled (what `CanvasToolHost.pressure` says).
    public private(set) var pressure: Float?
    private unowned let host: CanvasToolHost
    /// True between a primary-button press and its release.
    private var isPressed = false
    /// The tool the gesture under way goes to: the current one, or an eraser for a stylus'
    /// eraser end.
    private var gestureTool: CanvasTool?
    /// The tool each finger works, by touch sequence.
    private var fingers: [UInt: CanvasTool] = [:]

    /// Input for `host`'s canvas, going to the pen at first.
    public init(host: CanvasToolHost) {
        self.host = host
        tool = PenTool(host: host)
    }

    /// Hands `event` to the tool it belongs to.
    public func handle(_ event: ToolEvent) {
        pressure = event.device == .pen ? event.pressure : nil
        if case .touch(let finger) = event.device { return handleTouch(event, finger: finger) }
        switch event.kind {
        case .press where event.button == 1 && !event.isDoubleClick:
            isPressed = true
            let gesture: CanvasTool = event.device == .eraser ? EraserTool(host: host) : tool
            gestureTool = gesture
            gesture.press(at: event.point, modifiers: event.modifiers)
        case .motion where isPressed && event.isPrimaryDown:
            (gestureTool ?? tool).drag(to: event.point, modifiers: event.modifiers)
        case .motion:
            tool.hover(at: event.point)
        case .release where event.button == 1 && isPressed:
            isPressed = false
            (gestureTool ?? tool).release(at: event.point)
            gestureTool = nil
        default:
            break
        }
    }

    private func handleTouch(_ event: ToolEvent, finger: UInt) {
        switch event.kind {
        case .press:
            let fingerTool: CanvasTool
            if tool is PenTool {
                fingerTool = PenTool(host: host)
            } else {
                guard fingers.isEmpty, !isPressed else { return }
                fingerTool = tool
            }
            fingers[finger] = fingerTool
            fingerTool.press(at: event.point, modifiers: event.modifiers)
        case .motion:
            fingers[finger]?.drag(to: event.point)
        case .release:
            fingers.removeValue(forKey: finger)?.release(at: event.point)
        }
    }

    /// Makes `tool` current; the gesture under way ends first, keeping what it did.
    public func install(_ tool: CanvasTool) {
        endGesture()
        self.tool = tool
    }

    /// Ends the gesture under way, keeping what it did, and hides what follows the pointer.
    public func endGesture() {
        (gestureTool ?? tool).finishGesture()
        fingers.values.forEach { $0.finishGesture() }
        tool.hover(at: nil)
        isPressed = false
        gestureTool = nil
        fingers = [:]
    }
}
