/// One pointer event as the tools see it, whatever toolkit it came from: what happened,
/// where (canvas coordinates), from which device, with which pressure and modifier keys.
public struct ToolEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// A button went down, or a touch began.
        case press
        /// The pointer moved.
        case motion
        /// A button went up, or a touch ended.
        case release
    }

    /// What the event came from.
    public enum Device: Equatable, Sendable {
        /// A mouse, a touchpad: anything that points without pressure.
        case mouse
        /// A stylus' tip: its pressure shapes strokes.
        case pen
        /// A stylus' eraser end, which erases whatever tool is chosen.
        case eraser
        /// A finger on a touchscreen, by its touch sequence.
        case touch(finger: UInt)
    }

    public var kind: Kind
    public var point: Point
    public var device: Device
    /// The stylus' pressure (0…1); `nil` for other devices.
    public var pressure: Float?
    /// The button pressed or released (1 is the primary); 0 for motion.
    public var button: UInt32
    /// Whether the primary button is down (for motion).
    public var isPrimaryDown: Bool
    /// A press that is the second of a double click (GTK sends it after a first press).
    public var isDoubleClick: Bool
    public var modifiers: ToolModifiers
    /// For a stylus' tip: the barrel button pressed or released (1 the first, 2 the second),
    /// or for a press or motion of the tip the one held; 0 for none.
    public var stylusButton: Int
    /// When it happened, in milliseconds (the display server's clock; palm rejection compares them).
    public var time: UInt32

    public init(
        kind: Kind, point: Point, device: Device, pressure: Float? = nil, button: UInt32 = 0,
        isPrimaryDown: Bool = false, isDoubleClick: Bool = false, modifiers: ToolModifiers = [],
        stylusButton: Int = 0, time: UInt32 = 0
    ) {
        (self.kind, self.point, self.device, self.pressure) = (kind, point, device, pressure)
        (self.button, self.isPrimaryDown, self.isDoubleClick, self.modifiers) = (button, isPrimaryDown, isDoubleClick, modifiers)
        (self.stylusButton, self.time) = (stylusButton, time)
    }

    /// A press or release of a stylus' barrel button itself (GDK's buttons 2 and 3 from a pen).
    public var isBarrelButton: Bool { device == .pen && (button == 2 || button == 3) }
}
