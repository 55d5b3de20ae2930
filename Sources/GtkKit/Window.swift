import CGtk

/// A `GtkWindow` beside the main window (a preferences window): transient for it, so the
/// desktop keeps it above and centres it there. GTK owns toplevel windows, so the wrapper
/// retains its own reference; closing it hides it (the app shows the same one again) and
/// `destroy()` ends it.
public final class Window: Container {
    /// Makes a hidden window titled `title` over `parent`.
    public init(title: String, parent: ApplicationWindow?) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_window_new(GTK_WINDOW_TOPLEVEL)))
        gtk_window_set_title(window, title)
        if let parent { gtk_window_set_transient_for(window, parent.window) }
        gtk_window_set_destroy_with_parent(window, 1)
        // Closing hides: the window keeps its controls and shows them again as they were.
        connectEvent("delete-event") { [weak self] _ in
            self?.isVisible = false
            return true
        }
    }

    private var window: UnsafeMutablePointer<GtkWindow> { cast(pointer) }

    /// The title the window manager shows. Set it after `setTitlebar`: GTK copies a header
    /// bar's own title (none, for GtkKit's `HeaderBar`) over the window's when it is set.
    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    /// The size it opens with.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, gint(width), gint(height))
    }

    /// Uses `titlebar` (a header bar) as the window's title bar.
    public func setTitlebar(_ titlebar: Widget) {
        gtk_window_set_titlebar(window, titlebar.widget)
    }

    /// Whether the window keeps the user from the main window while it is up (a progress
    /// window that must be answered first).
    public var isModal: Bool {
        get { gtk_window_get_modal(window) != 0 }
        set { gtk_window_set_modal(window, newValue ? 1 : 0) }
    }

    /// Whether the title bar offers to close it; a window with a Cancel button of its own
    /// turns it off, so there is one way to stop.
    public var isDeletable: Bool {
        get { gtk_window_get_deletable(window) != 0 }
        set { gtk_window_set_deletable(window, newValue ? 1 : 0) }
    }

    /// Shows the window and its children, and raises it.
    public func present() {
        gtk_widget_show_all(widget)
        gtk_window_present(window)
    }

    /// Called for each key press in the window; return true when handled.
    public func onKey(_ handler: @escaping @MainActor (KeyEvent) -> Bool) {
        onKeyPress(handler)
    }
}
