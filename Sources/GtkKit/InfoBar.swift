import CGtk

/// An in-window notification (`GtkInfoBar`): a message above the page with a close button,
/// for news that needs no answer (the open scribble was deleted from the gallery).
public final class InfoBar: Widget {
    private let label = Label()

    /// A hidden info bar; `show(_:)` puts a message up. A warning is drawn as one, and one
    /// that may not be closed stays until `dismiss` (a problem that lasts while it lasts).
    public init(warning: Bool = false, closable: Bool = true) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_info_bar_new()))
        let bar: UnsafeMutablePointer<GtkInfoBar> = cast(pointer)
        gtk_info_bar_set_message_type(bar, warning ? GTK_MESSAGE_WARNING : GTK_MESSAGE_INFO)
        gtk_info_bar_set_show_close_button(bar, closable ? 1 : 0)
        label.wraps = true
        label.xAlign = 0
        gtk_container_add(cast(UnsafeMutableRawPointer(gtk_info_bar_get_content_area(bar))), label.widget)
        gtk_widget_set_no_show_all(widget, 1)
        connect("response") { [weak self] in self?.dismiss() }
    }

    /// The message on show ("" when hidden).
    public var message: String { isVisible ? label.text : "" }

    /// Shows `message` until the user closes it (or `dismiss`).
    public func show(_ message: String) {
        label.text = message
        gtk_widget_show(label.widget)
        isVisible = true
        gtk_info_bar_set_revealed(cast(pointer), 1)
    }

    /// Hides the bar.
    public func dismiss() {
        isVisible = false
    }
}
