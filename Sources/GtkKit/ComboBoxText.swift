import CGtk

/// A `GtkComboBoxText`: a drop-down list of a few texts, one chosen, each with an id — the
/// preference rows' choice of one of several values.
public final class ComboBoxText: Widget {
    /// Makes a drop-down with `items` (id, shown text), in order, none chosen.
    public init(items: [(id: String, text: String)]) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_combo_box_text_new()))
        for item in items { gtk_combo_box_text_append(cast(pointer), item.id, item.text) }
    }

    private var combo: UnsafeMutablePointer<GtkComboBox> { cast(pointer) }

    /// The chosen item's id; setting one chooses it (telling `onChanged`).
    public var activeID: String? {
        get { gtk_combo_box_get_active_id(combo).map { String(cString: $0) } }
        set { gtk_combo_box_set_active_id(combo, newValue) }
    }

    /// Called whenever the choice changes (by the user or by code).
    public func onChanged(_ handler: @escaping @MainActor (ComboBoxText) -> Void) {
        connect("changed") { [weak self] in
            if let self { handler(self) }
        }
    }
}
