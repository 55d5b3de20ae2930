import CGtk

/// The motion of a press held on a widget, handed to the widget's pointer handler straight
/// from GDK, ahead of GTK's event dispatch.
///
/// GTK 3 hands every event to `gtk_main_do_event`. For a motion event it looks for grabs,
/// runs the capture phase down every ancestor of the widget (the toplevel's drag gesture
/// copies the event there), emits `event` and `motion-notify-event` on the widget, and then
/// its tooltip code walks every ancestor, translating the pointer into each, and re-arms its
/// 500 ms timeout (a main-loop source removed and added). For the canvas, seven widgets deep,
/// all that cost more than a minimal GTK program's whole motion event costs it over and above
/// its drawing (issue 35).
///
/// From a press the pointer handler took (`Widget.onPointer`) until its release, a motion event
/// over the widget's own window goes to the handler at once, and GTK never sees it, when nothing
/// GTK would do with it can matter:
/// - GDK's grab of the pointer, if any, is the press' own, on that window (the release may
///   have ended it already: GDK reads events ahead of dispatching them), and the event is
///   the press' device's, not a pointer emulated from a touch;
/// - no GTK grab (a modal dialog, a menu, a popover) and no device grab in the window's group;
/// - the widget is sensitive and its window viewable (else GTK would drop the event).
///
/// What GTK would do besides shows nothing then. The handler takes every motion event, so no
/// ancestor would see it in the bubble phase; the toplevel's drag gesture has denied a press
/// that was not on a title bar; the widget has no tooltip and no `event` handlers (checked at
/// the press), and the press hid any tooltip shown. The capture phase is skipped whole: GTK 3
/// has no call that lists a widget's controllers, so this holds only for a widget none of whose
/// ancestors has a capture-phase controller or handler besides the toplevel's drag gesture —
/// as the canvas' boxes, stack and overlay have none (a scrolled window would: its kinetic
/// scrolling captures).
///
/// Any other event, and a motion event that fails a check, goes to `gtk_main_do_event` as
/// before. A handler that needs GTK's idea of the current event must take it from the event
/// it is given (`gtk_get_current_event_time` knows nothing of these).
@MainActor
enum DirectMotion {
    /// A press being held: where its motion goes.
    private struct Hold {
        /// The widget pressed and its window, each holding a reference while the press lasts.
        let widget: UnsafeMutablePointer<GtkWidget>
        let window: OpaquePointer
        /// The pointer that pressed (GDK's master device).
        let device: OpaquePointer
        /// The toplevel's window group, where GTK keeps its grabs.
        let group: UnsafeMutablePointer<GtkWindowGroup>
        /// The widget's pointer handler.
        let handler: (UnsafeMutablePointer<GdkEvent>) -> Void

        /// Whether GTK would hand `event` (a motion event over `window`) to the widget alone.
        func isTheWidgetsAlone(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
            let grab = tp_device_grab_window(gdk_window_get_display(window), device)
            guard gdk_event_get_device(event) == device, gdk_event_get_pointer_emulated(event) == 0, grab == nil || grab == window,
                gtk_window_group_get_current_grab(group) == nil,
                gtk_window_group_get_current_device_grab(group, device) == nil
            else { return false }
            return gtk_widget_is_sensitive(widget) != 0 && gdk_window_is_viewable(window) != 0
        }
    }

    /// The press held now, if its motion goes to its handler directly.
    private static var hold: Hold?
    /// Whether GDK's events come through `dispatch` (set once, on the first press).
    private static var isInstalled = false

    /// `event`, a press the pointer handler of `widget` took: its motion goes to `handler`
    /// directly until `release`, if the press was on the widget's own window and the widget has
    /// nothing that would want it otherwise (a tooltip, an `event` or `event-after` handler).
    static func press(
        _ event: UnsafeMutablePointer<GdkEvent>, on widget: UnsafeMutablePointer<GtkWidget>,
        handler: @escaping (UnsafeMutablePointer<GdkEvent>) -> Void
    ) {
        end()
        guard gdk_event_get_pointer_emulated(event) == 0,
            let window = gtk_widget_get_window(widget), event.pointee.any.window == window,
            let device = gdk_event_get_device(event), gtk_widget_get_has_tooltip(widget) == 0,
            g_signal_has_handler_pending(widget, g_signal_lookup("event", gtk_widget_get_type()), 0, 0) == 0,
            g_signal_has_handler_pending(widget, g_signal_lookup("event-after", gtk_widget_get_type()), 0, 0) == 0,
            let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
            let group = gtk_window_get_group(UnsafeMutableRawPointer(toplevel).assumingMemoryBound(to: GtkWindow.self))
        else { return }
        install()
        g_object_ref(widget)
        g_object_ref(UnsafeMutableRawPointer(window))
        g_object_ref(group)
        hold = Hold(widget: widget, window: window, device: device, group: group, handler: handler)
    }

    /// The press on `widget` ended (its release, or the widget going off screen): its motion
    /// goes through GTK again.
    static func release(on widget: UnsafeMutablePointer<GtkWidget>) {
        if hold?.widget == widget { end() }
    }

    /// Lets go of the press held, if any.
    private static func end() {
        guard let ended = hold else { return }
        hold = nil
        g_object_unref(ended.group)
        g_object_unref(UnsafeMutableRawPointer(ended.window))
        g_object_unref(ended.widget)
    }

    /// Hands `event` to the held press' handler if it is that press' motion and GTK would give
    /// it to the handler alone; returns false, having done nothing, otherwise.
    fileprivate static func deliver(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard event.pointee.type == GDK_MOTION_NOTIFY, let hold, event.pointee.any.window == hold.window else { return false }
        guard hold.isTheWidgetsAlone(event) else {
            end() // a grab came, or the widget went insensitive or off screen: the rest goes through GTK
            return false
        }
        hold.handler(event)
        return true
    }

    /// Puts `dispatch` in front of GTK's handler of GDK's events (GTK set it at its start).
    private static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        gdk_event_handler_set(dispatch, nil, nil)
    }
}

/// GDK's event handler: the held press' motion to its handler, everything else to GTK
/// (`gdk_event_handler_set`'s `GdkEventFunc`; GDK dispatches events on the main thread only).
private let dispatch: GdkEventFunc = { event, _ in
    guard let event else { return }
    nonisolated(unsafe) let pointer = event
    let delivered = MainActor.assumeIsolated { DirectMotion.deliver(pointer) }
    if !delivered { gtk_main_do_event(event) }
}
