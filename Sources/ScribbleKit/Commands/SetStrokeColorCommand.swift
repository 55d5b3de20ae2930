/// Supplies the colour a `SetStrokeColorCommand` sets (the palette's sliders) and hears
/// what it set (the palette's preview).
public protocol SetStrokeColorCommandDelegate: AnyObject {
    /// The red, green and blue components to set, on the 0–255 scale.
    func colorComponents(for command: SetStrokeColorCommand) -> (red: Double, green: Double, blue: Double)
    /// The opacity to set, in per cent (a 50 % yellow is a highlighter).
    func opacity(for command: SetStrokeColorCommand) -> Double
    /// Called after `command` set the pen to `color`.
    func command(_ command: SetStrokeColorCommand, didFinishColorUpdateWith color: Color)
}

extension SetStrokeColorCommandDelegate {
    /// Opaque, for a client with no opacity control.
    public func opacity(for command: SetStrokeColorCommand) -> Double { 100 }
}

/// Sets the pen's colour from whatever its delegate supplies (book chapter 20: the sliders
/// invoke this command through an adapter, so they know nothing of the pen).
public final class SetStrokeColorCommand: Command {
    /// The pen this command changes.
    let style: StrokeStyle
    /// Supplies the components and hears the result; without one, `execute()` does nothing.
    public weak var delegate: SetStrokeColorCommandDelegate?
    /// The pen's colour before the last `execute()`, for `undo()`.
    private var previousColor: Color?

    /// Makes a command that sets `style`'s colour.
    public init(style: StrokeStyle) {
        self.style = style
    }

    /// Asks the delegate for components and opacity, clamps each to its range (NaN to 0),
    /// rounds them, sets the pen to that colour and tells the delegate.
    public func execute() {
        guard let delegate else { return }
        let components = delegate.colorComponents(for: self)
        let color = Color(
            red: Self.channel(components.red),
            green: Self.channel(components.green),
            blue: Self.channel(components.blue),
            alpha: Self.channel(delegate.opacity(for: self) / 100 * 255))
        previousColor = style.color
        style.color = color
        delegate.command(self, didFinishColorUpdateWith: color)
    }

    /// Restores the colour the pen had before the last `execute()`.
    public func undo() {
        guard let previousColor else { return }
        style.color = previousColor
    }

    /// One 0–255 component as a byte: clamped, NaN as 0, rounded to nearest.
    static func channel(_ value: Double) -> UInt8 {
        guard !value.isNaN else { return 0 }
        return UInt8(min(max(value, 0), 255).rounded())
    }
}
