import CGtk

/// A `GtkMenu` popped up at the pointer: a tile's context menu.
public final class Menu: Container {
    /// Makes an empty menu.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_menu_new()))
    }

    /// Appends an item that runs `handler` when chosen. The handler runs from an idle
    /// callback, once the menu has closed: an item chosen through AT-SPI is activated inside
    /// the accessibility call, and a modal dialog opened right there would stall the caller.
    public func addItem(_ label: String, accessibleName: String? = nil, handler: @escaping @MainActor @Sendable () -> Void) {
        let item = MenuItem(label: label)
        item.accessibleName = accessibleName ?? label
        item.connect("activate") { MainLoop.perform(handler) }
        gtk_menu_shell_append(cast(pointer), item.widget)
        gtk_widget_show(item.widget)
    }

    /// Shows the menu at the pointer.
    public func popUpAtPointer() {
        gtk_menu_popup_at_pointer(cast(pointer), nil)
    }
}

/// A `GtkMenuItem` with a mnemonic label.
public final class MenuItem: Widget {
    /// Makes an item; an underscore in `label` marks its mnemonic.
    public init(label: String) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_menu_item_new_with_mnemonic(label)))
    }
}
