import CairoKit

/// The Decorator (book chapter 16): wraps a component, is a component itself, and draws by
/// applying itself and then forwarding to what it wraps — so filters nest in any order.
/// Subclasses override `draw(in:on:)`, do their part, and call `super` (or forward).
open class ImageFilter: ImageComponent {
    /// What the filter decorates.
    public let component: ImageComponent

    /// A filter over `component`.
    public init(_ component: ImageComponent) {
        self.component = component
    }

    /// The wrapped component's size: a filter does not change what it decorates.
    open var size: (width: Double, height: Double) { component.size }

    /// Forwards the drawing; subclasses apply themselves around it.
    open func draw(in rect: ImageRect, on context: CairoContext) {
        component.draw(in: rect, on: context)
    }
}
