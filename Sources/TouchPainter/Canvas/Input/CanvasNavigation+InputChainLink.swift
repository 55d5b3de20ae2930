import ScribbleKit

/// Navigation as a link of the input chain: it takes what moves the camera.
extension CanvasNavigation: InputChainLink {
    func handle(_ input: InputChainEvent) -> Bool {
        handle(input.pointer, pans: Self.pans(input.tool, preferences: input.preferences), isBarrel: input.tool.isBarrelButton, move: input.move)
    }

    /// Whether `event`, a press, begins a drag that moves the view because of a preference: a
    /// finger when fingers pan and zoom, or a stylus' tip with a barrel button set to Pan.
    private static func pans(_ event: ToolEvent, preferences: InputPreferences) -> Bool {
        guard event.kind == .press else { return false }
        if case .touch = event.device { return preferences.touch == .navigate }
        return event.device == .pen && event.stylusButton != 0 && preferences.action(ofStylusButton: event.stylusButton) == .pan
    }
}
