import CGtk

/// A `GtkScrolledWindow`: scrollbars around a child larger than the view.
public final class ScrolledWindow: Container {
    /// Makes a scrolled window that scrolls vertically only.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_scrolled_window_new(nil, nil)))
        gtk_scrolled_window_set_policy(cast(pointer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// Makes the view exactly `width` pixels wide, whatever its child would like. A child
    /// that cannot be that narrow scrolls sideways. (Scrolling vertically only, GTK makes the
    /// view as wide as the child's *natural* width, which a wrapping label or an entry can
    /// make far wider than a side pane should be.)
    public func fixWidth(_ width: Int) {
        gtk_scrolled_window_set_policy(cast(pointer), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_width(cast(pointer), gint(width))
        gtk_scrolled_window_set_propagate_natural_width(cast(pointer), 0)
    }
}
