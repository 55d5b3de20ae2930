import CGtk

/// A brief in-app notification, as GNOME apps show one (an "app-notification" card, here at
/// the bottom of the window, as libadwaita's toasts, where it covers the least of a drawing):
/// a message, an optional spinner and button, and a close button. It goes by itself after a
/// few seconds unless it tells of work under way. Put it in an `Overlay` over the content.
public final class Toast: Widget {
    private let label = Label()
    private let spinner = Spinner()
    private let actionButton = Button(label: "")
    private var action: (@MainActor () -> Void)?
    /// Counts the messages shown, so a timer only hides the one it was set for.
    private var shown = 0

    /// A hidden notification.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_revealer_new()))
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(widget, 12)
        gtk_revealer_set_transition_type(cast(pointer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        let card = Box(.horizontal, spacing: 12)
        card.addStyleClass(.appNotification)
        card.packStart(spinner)
        label.xAlign = 0
        label.ellipsize(beyond: 60) // a long name cannot make it cover the drawing
        card.packStart(label, expand: true)
        card.packStart(actionButton)
        actionButton.onClicked { [weak self] _ in
            self?.action?()
            self?.dismiss()
        }
        let close = Button(iconName: "window-close-symbolic")
        close.addStyleClass(.flat)
        close.accessibleName = Gettext.gtk("Close")
        close.onClicked { [weak self] _ in self?.dismiss() }
        card.packStart(close)
        gtk_container_add(cast(pointer), card.widget)
        card.showAll()
        gtk_widget_set_no_show_all(widget, 1) // hidden, and out of the accessibility tree, until shown
    }

    /// Shows `message`, replacing any other, with a button `actionLabel` that runs `action`.
    /// `busy` adds a spinner and keeps it up until `dismiss` (work under way); otherwise it
    /// goes after `seconds`.
    public func show(
        _ message: String, actionLabel: String? = nil, action: (@MainActor () -> Void)? = nil,
        busy: Bool = false, seconds: UInt32 = 5
    ) {
        shown += 1
        label.text = message
        self.action = action
        actionButton.label = actionLabel ?? ""
        actionButton.isVisible = actionLabel != nil
        spinner.isSpinning = busy
        spinner.isVisible = busy
        isVisible = true
        gtk_revealer_set_reveal_child(cast(pointer), 1)
        guard !busy else { return }
        let ticket = shown
        MainLoop.after(milliseconds: seconds * 1000) { [weak self] in
            guard let self, self.shown == ticket else { return }
            self.dismiss()
        }
    }

    /// Hides the notification.
    public func dismiss() {
        spinner.isSpinning = false
        isVisible = false
        gtk_revealer_set_reveal_child(cast(pointer), 0)
    }
}
