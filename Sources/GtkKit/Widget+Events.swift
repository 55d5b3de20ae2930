import CGtk

/// A pointer event in widget coordinates, copied out of the `GdkEvent` so handlers never
/// hold on to GDK's memory.
public struct PointerEvent {
    /// What happened.
    public enum Kind {
        /// A button went down.
        case press
        /// A button went up.
        case release
        /// The pointer moved.
        case motion
    }

    /// What happened.
    public let kind: Kind
    /// Horizontal position in the widget, pixels.
    public let x: Double
    /// Vertical position in the widget, pixels.
    public let y: Double
    /// The button pressed or released (1 primary, 2 middle, 3 secondary); 0 for motion.
    public let button: UInt32
    /// Pen pressure 0…1 when the device reports it, else `nil`.
    public let pressure: Double?
    /// Whether the primary button is held (during motion).
    public let isPrimaryDown: Bool
    /// True for the second click of a double click (GDK sends it after two plain presses).
    public let isDoubleClick: Bool
    /// Modifier and button state, GDK's `GdkModifierType` bits.
    public let state: UInt32
}

/// A key press: the key and the modifiers held.
public struct KeyEvent {
    /// GDK's keyval (`GDK_KEY_Escape`, …).
    public let keyval: UInt32
    /// Modifier state, `GdkModifierType` bits.
    public let state: UInt32
}

extension PointerEvent {
    /// Copies a button or motion event; `nil` for any other kind.
    init?(_ event: UnsafeMutablePointer<GdkEvent>) {
        var pressure = 0.0
        let hasPressure = gdk_event_get_axis(event, GDK_AXIS_PRESSURE, &pressure) != 0
        switch event.pointee.type {
        case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_BUTTON_RELEASE:
            let b = event.pointee.button
            self.init(kind: b.type == GDK_BUTTON_RELEASE ? .release : .press, x: b.x, y: b.y, button: b.button,
                      pressure: hasPressure ? pressure : nil,
                      isPrimaryDown: b.state & GDK_BUTTON1_MASK.rawValue != 0,
                      isDoubleClick: b.type == GDK_2BUTTON_PRESS, state: b.state)
        case GDK_MOTION_NOTIFY:
            let m = event.pointee.motion
            self.init(kind: .motion, x: m.x, y: m.y, button: 0, pressure: hasPressure ? pressure : nil,
                      isPrimaryDown: m.state & GDK_BUTTON1_MASK.rawValue != 0, isDoubleClick: false, state: m.state)
        default:
            return nil
        }
    }
}

/// `gboolean handler(GtkWidget *, GdkEvent *, gpointer)`: every "*-event" signal.
private let eventTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEvent>?,
                                             UnsafeMutableRawPointer?) -> gboolean = { _, event, data in
    guard let event, let box = SignalHandlerBox<(UnsafeMutablePointer<GdkEvent>) -> Bool>.from(data) else { return 0 }
    return box.handler(event) ? 1 : 0
}

extension Widget {
    /// Connects a raw GDK event signal; the handler returns true when it handled the event.
    @discardableResult
    public func connectEvent(_ signal: String, handler: @escaping (UnsafeMutablePointer<GdkEvent>) -> Bool) -> SignalConnection {
        connect(signal, trampoline: unsafeBitCast(eventTrampoline, to: GCallback.self), handler: handler)
    }

    /// Asks GDK to deliver the given event kinds to this widget.
    public func addEvents(_ mask: GdkEventMask) {
        gtk_widget_add_events(widget, gint(bitPattern: mask.rawValue))
    }

    /// Called for button presses, releases and pointer motion over the widget. Turns on the
    /// event mask those need.
    public func onPointer(_ handler: @escaping (PointerEvent) -> Void) {
        addEvents(GdkEventMask(GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
                               | GDK_POINTER_MOTION_MASK.rawValue))
        let forward: (UnsafeMutablePointer<GdkEvent>) -> Bool = { event in
            guard let pointerEvent = PointerEvent(event) else { return false }
            handler(pointerEvent)
            return true
        }
        connectEvent("button-press-event", handler: forward)
        connectEvent("button-release-event", handler: forward)
        connectEvent("motion-notify-event", handler: forward)
    }

    /// Called for key presses while the widget (or, on a window, any child) has focus;
    /// return true to stop GTK's default handling.
    public func onKeyPress(_ handler: @escaping (KeyEvent) -> Bool) {
        addEvents(GDK_KEY_PRESS_MASK)
        connectEvent("key-press-event") { event in
            handler(KeyEvent(keyval: event.pointee.key.keyval, state: event.pointee.key.state))
        }
    }
}
