import CGtk

/// Base of every widget wrapper: the `GtkWidget` calls all widgets share.
open class Widget: Object {
    /// The wrapped `GtkWidget *` (for GtkKit's own calls).
    var widget: UnsafeMutablePointer<GtkWidget> { cast(pointer) }

    /// Shows the widget and all its children.
    public func showAll() { gtk_widget_show_all(widget) }

    /// Whether the widget takes input; insensitive widgets are drawn greyed out.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget is shown.
    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget is on screen: shown, its window mapped, and so drawn when asked.
    public var isDrawable: Bool { gtk_widget_is_drawable(widget) != 0 }

    /// Whether `showAll` on an ancestor leaves the widget as it is (`gtk_widget_set_no_show_all`):
    /// for a widget shown only at times (a message under a field, the eraser's options), whose
    /// owner sets `isVisible` itself.
    public var isLeftOutOfShowAll: Bool {
        get { gtk_widget_get_no_show_all(widget) != 0 }
        set { gtk_widget_set_no_show_all(widget, newValue ? 1 : 0) }
    }

    /// The hover tooltip.
    public var tooltip: String? {
        get {
            guard let text = gtk_widget_get_tooltip_text(widget) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// The name screen readers and AT-SPI test tools find the widget by.
    public var accessibleName: String? {
        get { atk_object_get_name(gtk_widget_get_accessible(widget)).map { String(cString: $0) } }
        set { atk_object_set_name(gtk_widget_get_accessible(widget), newValue ?? "") }
    }

    /// What screen readers say after the name: a value the name does not carry (the zoom
    /// button's percentage).
    public var accessibleDescription: String? {
        get { atk_object_get_description(gtk_widget_get_accessible(widget)).map { String(cString: $0) } }
        set { atk_object_set_description(gtk_widget_get_accessible(widget), newValue ?? "") }
    }

    /// The smallest size the widget asks for; -1 leaves a dimension natural.
    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widget, gint(width), gint(height))
    }

    /// The size GTK gave the widget.
    public var allocatedSize: (width: Int, height: Int) {
        (Int(gtk_widget_get_allocated_width(widget)), Int(gtk_widget_get_allocated_height(widget)))
    }

    /// The size the widget would like (its natural width, and its natural height for that
    /// width), as GTK's size negotiation gives it.
    public var naturalSize: (width: Int, height: Int) {
        var width: gint = 0, height: gint = 0
        gtk_widget_get_preferred_width(widget, nil, &width)
        gtk_widget_get_preferred_height_for_width(widget, width, nil, &height)
        return (Int(width), Int(height))
    }

    /// Sets all four margins.
    public func setMargins(_ margin: Int) {
        gtk_widget_set_margin_start(widget, gint(margin))
        gtk_widget_set_margin_end(widget, gint(margin))
        gtk_widget_set_margin_top(widget, gint(margin))
        gtk_widget_set_margin_bottom(widget, gint(margin))
    }

    /// Whether the widget takes spare room in each direction.
    public func setExpand(horizontal: Bool, vertical: Bool) {
        gtk_widget_set_hexpand(widget, horizontal ? 1 : 0)
        gtk_widget_set_vexpand(widget, vertical ? 1 : 0)
    }

    /// Where the widget sits in spare horizontal room.
    public var horizontalAlignment: Alignment {
        get { Alignment(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }

    /// Where the widget sits in spare vertical room.
    public var verticalAlignment: Alignment {
        get { Alignment(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }

    /// Adds a CSS style class (theme hooks such as `.suggestedAction`, `.dimLabel`).
    public func addStyleClass(_ styleClass: StyleClass) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), styleClass.rawValue)
    }

    /// Asks GTK to repaint the whole widget.
    public func queueDraw() { gtk_widget_queue_draw(widget) }

    /// Destroys the widget: windows are destroyed explicitly, never by dropping a reference.
    public func destroy() { gtk_widget_destroy(widget) }
}

/// A widget that holds other widgets (`GtkContainer`).
open class Container: Widget {
    /// Adds `child` in the container's default place.
    public func add(_ child: Widget) {
        gtk_container_add(cast(pointer), child.widget)
    }

    /// Removes `child`; the container drops its reference, the wrapper keeps its own.
    public func remove(_ child: Widget) {
        gtk_container_remove(cast(pointer), child.widget)
    }
}
