import GtkKit
import ScribbleKit

extension ToolEvent {
    /// `event`, a GTK pointer event on the canvas, as the tools see it: at the canvas point
    /// `point` under it (see `Viewport`).
    init(_ event: PointerEvent, at point: Point) {
        let kind: Kind =
            switch event.kind {
            case .press: .press
            case .motion: .motion
            case .release: .release
            }
        let device: Device =
            if let finger = event.touchSequence {
                .touch(finger: finger)
            } else {
                switch event.source {
                case .pen: .pen
                case .eraser: .eraser
                case .mouse, .touchscreen, .other: .mouse
                }
            }
        self.init(
            kind: kind, point: point, device: device, pressure: event.pressure.map(Float.init),
            button: event.button, isPrimaryDown: event.isPrimaryDown, isDoubleClick: event.isDoubleClick,
            modifiers: ToolModifiers(event.modifiers))
    }
}

extension ToolModifiers {
    /// The toolkit's modifier keys as the tools heed them.
    init(_ keys: KeyModifiers) {
        self = []
        if keys.contains(.shift) { insert(.shift) }
        if keys.contains(.control) { insert(.control) }
        if keys.contains(.alt) { insert(.alt) }
    }
}
