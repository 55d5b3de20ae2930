import CGtk

/// A `GtkRadioButton`: one of a group of buttons of which exactly one is active. It holds
/// any child (a preview beside a label, say).
public final class RadioButton: Container {
    /// Makes a radio button in a group of its own, or in `group`'s group; the first of a
    /// group starts active, the others inactive.
    public init(joining group: RadioButton? = nil) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_radio_button_new_from_widget(group.map { cast($0.pointer) })))
    }

    /// Whether the round indicator shows; without it the button looks like a toggle
    /// button that stays pressed while chosen (a tool in a tool bar).
    public var showsIndicator: Bool {
        get { gtk_toggle_button_get_mode(cast(pointer)) != 0 }
        set {
            if !newValue { _ = Self.hiddenIndicatorStyle }
            gtk_toggle_button_set_mode(cast(pointer), newValue ? 1 : 0)
        }
    }

    /// GTK 3 still styles the hidden indicator of a radio button that holds a child, image
    /// and all: Adwaita's is an SVG, and the tool bar's buttons loaded librsvg into every
    /// launch (6 MB, a few milliseconds before the first frame). Nothing draws it, so it
    /// gets no image; a shown indicator keeps the theme's.
    private static let hiddenIndicatorStyle: Void = {
        StyleSheet.install("button.radio > radio { -gtk-icon-source: none; }")
    }()

    /// Whether this is the group's chosen button. Setting it to true turns the others off.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(cast(pointer)) != 0 }
        set { gtk_toggle_button_set_active(cast(pointer), newValue ? 1 : 0) }
    }

    /// Called whenever the button turns on or off (by pointer, keyboard, accessibility
    /// action or code); in a group, the one turned off is told first.
    public func onToggled(_ handler: @escaping @MainActor (RadioButton) -> Void) {
        connect("toggled") { [weak self] in
            if let self { handler(self) }
        }
    }
}
