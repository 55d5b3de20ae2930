import CGtk

/// A scroll over a widget: a wheel notch, or a touchpad's (or a smooth wheel's) movement,
/// copied out of the `GdkEventScroll`.
public struct ScrollEvent: Sendable {
    /// Where the pointer is, widget pixels.
    public let x: Double, y: Double
    /// How far to scroll, in GDK's units: a wheel notch is 1 (down and right positive); a
    /// touchpad gives fractions that follow the fingers.
    public let dx: Double, dy: Double
    /// Whether the deltas are a touchpad's or a smooth wheel's (else whole notches).
    public let isSmooth: Bool
    /// The modifier keys held (Ctrl zooms, Shift turns vertical into horizontal).
    public let modifiers: KeyModifiers
}

/// A pinch or two-finger drag under way (`GtkGestureZoom`, a touchscreen's two fingers or
/// a touchpad's pinch): how much it scaled since it began, and where the fingers' centre is.
public struct PinchEvent: Sendable {
    /// What happened.
    public enum Phase: Sendable {
        case begin, update, end
    }

    /// What happened.
    public let phase: Phase
    /// The distance between the fingers now over what it was at the start (1 at the start).
    public let scale: Double
    /// The fingers' centre, widget pixels.
    public let x: Double, y: Double
}

extension Widget {
    /// Called for scroll events over the widget: wheel notches and smooth (touchpad) scrolls.
    public func onScroll(_ handler: @escaping @MainActor (ScrollEvent) -> Void) {
        addEvents(GdkEventMask(GDK_SCROLL_MASK.rawValue | GDK_SMOOTH_SCROLL_MASK.rawValue))
        connectEvent("scroll-event") { event in
            let scroll = event.pointee.scroll
            var (dx, dy) = (0.0, 0.0)
            var isSmooth = false
            switch scroll.direction {
            case GDK_SCROLL_UP: dy = -1
            case GDK_SCROLL_DOWN: dy = 1
            case GDK_SCROLL_LEFT: dx = -1
            case GDK_SCROLL_RIGHT: dx = 1
            default:
                // GDK_SCROLL_SMOOTH. A wheel on X11 (XInput 2) arrives here too, a notch a
                // delta of exactly 1.
                (dx, dy) = (scroll.delta_x, scroll.delta_y)
                isSmooth = true
            }
            handler(
                ScrollEvent(
                    x: scroll.x, y: scroll.y, dx: dx, dy: dy, isSmooth: isSmooth,
                    modifiers: KeyModifiers(gdkState: scroll.state)))
            return true
        }
    }

    /// Called for key releases while the widget has focus; return true to stop GTK's handling.
    public func onKeyRelease(_ handler: @escaping @MainActor (KeyEvent) -> Bool) {
        addEvents(GDK_KEY_RELEASE_MASK)
        connectEvent("key-release-event") { handler(KeyEvent($0)) }
    }

    /// Recognises pinches on the widget — two fingers on a touchscreen, or a touchpad's pinch
    /// — and tells `handler` as they begin, move and end (GTK's `GtkGestureZoom`, kept alive
    /// as long as the widget).
    public func onPinch(_ handler: @escaping @MainActor (PinchEvent) -> Void) {
        addEvents(GdkEventMask(GDK_TOUCH_MASK.rawValue | GDK_TOUCHPAD_GESTURE_MASK.rawValue))
        guard let gesture = gtk_gesture_zoom_new(widget) else { return }
        // The widget owns the gesture from here: it is freed with the widget's data.
        // GTK 3's widgets do not keep their gestures: the widget's data holds this one, and
        // drops it when the widget goes.
        g_object_set_data_full(gobject, "touchpainter-pinch", UnsafeMutableRawPointer(gesture)) { g_object_unref($0) }
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_BUBBLE)
        let object = Object(retaining: UnsafeMutableRawPointer(gesture))
        for (signal, phase) in [("begin", PinchEvent.Phase.begin), ("update", .update), ("end", .end)] {
            object.connect(signal, trampoline: unsafeBitCast(gestureTrampoline, to: GCallback.self)) {
                (gesture: UnsafeMutableRawPointer) in
                var (x, y) = (0.0, 0.0)
                _ = gtk_gesture_get_bounding_box_center(OpaquePointer(gesture), &x, &y)
                handler(PinchEvent(phase: phase, scale: gtk_gesture_zoom_get_scale_delta(OpaquePointer(gesture)), x: x, y: y))
            }
        }
    }
}

/// `void handler(GtkGesture *, GdkEventSequence *, gpointer)`: a gesture's begin, update, end.
private let gestureTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
    gesture, _, data in
    guard let gesture else { return }
    nonisolated(unsafe) let (g, data) = (gesture, data) // GTK emits on the main thread only
    MainActor.assumeIsolated {
        SignalHandlerBox<@MainActor (UnsafeMutableRawPointer) -> Void>.from(data)?.handler(g)
    }
}
