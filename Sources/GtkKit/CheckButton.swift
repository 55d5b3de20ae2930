import CGtk

/// A `GtkCheckButton`: a labelled box to tick, on or off.
public final class CheckButton: Widget {
    /// Makes an unticked check button labelled `label` (an underscore marks its mnemonic).
    public init(label: String) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_check_button_new_with_mnemonic(label)))
    }

    /// Whether it is ticked.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(cast(pointer)) != 0 }
        set { gtk_toggle_button_set_active(cast(pointer), newValue ? 1 : 0) }
    }

    /// Called whenever it is ticked or unticked (by pointer, keyboard, accessibility action or code).
    public func onToggled(_ handler: @escaping @MainActor (CheckButton) -> Void) {
        connect("toggled") { [weak self] in
            if let self { handler(self) }
        }
    }
}
