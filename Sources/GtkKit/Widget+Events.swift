import CGtk

/// A pointer event in widget coordinates, copied out of the `GdkEvent` so handlers never
/// hold on to GDK's memory. A finger on a touchscreen is a pointer too: its touch begins as
/// a press of button 1, moves as motion with the button down and ends as a release, each
/// event carrying its touch sequence, so several fingers can be told apart.
public struct PointerEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// A button went down (or a touch began).
        case press
        /// A button went up (or a touch ended or was cancelled).
        case release
        /// The pointer moved.
        case motion
    }

    /// What kind of device the event came from.
    public enum Source: Sendable {
        case mouse
        /// A stylus' tip.
        case pen
        /// A stylus' eraser end, or an eraser tool.
        case eraser
        case touchscreen
        /// Anything else (touchpad, trackpoint, …): treated like a mouse.
        case other
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
    /// The modifier keys held.
    public let modifiers: KeyModifiers
    /// The X server's timestamp of the event, in milliseconds (its monotonic clock).
    public let time: UInt32
    /// The device kind.
    public var source: Source = .mouse
    /// True for a pointer event GDK made up from a touch (the touch itself comes as well).
    public var isEmulated = false
    /// Which finger, for a touch event; `nil` for everything else.
    public var touchSequence: UInt? = nil
    /// The buttons held as it happened (a stylus' barrel buttons are the middle and secondary).
    public var heldButtons: PointerButtons = []
}

/// Pointer buttons held during an event.
public struct PointerButtons: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The primary button (a stylus' tip).
    public static let primary = PointerButtons(rawValue: GDK_BUTTON1_MASK.rawValue)
    /// The middle button (a stylus' first barrel button).
    public static let middle = PointerButtons(rawValue: GDK_BUTTON2_MASK.rawValue)
    /// The secondary button (a stylus' second barrel button).
    public static let secondary = PointerButtons(rawValue: GDK_BUTTON3_MASK.rawValue)

    /// The three buttons above out of GDK's state bits.
    init(gdkState state: UInt32) {
        rawValue = state & (GDK_BUTTON1_MASK.rawValue | GDK_BUTTON2_MASK.rawValue | GDK_BUTTON3_MASK.rawValue)
    }
}

/// Modifier keys held during an event.
public struct KeyModifiers: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = KeyModifiers(rawValue: GDK_SHIFT_MASK.rawValue)
    /// Control (the "Primary" modifier on Linux).
    public static let control = KeyModifiers(rawValue: GDK_CONTROL_MASK.rawValue)
    /// Alt.
    public static let alt = KeyModifiers(rawValue: GDK_MOD1_MASK.rawValue)

    /// Keeps the three modifiers above out of GDK's state bits (buttons, locks and others dropped).
    init(gdkState state: UInt32) {
        self.init(rawValue: state & (GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue))
    }
}

/// A key press: the key and the modifiers held.
public struct KeyEvent: Sendable {
    /// The key.
    public let key: Key
    /// The modifier keys held.
    public let modifiers: KeyModifiers

    /// A press of `key` with `modifiers` held.
    public init(key: Key, modifiers: KeyModifiers = []) {
        (self.key, self.modifiers) = (key, modifiers)
    }
}

extension PointerEvent {
    /// Copies a button, motion or touch event; `nil` for any other kind.
    init?(_ event: UnsafeMutablePointer<GdkEvent>) {
        var pressure = 0.0
        let hasPressure = gdk_event_get_axis(event, GDK_AXIS_PRESSURE, &pressure) != 0
        switch event.pointee.type {
        case GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL:
            let t = event.pointee.touch
            let kind: Kind =
                switch t.type {
                case GDK_TOUCH_BEGIN: .press
                case GDK_TOUCH_UPDATE: .motion
                default: .release
                }
            self.init(
                kind: kind, x: t.x, y: t.y, button: kind == .motion ? 0 : 1, pressure: nil,
                isPrimaryDown: kind != .press, isDoubleClick: false, modifiers: KeyModifiers(gdkState: t.state),
                time: t.time, source: .touchscreen, touchSequence: UInt(bitPattern: t.sequence))
        case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_BUTTON_RELEASE:
            let b = event.pointee.button
            self.init(
                kind: b.type == GDK_BUTTON_RELEASE ? .release : .press, x: b.x, y: b.y, button: b.button,
                pressure: hasPressure ? pressure : nil,
                isPrimaryDown: b.state & GDK_BUTTON1_MASK.rawValue != 0,
                isDoubleClick: b.type == GDK_2BUTTON_PRESS, modifiers: KeyModifiers(gdkState: b.state),
                time: b.time)
            heldButtons = PointerButtons(gdkState: b.state)
        case GDK_MOTION_NOTIFY:
            let m = event.pointee.motion
            self.init(
                kind: .motion, x: m.x, y: m.y, button: 0, pressure: hasPressure ? pressure : nil,
                isPrimaryDown: m.state & GDK_BUTTON1_MASK.rawValue != 0, isDoubleClick: false,
                modifiers: KeyModifiers(gdkState: m.state), time: m.time)
            heldButtons = PointerButtons(gdkState: m.state)
        default:
            return nil
        }
        if touchSequence == nil {
            source = Self.source(of: event)
            isEmulated = gdk_event_get_pointer_emulated(event) != 0
        }
    }

