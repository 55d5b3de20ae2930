/// Palm rejection: while a stylus is near the screen, and for a second after it was last
/// seen, touches are ignored — the hand resting on the screen while writing is a palm, not
/// a finger (Xournal++ blocks touch the same way after any pen event). Times are the
/// events' own, in milliseconds (the display server's clock), so they wrap after 49 days and
/// are compared by difference.
public struct PalmRejection: Sendable {
    /// How long after the stylus was last seen touches stay ignored, in milliseconds.
    public static let afterStylus: UInt32 = 1000

    /// Whether touches are ever ignored (the preference).
    public var isEnabled = true
    /// Whether the stylus is in the screen's range (GDK's proximity events).
    public private(set) var isStylusNear = false
    /// When a stylus event (tip or eraser end) last came.
    private var lastStylusTime: UInt32?

    /// Palm rejection, on.
    public init() {}

    /// The stylus came into the screen's range, or left it, at `time`.
    public mutating func stylus(near: Bool, time: UInt32) {
        isStylusNear = near
        lastStylusTime = time
    }

    /// Whether an event from `device` at `time` is to be handled: stylus events always are
    /// (and are remembered), touches only when no stylus is near nor was seen in the last
    /// `afterStylus` milliseconds.
    public mutating func admits(_ device: ToolEvent.Device, time: UInt32) -> Bool {
        switch device {
        case .pen, .eraser:
            lastStylusTime = time
            return true
        case .mouse:
            return true
        case .touch:
            guard isEnabled else { return true }
            if isStylusNear { return false }
            guard let last = lastStylusTime else { return true }
            return time &- last >= Self.afterStylus
        }
    }
}
