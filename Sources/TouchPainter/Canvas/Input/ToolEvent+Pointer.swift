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
            modifiers: ToolModifiers(event.modifiers), stylusButton: Self.stylusButton(of: event, device: device),
            time: event.time)
    }

    /// A stylus' barrel button in `event`: the one pressed or released (GDK's button 2 is the
    /// first, 3 the second), else the one held; 0 for none, or a device that is no stylus tip.
    private static func stylusButton(of event: PointerEvent, device: Device) -> Int {
        guard device == .pen else { return 0 }
        if event.button == 2 || event.button == 3 { return Int(event.button) - 1 }
        if event.heldButtons.contains(.middle) { return 1 }
        if event.heldButtons.contains(.secondary) { return 2 }
        return 0
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
