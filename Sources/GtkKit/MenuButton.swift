import CGtk

/// A header-bar button that opens a menu of application actions (`GtkMenuButton` with a
/// `GMenuModel`), as GNOME's primary ("hamburger") menu is made. Items name detailed actions
/// (`app.about`), so their accelerators show next to them and their state follows the action.
public final class MenuButton: Widget {
    /// One entry of the menu: its label (with a mnemonic), the action it activates and the
    /// shortcut shown beside it.
    public struct Item: Sendable {
        /// The label, `_` before the mnemonic letter.
        public let label: String
        /// A detailed action name, such as `app.about`.
        public let action: String
        /// The accelerator shown at the item's right (`<Primary>n`), if any.
        public let accelerator: String?

        /// An entry labelled `label` that activates `action`, showing `accelerator`.
        public init(_ label: String, action: String, accelerator: String? = nil) {
            self.label = label
            self.action = action
            self.accelerator = accelerator
        }
    }

    /// The menu's sections until the menu is made (`makeMenu`).
    private var pendingSections: [[Item]]?
    /// The text of a button made with one: a label of its own, whose text changes in place.
    /// (`gtk_button_set_label` replaces the button's child with a new label each time, and a
    /// header bar left that new label unallocated: the zoom button went blank at a zoom.)
    private var textLabel: UnsafeMutablePointer<GtkLabel>?

    /// A button with the icon `iconName` whose menu has `sections` (separated by lines).
    public init(iconName: String, sections: [[Item]]) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_menu_button_new()))
        let image = gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)
        gtk_button_set_image(cast(pointer), image)
        makeMenuWhenFirstOpened(sections)
    }

    /// A button showing the text `label` (a value, such as the zoom, that the app keeps
    /// current through `label`) whose menu has `sections`.
    public init(label: String, sections: [[Item]]) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_menu_button_new()))
        let text = gtk_label_new(label)
        gtk_widget_show(text)
        gtk_container_add(cast(pointer), text)
        textLabel = cast(UnsafeMutableRawPointer(text!))
        makeMenuWhenFirstOpened(sections)
    }

    /// Makes the menu only when it is about to open: GTK makes a `GtkMenu` and an item for
    /// each entry as soon as it is given the model, and most launches never open a menu (the
    /// primary menu and the zoom menu took 1.5 ms of every start-up). GTK pops the menu up
    /// from its class handlers, which run after these: a press' (`button-press-event` runs
    /// last), and after a key's `activate` (whose click comes when the key is let go, or after
    /// a timeout). `toggle` makes it too.
    private func makeMenuWhenFirstOpened(_ sections: [[Item]]) {
        pendingSections = sections
        // A drop-down menu, not a popover: GTK 3's popover menus show no shortcuts at all;
        // its menus show each item's "accel" attribute at the right.
        gtk_menu_button_set_use_popover(cast(pointer), 0)
        // GTK greys out a menu button that has no menu yet; this one will have one.
        gtk_widget_set_sensitive(widget, 1)
        connectEvent("button-press-event") { [weak self] _ in
            self?.makeMenu()
            return false
        }
        connect("activate") { [weak self] in self?.makeMenu() }
    }

    /// Gives the button its menu, if it has none yet.
    private func makeMenu() {
        guard let sections = pendingSections else { return }
        pendingSections = nil
        setMenu(sections)
    }

    /// The button's text (for a button made with one; empty for an icon button).
    public var label: String {
        get { textLabel.flatMap { gtk_label_get_text($0) }.map { String(cString: $0) } ?? "" }
        set { textLabel.map { gtk_label_set_text($0, newValue) } }
    }

    /// Gives the button its menu of `sections`.
    private func setMenu(_ sections: [[Item]]) {
        let menu = g_menu_new()
        for items in sections {
            let section = g_menu_new()
            for item in items {
                let menuItem = g_menu_item_new(item.label, item.action)
                if let accelerator = item.accelerator {
                    g_menu_item_set_attribute_value(menuItem, "accel", g_variant_new_string(accelerator))
                }
                g_menu_append_item(section, menuItem)
                g_object_unref(UnsafeMutableRawPointer(menuItem))
            }
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
        makeMenu()
        let button: UnsafeMutablePointer<GtkToggleButton> = cast(pointer)
        gtk_toggle_button_set_active(button, gtk_toggle_button_get_active(button) == 0 ? 1 : 0)
    }
}
