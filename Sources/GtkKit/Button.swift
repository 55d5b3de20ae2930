import CGtk

/// A `GtkButton` with a label or a themed icon.
public final class Button: Widget {
    /// Makes a button with a text label.
    public init(label: String) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_button_new_with_label(label)))
    }

    /// Makes a button that shows a freedesktop icon.
    public init(iconName: String) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)))
    }

    /// The text label ("" for an icon button).
    public var label: String {
        get { gtk_button_get_label(cast(pointer)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(cast(pointer), newValue) }
    }

    /// Replaces the button's content with `child` (an icon beside a swatch, say).
    public func setChild(_ child: Widget) {
        if let old = gtk_bin_get_child(cast(pointer)) {
            gtk_container_remove(cast(pointer), old)
        }
        gtk_container_add(cast(pointer), child.widget)
    }

    /// Called when the button is clicked (by pointer, keyboard or accessibility action).
    public func onClicked(_ handler: @escaping @MainActor (Button) -> Void) {
        connect("clicked") { [weak self] in
            if let self { handler(self) }
        }
    }
}
