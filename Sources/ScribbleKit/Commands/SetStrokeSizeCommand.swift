/// Supplies the width a `SetStrokeSizeCommand` sets (the palette's size slider) and hears
/// what it set.
public protocol SetStrokeSizeCommandDelegate: AnyObject {
    /// The width to set, in pixels.
    func size(for command: SetStrokeSizeCommand) -> Double
    /// Called after `command` set the pen to `size`.
    func command(_ command: SetStrokeSizeCommand, didFinishSizeUpdateWith size: Float)
}

/// Sets the pen's width from whatever its delegate supplies, the way
/// `SetStrokeColorCommand` sets its colour.
public final class SetStrokeSizeCommand: Command {
    /// The pen this command changes.
    let style: StrokeStyle
    /// Supplies the width and hears the result; without one, `execute()` does nothing.
    public weak var delegate: SetStrokeSizeCommandDelegate?
    /// The pen's width before the last `execute()`, for `undo()`.
    private var previousSize: Float?

    /// Makes a command that sets `style`'s width.
    public init(style: StrokeStyle) {
        self.style = style
    }

    /// Asks the delegate for a width, clamps it to `StrokeStyle.sizeRange` (NaN to the lower
    /// bound), sets the pen to it and tells the delegate.
    public func execute() {
        guard let delegate else { return }
        let requested = delegate.size(for: self)
        let range = StrokeStyle.sizeRange
        let size =
            requested.isNaN
            ? range.lowerBound
            : Float(min(max(requested, Double(range.lowerBound)), Double(range.upperBound)))
        previousSize = style.size
        style.size = size
        delegate.command(self, didFinishSizeUpdateWith: style.size)
    }

    /// Restores the width the pen had before the last `execute()`.
    public func undo() {
        guard let previousSize else { return }
        style.size = previousSize
    }
}
