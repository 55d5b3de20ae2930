import CGtk

/// A header-bar button that opens a menu of application actions (`GtkMenuButton` with a
/// `GMenuModel`), as GNOME's primary ("hamburger") menu is made. Items name detailed actions
/// (`app.about`), so their accelerators show next to them and their state follows the action.
public final class MenuButton: Widget {
    /// One entry of the menu: its label (with a mnemonic) and the action it activates.
    public struct Item: Sendable {
        /// The label, `_` before the mnemonic letter.
        public let label: String
        /// A detailed action name, such as `app.about`.
        public let action: String

        /// An entry labelled `label` that activates `action`.
        public init(_ label: String, action: String) {
            self.label = label
            self.action = action
        }
    }

    /// A button with the icon `iconName` whose menu has `sections` (separated by lines).
    public init(iconName: String, sections: [[Item]]) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_menu_button_new()))
        let image = gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)
        gtk_button_set_image(cast(pointer), image)
        let menu = g_menu_new()
        for items in sections {
            let section = g_menu_new()
            for item in items { g_menu_append(section, item.label, item.action) }
            g_menu_append_section(menu, nil, model(section))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        gtk_menu_button_set_menu_model(cast(pointer), model(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
    }

    /// A `GMenu *` as the `GMenuModel *` it derives from (GObject inheritance is embedding).
    private func model(_ menu: OpaquePointer?) -> UnsafeMutablePointer<GMenuModel>? {
        UnsafeMutableRawPointer(menu).map { cast($0) }
    }

    /// Opens or closes the menu (F10 does, as in GNOME apps).
    public func toggle() {
        let button: UnsafeMutablePointer<GtkToggleButton> = cast(pointer)
        gtk_toggle_button_set_active(button, gtk_toggle_button_get_active(button) == 0 ? 1 : 0)
    }
}