    /// The kind of device behind `event`: the tool's type when GDK knows it (a stylus'
    /// eraser end on a tablet that reports tools), else the device's source.
    private static func source(of event: UnsafeMutablePointer<GdkEvent>) -> Source {
        if let tool = gdk_event_get_device_tool(event), gdk_device_tool_get_tool_type(tool) == GDK_DEVICE_TOOL_TYPE_ERASER {
            return .eraser
        }
        guard let device = gdk_event_get_source_device(event) else { return .mouse }
        return switch gdk_device_get_source(device) {
        case GDK_SOURCE_MOUSE: .mouse
        case GDK_SOURCE_PEN: .pen
        case GDK_SOURCE_ERASER: .eraser
        case GDK_SOURCE_TOUCHSCREEN: .touchscreen
        default: .other
        }
    }
}

/// `gboolean handler(GtkWidget *, GdkEvent *, gpointer)`: every "*-event" signal.
private let eventTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEvent>?,
        UnsafeMutableRawPointer?
    ) -> gboolean = { _, eventPointer, data in
        guard let eventPointer else { return 0 }
        nonisolated(unsafe) let (event, data) = (eventPointer, data) // GDK delivers events on the main thread only
        return MainActor.assumeIsolated {
            guard let box = SignalHandlerBox<@MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool>.from(data) else { return 0 }
            return box.handler(event) ? 1 : 0
        }
    }

extension Widget {
    /// Connects a raw GDK event signal; the handler returns true when it handled the event.
    /// Internal: the app gets Swift values (`PointerEvent`, `KeyEvent`), never GDK's memory.
    @discardableResult
    func connectEvent(_ signal: String, handler: @escaping @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool) -> SignalConnection {
        connect(signal, trampoline: unsafeBitCast(eventTrampoline, to: GCallback.self), handler: handler)
    }

    /// Asks GDK to deliver the given event kinds to this widget.
    func addEvents(_ mask: GdkEventMask) {
        gtk_widget_add_events(widget, gint(bitPattern: mask.rawValue))
    }

    /// Called for button presses, releases, pointer motion and touches over the widget.
    /// Turns on the event mask those need. While a press the handler took is held, its motion
    /// comes to the handler straight from GDK, ahead of GTK's dispatch (`DirectMotion`): the
    /// handler must be the only one the widget's motion goes to.
    public func onPointer(_ handler: @escaping @MainActor (PointerEvent) -> Void) {
        addEvents(
            GdkEventMask(
                GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
                    | GDK_POINTER_MOTION_MASK.rawValue | GDK_TOUCH_MASK.rawValue))
        let widget = widget
        let forward: @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool = { event in
            guard let pointerEvent = PointerEvent(event) else { return false }
            handler(pointerEvent)
            return true
        }
        let motion: @MainActor (UnsafeMutablePointer<GdkEvent>) -> Void = { event in
            if let pointerEvent = PointerEvent(event) { handler(pointerEvent) }
        }
        connectEvent("button-press-event") { event in
            guard forward(event) else { return false }
            if event.pointee.type == GDK_BUTTON_PRESS { DirectMotion.press(event, on: widget, handler: motion) }
            return true
        }
        connectEvent("button-release-event") { event in
            DirectMotion.release(on: widget)
            return forward(event)
        }
        connectEvent("motion-notify-event", handler: forward)
        connectEvent("touch-event", handler: forward)
        connect("unrealize") { DirectMotion.release(on: widget) }
    }

    /// Called when a stylus comes into the screen's range (true) or leaves it (false), with
    /// the event's time in milliseconds. Turns on the proximity events.
    public func onProximity(_ handler: @escaping @MainActor (Bool, UInt32) -> Void) {
        addEvents(GdkEventMask(GDK_PROXIMITY_IN_MASK.rawValue | GDK_PROXIMITY_OUT_MASK.rawValue))
        connectEvent("proximity-in-event") { event in
            handler(true, event.pointee.proximity.time)
            return false
        }
        connectEvent("proximity-out-event") { event in
            handler(false, event.pointee.proximity.time)
            return false
        }
    }

    /// Called for key presses while the widget (or, on a window, any child) has focus;
    /// return true to stop GTK's default handling.
    public func onKeyPress(_ handler: @escaping @MainActor (KeyEvent) -> Bool) {
        addEvents(GDK_KEY_PRESS_MASK)
        connectEvent("key-press-event") { handler(KeyEvent($0)) }
    }
}

extension KeyEvent {
    /// Copies a key press or release.
    init(_ event: UnsafeMutablePointer<GdkEvent>) {
        let key = event.pointee.key
        let name = gdk_keyval_name(key.keyval).map { String(cString: $0) } ?? ""
        self.init(key: Key(gdkName: name), modifiers: KeyModifiers(gdkState: key.state))
    }
}
