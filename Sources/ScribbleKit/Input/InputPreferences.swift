/// How the canvas takes pointer, stylus and touch input: the Preferences window's
/// "Drawing" and "Touchscreen and stylus" rows, kept in the settings file.
public struct InputPreferences: Equatable, Sendable {
    /// What one finger on a touchscreen does. Two fingers always pan and zoom.
    public enum TouchMode: String, CaseIterable, Sendable {
        /// A finger draws with the current tool (each finger a stroke of its own with the pen).
        case draw
        /// A finger moves the view.
        case navigate = "pan-and-zoom"
    }

    /// How much the pen smooths the pointer's path.
    public var smoothing = Smoothing.off
    /// What one finger does.
    public var touch = TouchMode.draw
    /// Whether touches are ignored while a stylus is near or was just used.
    public var palmRejection = true
    /// What the stylus' first barrel button does (GDK's button 2).
    public var firstStylusButton = StylusButtonAction.eraser
    /// What the stylus' second barrel button does (GDK's button 3).
    public var secondStylusButton = StylusButtonAction.pan

    /// The defaults.
    public init() {}

    /// What barrel button `number` (1 or 2) does; `nothing` for any other number.
    public func action(ofStylusButton number: Int) -> StylusButtonAction {
        switch number {
        case 1: firstStylusButton
        case 2: secondStylusButton
        default: .nothing
        }
    }
}
