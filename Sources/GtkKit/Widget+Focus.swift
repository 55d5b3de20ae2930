import CGtk

/// Keyboard focus, the pointer's look, the theme's text colour and the monitor, for widgets
/// that take input themselves (the canvas: single-key shortcuts, tool cursors, its frames).
extension Widget {
    /// Whether the widget can hold the keyboard focus (and so receive key presses).
    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget holds the keyboard focus within its window.
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    /// Moves the keyboard focus to the widget.
    public func grabFocus() { gtk_widget_grab_focus(widget) }

    /// Whether a click gives the widget the keyboard focus. Header and tool bar buttons turn
    /// it off: a focused button repeats itself on Space and Enter (a second Undo) and takes
    /// the keys meant for the canvas.
    public var focusOnClick: Bool {
        get { gtk_widget_get_focus_on_click(widget) != 0 }
        set { gtk_widget_set_focus_on_click(widget, newValue ? 1 : 0) }
    }

    /// Shows the pointer over the widget as the cursor named `name` (CSS names: "crosshair",
    /// "default", "copy", "move", "none"…); nothing happens before the widget is realised.
    public func setCursor(named name: String) {
        guard let window = gtk_widget_get_window(widget) else { return }
        let cursor = gdk_cursor_new_from_name(gdk_window_get_display(window), name)
        gdk_window_set_cursor(window, cursor)
        if let cursor { g_object_unref(UnsafeMutableRawPointer(cursor)) }
    }

    /// The theme's foreground (text) colour for the widget in its current state, as red,
    /// green, blue and alpha from 0 to 1: what symbolic icons are painted with.
    public var foregroundColor: (red: Double, green: Double, blue: Double, alpha: Double) {
        let context = gtk_widget_get_style_context(widget)
        var color = GdkRGBA()
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &color)
        return (color.red, color.green, color.blue, color.alpha)
    }

    /// Called when the pointer leaves the widget (to hide what follows it, such as the
    /// eraser's outline). Turns on the event mask it needs.
    public func onPointerLeave(_ handler: @escaping @MainActor () -> Void) {
        addEvents(GDK_LEAVE_NOTIFY_MASK)
        connectEvent("leave-notify-event") { _ in
            handler()
            return false
        }
    }
}

extension Widget {
    /// The size, in logical pixels, of the monitor the widget's window is on (the first
    /// monitor before the widget is realised); `nil` when GDK knows no monitor.
    public var monitorSize: (width: Int, height: Int)? {
        let display = gdk_display_get_default()
        let monitor =
            gtk_widget_get_window(widget).flatMap { gdk_display_get_monitor_at_window(display, $0) }
            ?? gdk_display_get_monitor(display, 0)
        guard let monitor else { return nil }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &geometry)
        return (Int(geometry.width), Int(geometry.height))
    }
}
