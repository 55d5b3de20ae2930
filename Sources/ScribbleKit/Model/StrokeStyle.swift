/// The current pen — the colour and width the next marks are drawn with. The palette
/// sets it through commands; the canvas and the palette's preview observe it.
public final class StrokeStyle {
    /// The widths a pen may have, in pixels.
    public static let sizeRange: ClosedRange<Float> = 1...64

    private var storedColor: Color
    private var storedSize: Float
    private var observers: [(token: Int, handler: (StrokeStyle) -> Void)] = []
    private var nextToken = 0

    /// Makes a pen; `size` is clamped to `sizeRange`.
    public init(color: Color = .black, size: Float = 4) {
        storedColor = color
        storedSize = Self.clamped(size)
    }

    /// The colour of marks drawn next.
    public var color: Color {
        get { storedColor }
        set {
            guard newValue != storedColor else { return }
            storedColor = newValue
            notify()
        }
    }

    /// The width of marks drawn next, always within `sizeRange` (NaN becomes the lower bound).
    public var size: Float {
        get { storedSize }
        set {
            let value = Self.clamped(newValue)
            guard value != storedSize else { return }
            storedSize = value
            notify()
        }
    }

    /// Registers `handler`, calls it at once with the current pen, then after every change;
    /// returns the token that `removeObserver` takes.
    @discardableResult
    public func addObserver(_ handler: @escaping (StrokeStyle) -> Void) -> Int {
        let token = nextToken
        nextToken += 1
        observers.append((token, handler))
        handler(self)
        return token
    }

    /// Unregisters the handler registered under `token`; unknown tokens are ignored.
    public func removeObserver(_ token: Int) {
        observers.removeAll { $0.token == token }
    }

    /// `size` brought into `sizeRange`; NaN becomes the lower bound.
    static func clamped(_ size: Float) -> Float {
        guard !size.isNaN else { return sizeRange.lowerBound }
        return min(max(size, sizeRange.lowerBound), sizeRange.upperBound)
    }

    private func notify() {
        for entry in observers { entry.handler(self) }
    }
}
