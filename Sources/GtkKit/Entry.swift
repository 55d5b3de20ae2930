import CGtk

/// A one-line text field (`GtkEntry`).
public final class Entry: Widget {
    /// An empty entry.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_entry_new()))
    }

    /// The text.
    public var text: String {
        get { gtk_entry_get_text(cast(pointer)).map { String(cString: $0) } ?? "" }
        set { gtk_entry_set_text(cast(pointer), newValue) }
    }

    /// The grey hint shown while it is empty.
    public var placeholder: String {
        get { gtk_entry_get_placeholder_text(cast(pointer)).map { String(cString: $0) } ?? "" }
        set { gtk_entry_set_placeholder_text(cast(pointer), newValue) }
    }

    /// How many characters wide it asks to be.
    public func setWidthInCharacters(_ count: Int) { gtk_entry_set_width_chars(cast(pointer), gint(count)) }

    /// Marks the text as wrong (GTK's "error" style) or not.
    public func setInvalid(_ invalid: Bool) {
        let context = gtk_widget_get_style_context(widget)
        if invalid { gtk_style_context_add_class(context, "error") } else { gtk_style_context_remove_class(context, "error") }
    }

    /// Called after each change of its text (typing, pasting, deleting).
    public func onChange(_ handler: @escaping @MainActor (Entry) -> Void) {
        connect("changed") { [weak self] in if let self { handler(self) } }
    }

    /// Called when Enter is pressed in it.
    public func onActivate(_ handler: @escaping @MainActor (Entry) -> Void) {
        connect("activate") { [weak self] in if let self { handler(self) } }
    }
}
