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

    /// The size the window opens with.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, gint(width), gint(height))
    }

    /// Puts a header bar where the title bar would be (client-side decorations).
    public func setTitlebar(_ titlebar: Widget) {
        gtk_window_set_titlebar(window, titlebar.widget)
    }

    /// Sets the window's icon from the icon theme.
    public func setIconName(_ name: String) {
        gtk_window_set_icon_name(window, name)
    }

    /// Raises the window and gives it focus.
    public func present() { gtk_window_present(window) }

    /// Called when the user asks to close the window; return true to keep it open
    /// (to ask about unsaved changes first).
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        connectEvent("delete-event") { _ in handler() }
    }
}
