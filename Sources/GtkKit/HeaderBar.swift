import CGtk

/// A `GtkHeaderBar`: the title bar with the toolbar's buttons in it, as GNOME apps have.
public final class HeaderBar: Container {
    /// Makes a header bar that shows the window's close button.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_header_bar_new()))
        gtk_header_bar_set_show_close_button(bar, 1)
        // A little tighter than GTK's 6 px between items, so a narrow window keeps every button.
        var spacing = GValue()
        g_value_init(&spacing, GType(6 << 2)) // G_TYPE_INT, a macro Swift cannot import
        g_value_set_int(&spacing, 4)
        g_object_set_property(gobject, "spacing", &spacing)
        g_value_unset(&spacing)
        for (label, styleClass) in [(titleLabel, StyleClass.title), (subtitleLabel, .subtitle)] {
            gtk_label_set_ellipsize(cast(label.pointer), PANGO_ELLIPSIZE_END)
            gtk_label_set_single_line_mode(cast(label.pointer), 1)
            label.addStyleClass(styleClass)
            titles.packStart(label)
        }
        titles.verticalAlignment = .center
        gtk_widget_set_no_show_all(subtitleLabel.widget, 1)
        gtk_header_bar_set_custom_title(bar, titles.widget)
        titles.showAll()
    }

    /// The `GtkHeaderBar *`.
    var bar: UnsafeMutablePointer<GtkHeaderBar> { cast(pointer) }

    /// The centred title.
    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }

    /// The title as the header bar's own widget: GTK's built-in one would copy the window's
    /// title (with the app's name after it) and never shrink; this one ellipsizes, so a
    /// narrow window keeps its buttons.
    private let titleLabel = Label()
    /// The smaller line under the title, shown only when set.
    private let subtitleLabel = Label()
    private let titles = Box(.vertical)

    /// The smaller line under the title (`nil`: none).
    public var subtitle: String? {
        get { subtitleLabel.isVisible ? subtitleLabel.text : nil }
        set {
            subtitleLabel.text = newValue ?? ""
            subtitleLabel.isVisible = newValue != nil
        }
    }

    /// Adds `child` after the ones already at the left end.
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(bar, child.widget) }
    /// Adds `child` before the ones already at the right end.
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(bar, child.widget) }
}
