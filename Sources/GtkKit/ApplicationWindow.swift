import CGtk

/// A `GtkApplicationWindow`: the app's one main window. GTK owns toplevel windows, so the
/// wrapper retains its own reference and the window is destroyed explicitly.
public final class ApplicationWindow: Container {
    /// Makes a window belonging to `application`.
    public init(application: Application) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_application_window_new(cast(application.pointer))))
    }

    /// The `GtkWindow *`, for dialogs that must be transient for it.
    var window: UnsafeMutablePointer<GtkWindow> { cast(pointer) }

    /// The title the window manager shows (and the header bar, when it has no title of its own).
    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    /// Whether the widget with the keyboard focus takes typed text (an entry, a spin button):
    /// single-key shortcuts must leave its keys alone.
    public var focusIsTextEntry: Bool {
        guard let focus = gtk_window_get_focus(window) else { return false }
        return g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(focus)), gtk_editable_get_type()) != 0
    }

    /// The size the window opens with.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, gint(width), gint(height))
    }

    /// Sets the default size to `width`×`height`, or less so that it fits the primary
    /// monitor's work area (in application pixels, so at any scale factor): nine tenths of its
    /// width, and eight tenths of its height, since GTK 3 adds a client-side titlebar to the
    /// default height.
    public func setDefaultSize(fitting width: Int, height: Int) {
        var area = GdkRectangle()
        if let display = gdk_display_get_default(),
            let monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
        {
            gdk_monitor_get_workarea(monitor, &area)
        }
        guard area.width > 0, area.height > 0 else { return setDefaultSize(width: width, height: height) }
        setDefaultSize(width: min(width, Int(area.width) * 9 / 10), height: min(height, Int(area.height) * 8 / 10))
    }

    /// Puts a header bar where the title bar would be (client-side decorations).
    public func setTitlebar(_ titlebar: Widget) {
        gtk_window_set_titlebar(window, titlebar.widget)
    }

    /// Sets the window's icon from the icon theme, or from `image` (a PNG, 128 px square;
    /// any format GdkPixbuf reads) when the theme has no icon of that name.
    public func setIconName(_ name: String, fallback image: [UInt8]) {
        if gtk_icon_theme_has_icon(gtk_icon_theme_get_default(), name) != 0 {
            gtk_window_set_icon_name(window, name)
        } else if let pixbuf = Image.pixbuf(imageData: image, size: 128) {
            gtk_window_set_icon(window, pixbuf) // not installed: run from the build folder
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }
    }

    /// Opens the folder or file at `path` in the desktop's app for it (a file manager, for a
    /// folder); GTK asks the portal or D-Bus and does not wait. Returns why it could not.
    public func showInDesktop(path: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(path, nil, &error) else { return message(consuming: error) }
        defer { g_free(uri) }
        guard gtk_show_uri_on_window(window, uri, guint32(GDK_CURRENT_TIME), &error) != 0 else { return message(consuming: error) }
        return nil
    }

    private func message(consuming error: UnsafeMutablePointer<GError>?) -> String {
        defer { g_error_free(error) }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }

    /// Raises the window and gives it focus.
    public func present() { gtk_window_present(window) }

    /// Lets GDK double-buffer the window's frames only while the window is at most twice
    /// its monitor's area. Beyond (a window stretched to 8000×8000 px), GDK would draw every
    /// frame into a pixmap of the whole window first — hundreds of megabytes, a fifth of a
    /// second each — though only the monitor's part can show; drawn straight to the window,
    /// such a frame costs what the monitor's part costs. Within the limit frames stay double-
    /// buffered, so nothing flickers.
    public func doubleBufferOnlyWhileNearTheMonitorsSize() {
        onResize { [weak self] width, height in
            guard let self else { return }
            let fits = monitorSize.map { width * height <= 2 * $0.width * $0.height } ?? true
            tp_widget_set_double_buffered(widget, fits ? 1 : 0)
        }
    }

    /// Called when the user asks to close the window; return true to keep it open
    /// (to ask about unsaved changes first).
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        connectEvent("delete-event") { _ in handler() }
    }
}
