import CGtk

/// A header- or tool-bar button that shows a `GtkPopover` of any content when clicked (a
/// `GtkMenuButton` with a popover): lists that must not cover the whole window, such as the
/// canvas' templates.
public final class PopoverButton: Widget {
    /// The popover's content area; replace its child with `setContent`.
    private let popover: UnsafeMutablePointer<GtkWidget>
    /// Makes the content given before the popover first opened, when it does.
    private var makePendingContent: (@MainActor () -> Widget)?
    /// Whether the popover has opened: from then on, content goes straight in.
    private var hasOpened = false

    /// A button showing the icon `iconName`.
    public init(iconName: String) {
        let button = gtk_menu_button_new()
        popover = gtk_popover_new(button)
        super.init(sinking: UnsafeMutableRawPointer(button))
        gtk_button_set_image(cast(pointer), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        gtk_menu_button_set_popover(cast(pointer), popover)
        gtk_popover_set_position(cast(popover), GTK_POS_RIGHT)
        // Heard after GtkMenuButton has popped the popover up, before anything is drawn.
        connect("toggled") { [weak self] in
            guard let self, isOpen, !hasOpened else { return }
            hasOpened = true
            if let make = makePendingContent {
                makePendingContent = nil
                attach(make())
            }
        }
    }

    /// Puts what `makeContent` makes in the popover (replacing what was there) and shows it,
    /// when the popover first opens: until then it is not even made. The content's own parts
    /// are shown as `makeContent` left them (`showAll` shows them all). Why: GTK 3 realizes and
    /// styles a window's popovers with the window, content and all, before its first frame
    /// (the eraser's mode buttons alone loaded librsvg for their round indicators), and
    /// making content nobody has asked for yet was a millisecond or more of every launch.
    public func setContent(_ makeContent: @escaping @MainActor () -> Widget) {
        guard hasOpened else {
            makePendingContent = makeContent
            return
        }
        attach(makeContent())
    }

    private func attach(_ content: Widget) {
        if let old = gtk_bin_get_child(cast(popover)) { gtk_container_remove(cast(popover), old) }
        gtk_container_add(cast(popover), content.widget)
        // Shown as it was made, not with `show_all`, which would show what the content
        // keeps hidden (an empty list's message beside its tiles); the maker shows its parts.
        gtk_widget_show(content.widget)
    }

    /// Whether the popover is open; setting it opens or closes it.
    public var isOpen: Bool {
        get { gtk_toggle_button_get_active(cast(pointer)) != 0 }
        set { gtk_toggle_button_set_active(cast(pointer), newValue ? 1 : 0) }
    }
}
