import CGtk

/// A `GtkScrolledWindow`: scrollbars around a child larger than the view.
public final class ScrolledWindow: Container {
    /// Makes a scrolled window that scrolls vertically only.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_scrolled_window_new(nil, nil)))
        gtk_scrolled_window_set_policy(cast(pointer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }
}
