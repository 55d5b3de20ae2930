import CGtk

/// A `GtkHeaderBar`: the title bar with the toolbar's buttons in it, as GNOME apps have.
public final class HeaderBar: Container {
    /// Makes a header bar that shows the window's close button.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_header_bar_new()))
        gtk_header_bar_set_show_close_button(bar, 1)
    }

    /// The `GtkHeaderBar *`.
    var bar: UnsafeMutablePointer<GtkHeaderBar> { cast(pointer) }

    /// The centred title.
    public var title: String {
        get { gtk_header_bar_get_title(bar).map { String(cString: $0) } ?? "" }
        set { gtk_header_bar_set_title(bar, newValue) }
    }

    /// Adds `child` after the ones already at the left end.
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(bar, child.widget) }
    /// Adds `child` before the ones already at the right end.
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(bar, child.widget) }
}
