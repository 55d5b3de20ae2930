import CGtk
import CairoKit

/// A widget the app paints itself with Cairo (`GtkDrawingArea`).
public class DrawingArea: Widget {
    /// A new, empty drawing area.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_drawing_area_new()))
    }

    /// Called to paint: the handler gets the Cairo context, already clipped to the damage.
    public func onDraw(_ handler: @escaping @MainActor (CairoContext) -> Void) {
        connect("draw", trampoline: unsafeBitCast(drawTrampoline, to: GCallback.self), handler: handler)
    }

    /// Called once the widget has its GDK window (event settings need it).
    public func onRealize(_ handler: @escaping @MainActor () -> Void) {
        connect("realize", handler: handler)
    }

    /// Asks GTK to repaint one rectangle of the widget, in widget pixels.
    public func queueDraw(x: Int, y: Int, width: Int, height: Int) {
        gtk_widget_queue_draw_area(widget, gint(x), gint(y), gint(width), gint(height))
    }

    /// Paints the rectangle (widget pixels) at once with `draw`, as GTK's `draw` signal would,
    /// but outside GTK's frame cycle: what changed is on screen now, not at the next frame
    /// (up to a frame interval away, plus a frame when events are held back while one is
    /// drawn). Only on X11, where a window's contents can be replaced at any time; returns
    /// false, having painted nothing, elsewhere or while the widget is not on screen.
    @discardableResult
    public func paintNow(x: Int, y: Int, width: Int, height: Int, _ draw: (CairoContext) -> Void) -> Bool {
        guard gtk_widget_is_drawable(widget) != 0, let window = gtk_widget_get_window(widget),
            Self.isX11(gdk_window_get_display(window))
        else { return false }
        var rectangle = cairo_rectangle_int_t(x: gint(x), y: gint(y), width: gint(width), height: gint(height))
        let region = cairo_region_create_rectangle(&rectangle)
        defer { cairo_region_destroy(region) }
        guard let frame = gdk_window_begin_draw_frame(window, region) else { return false }
        if let cr = gdk_drawing_context_get_cairo_context(frame) {
            // A child window's context draws straight to the screen: the rectangle is drawn
            // in client memory (an opaque image, in shared memory where the X server has
            // it) and laid on in one copy, so the server neither blends nor clears (no
            // flicker, and the least it can do for the frame).
            let scale = Int(gdk_window_get_scale_factor(window))
            let image = cairo_surface_create_similar_image(
                cairo_get_target(cr), CAIRO_FORMAT_RGB24, gint(width * scale), gint(height * scale))
            if cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let imageContext = cairo_create(image) {
                cairo_surface_set_device_scale(image, Double(scale), Double(scale))
                cairo_surface_set_device_offset(image, Double(-x * scale), Double(-y * scale))
                draw(CairoContext(imageContext))
                cairo_destroy(imageContext)
                cairo_rectangle(cr, Double(x), Double(y), Double(width), Double(height))
                cairo_set_source_surface(cr, image, 0, 0)
                cairo_fill(cr)
            }
            cairo_surface_destroy(image)
        }
        gdk_window_end_draw_frame(window, frame)
        gdk_display_flush(gdk_window_get_display(window))
        return true
    }

    /// Whether `paintNow` can paint: the widget is on screen on an X11 display. Elsewhere
    /// (Wayland, where a surface shows only what the frame clock commits) the caller asks for
    /// a redraw instead, at once, so the next frame shows it.
    public var canPaintNow: Bool {
        guard gtk_widget_is_drawable(widget) != 0, let window = gtk_widget_get_window(widget) else { return false }
        return Self.isX11(gdk_window_get_display(window))
    }

    /// Whether `display` is an X11 display (GDK's class for it is `GdkX11Display`).
    private static func isX11(_ display: OpaquePointer?) -> Bool {
        guard let display else { return false }
        let instance = UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self)
        guard let type = instance.pointee.g_class?.pointee.g_type, let name = g_type_name(type) else { return false }
        return strcmp(name, "GdkX11Display") == 0
    }

    /// Delivers every motion event instead of merging those that queue up: a stroke needs
    /// every point the pointer passed. Call once the widget is realised.
    public func disableMotionCompression() {
        guard let window = gtk_widget_get_window(widget) else { return }
        gdk_window_set_event_compression(window, 0)
    }

    /// Device pixels per widget pixel (2 on a HiDPI screen).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }
}

extension Widget {
    /// Calls `tick` at the start of each of the widget's frames (GTK's frame clock, its update
    /// phase: what `tick` invalidates is painted in the same frame) until it returns false.
    public func onEachFrame(_ tick: @escaping @MainActor () -> Bool) {
        let box = Unmanaged.passRetained(FrameTickBox(tick)).toOpaque()
        gtk_widget_add_tick_callback(
            widget,
            { _, _, data in
                guard let data else { return 0 }
                let box = Unmanaged<FrameTickBox>.fromOpaque(data).takeUnretainedValue()
                return MainActor.assumeIsolated { box.tick() } ? 1 : 0
            }, box,
            { data in
                guard let data else { return }
                Unmanaged<FrameTickBox>.fromOpaque(data).release()
            })
    }

    /// Called when GTK gives the widget a new size (width, height in pixels).
    public func onResize(_ handler: @escaping @MainActor (Int, Int) -> Void) {
        connect(
            "size-allocate", trampoline: unsafeBitCast(allocateTrampoline, to: GCallback.self),
            handler: handler)
    }

    /// Called after the widget and its children have drawn a frame (timing hooks); it never
    /// changes or stops the drawing.
    public func onDrawn(_ handler: @escaping @MainActor () -> Void) {
        connect(
            "draw", trampoline: unsafeBitCast(afterDrawTrampoline, to: GCallback.self), after: true,
            handler: handler)
    }
}

/// `gboolean draw(GtkWidget *, cairo_t *, gpointer)`; TRUE: the area painted everything.
private let drawTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, cairo, data in
    guard let cairo else { return 0 }
    nonisolated(unsafe) let (cr, data) = (cairo, data) // GTK draws on the main thread only
    return MainActor.assumeIsolated {
        guard let box = SignalHandlerBox<@MainActor (CairoContext) -> Void>.from(data) else { return 0 }
        box.handler(CairoContext(cr))
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
private let allocateTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkRectangle>?, UnsafeMutableRawPointer?) -> Void = {
    _, rect, data in
    guard let rect else { return }
    let (width, height) = (Int(rect.pointee.width), Int(rect.pointee.height))
    nonisolated(unsafe) let data = data // GTK lays out on the main thread only
    MainActor.assumeIsolated {
        SignalHandlerBox<@MainActor (Int, Int) -> Void>.from(data)?.handler(width, height)
    }
}

/// A frame tick's closure, owned by GTK until its tick callback is removed; made, run and
/// released on the main thread.
private final class FrameTickBox {
    let tick: @MainActor () -> Bool
    init(_ tick: @escaping @MainActor () -> Bool) { self.tick = tick }
}
