import CGtk

/// A `GtkDrawingArea`: a widget whose content the app paints itself with Cairo.
public final class DrawingArea: Widget {
    /// Makes an empty drawing area.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_drawing_area_new()))
    }

    /// Called to paint; the handler gets the `cairo_t *`, already clipped to the area that
    /// needs repainting.
    public func onDraw(_ handler: @escaping (OpaquePointer) -> Void) {
        connect("draw", trampoline: unsafeBitCast(drawTrampoline, to: GCallback.self), handler: handler)
    }

    /// Called with the new size whenever GTK gives the area a different allocation.
    public func onResize(_ handler: @escaping (Int, Int) -> Void) {
        connect("size-allocate", trampoline: unsafeBitCast(allocateTrampoline, to: GCallback.self),
                handler: handler)
    }

    /// Called once the area has its GDK window (and so can set window-level options).
    public func onRealize(_ handler: @escaping () -> Void) {
        connect("realize", handler: handler)
    }

    /// Repaints only the given rectangle, in widget pixels.
    public func queueDraw(x: Int, y: Int, width: Int, height: Int) {
        gtk_widget_queue_draw_area(widget, gint(x), gint(y), gint(width), gint(height))
    }

    /// Turns GDK's motion-event compression off, so every pointer sample arrives and a
    /// stroke follows the pointer exactly. GTK compresses motion by default (it keeps only
    /// the last motion event per frame); this is the documented way out, and it needs the
    /// GDK window, so call it after realize.
    public func disableMotionCompression() {
        guard let window = gtk_widget_get_window(widget) else { return }
        gdk_window_set_event_compression(window, 0)
    }

    /// The scale between widget pixels and device pixels (2 on a HiDPI screen).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }
}

/// `gboolean draw(GtkWidget *, cairo_t *, gpointer)`.
private let drawTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, cr, data in
    guard let cr, let box = SignalHandlerBox<(OpaquePointer) -> Void>.from(data) else { return 0 }
    box.handler(cr)
    return 1
}

/// `void size_allocate(GtkWidget *, GdkRectangle *, gpointer)`.
private let allocateTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkRectangle>?, UnsafeMutableRawPointer?) -> Void = { _, rect, data in
    guard let rect, let box = SignalHandlerBox<(Int, Int) -> Void>.from(data) else { return }
    box.handler(Int(rect.pointee.width), Int(rect.pointee.height))
}
