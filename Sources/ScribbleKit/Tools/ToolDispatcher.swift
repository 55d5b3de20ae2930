/// Tool dispatch, a part of the `CanvasEngine`: where pointer input goes on the canvas — the
/// current tool (Strategy), the gesture under way, and a tool for each finger. A stylus'
/// eraser end erases whatever tool is chosen; with the pen each finger on a touchscreen draws
/// a stroke of its own, so several grow at once, each its own undo step; with another tool the first finger down works it as the
/// mouse would. Only a stylus' pressure shapes strokes: mouse and touch strokes keep their
/// width. A stylus' barrel buttons work the tools the preferences give them (`preferences`).
@MainActor
public final class ToolDispatcher {
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
    /// The button whose press began the gesture under way (1, or a stylus' barrel button).
    private var gestureButton: UInt32 = 1
    /// The stylus buttons' actions (and the rest of the input preferences, which the app's
    /// input chain applies ahead of the tools).
    public var preferences = InputPreferences()

    /// Input for `host`'s canvas, going to the pen at first.
    public init(host: CanvasToolHost) {
        self.host = host
        tool = PenTool(host: host)
    }

    /// Hands `event` to the tool it belongs to.
    public func handle(_ event: ToolEvent) {
        pressure = event.device == .pen ? event.pressure : nil
        if case .touch(let finger) = event.device { return handleTouch(event, finger: finger) }
        if event.device == .pen || event.device == .eraser, !fingers.isEmpty {
            endFingers() // the hand that rests while the stylus writes is a palm
        }
        switch event.kind {
        case .press where (event.button == 1 && !event.isDoubleClick) || event.isBarrelButton:
            guard !isPressed, let gesture = gestureTool(for: event) else { return }
            isPressed = true
            gestureButton = event.button
            gestureTool = gesture
            gesture.press(at: event.point, modifiers: event.modifiers)
        case .motion where isPressed && (event.isPrimaryDown || gestureButton != 1):
            (gestureTool ?? tool).drag(to: event.point, modifiers: event.modifiers)
        case .motion:
            tool.hover(at: event.point)
        case .release where event.button == gestureButton && isPressed:
            isPressed = false
            (gestureTool ?? tool).release(at: event.point)
            gestureTool = nil
        default:
            break
        }
    }

    /// The tool a press works: an eraser for a stylus' eraser end; for the tip with a barrel
    /// button, what the preferences give the button; else the current tool. `nil` for a
    /// barrel button that does nothing here (nothing, or pan: the canvas view pans ahead of
    /// the tools).
    private func gestureTool(for event: ToolEvent) -> CanvasTool? {
        if event.device == .eraser { return EraserTool(host: host) }
        guard event.device == .pen, event.stylusButton != 0 else { return tool }
        switch preferences.action(ofStylusButton: event.stylusButton) {
        case .eraser: return EraserTool(host: host)
        case .select: return tool is SelectTool ? tool : SelectTool(host: host)
        case .pan: return nil
        case .nothing: return event.isBarrelButton ? nil : tool
        }
    }

    /// Ends what the fingers are doing, keeping it.
    private func endFingers() {
        fingers.values.forEach { $0.finishGesture() }
        fingers = [:]
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
        endFingers()
        tool.hover(at: nil)
        isPressed = false
        gestureTool = nil
    }
}
