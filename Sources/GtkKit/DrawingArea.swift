import CGtk

/// A widget the app paints itself with Cairo (`GtkDrawingArea`).
public final class DrawingArea: Widget {
    /// A new, empty drawing area.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_drawing_area_new()))
    }

    /// Called to paint: the handler gets the `cairo_t *`, already clipped to the damage.
    public func onDraw(_ handler: @escaping @MainActor (OpaquePointer) -> Void) {
        connect("draw", trampoline: unsafeBitCast(drawTrampoline, to: GCallback.self), handler: handler)
    }

    /// Called when GTK gives the widget a new size (width, height in pixels).
    public func onResize(_ handler: @escaping @MainActor (Int, Int) -> Void) {
        connect("size-allocate", trampoline: unsafeBitCast(allocateTrampoline, to: GCallback.self),
                handler: handler)
    }

    /// Called once the widget has its GDK window (event settings need it).
    public func onRealize(_ handler: @escaping @MainActor () -> Void) {
        connect("realize", handler: handler)
    }

    /// Asks GTK to repaint one rectangle of the widget, in widget pixels.
    public func queueDraw(x: Int, y: Int, width: Int, height: Int) {
        gtk_widget_queue_draw_area(widget, gint(x), gint(y), gint(width), gint(height))
    }

    /// Delivers every motion event instead of merging those that queue up: a stroke needs
    /// every point the pointer passed (SPEC §2). Call once the widget is realised.
    public func disableMotionCompression() {
        guard let window = gtk_widget_get_window(widget) else { return }
        gdk_window_set_event_compression(window, 0)
    }

    /// Device pixels per widget pixel (2 on a HiDPI screen).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }
}

extension Widget {
    /// Called after the widget and its children have drawn a frame (timing hooks); it never
    /// changes or stops the drawing.
    public func onDrawn(_ handler: @escaping @MainActor () -> Void) {
        connect("draw", trampoline: unsafeBitCast(afterDrawTrampoline, to: GCallback.self), after: true,
                handler: handler)
    }
}

/// `gboolean draw(GtkWidget *, cairo_t *, gpointer)`; TRUE: the area painted everything.
private let drawTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, cairo, data in
    guard let cairo else { return 0 }
    nonisolated(unsafe) let (cr, data) = (cairo, data) // GTK draws on the main thread only
    return MainActor.assumeIsolated {
        guard let box = SignalHandlerBox<@MainActor (OpaquePointer) -> Void>.from(data) else { return 0 }
        box.handler(cr)
        return 1
    }
}

/// The same signature, connected after the default handler; FALSE lets drawing go on.
private let afterDrawTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _, data in
    nonisolated(unsafe) let data = data // GTK draws on the main thread only
    MainActor.assumeIsolated { SignalHandlerBox<@MainActor () -> Void>.from(data)?.handler() }
    return 0
}

/// `void size_allocate(GtkWidget *, GdkRectangle *, gpointer)`.
private let allocateTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkRectangle>?, UnsafeMutableRawPointer?) -> Void = { _, rect, data in
    guard let rect else { return }
    let (width, height) = (Int(rect.pointee.width), Int(rect.pointee.height))
    nonisolated(unsafe) let data = data // GTK lays out on the main thread only
    MainActor.assumeIsolated {
        SignalHandlerBox<@MainActor (Int, Int) -> Void>.from(data)?.handler(width, height)
    }
}
