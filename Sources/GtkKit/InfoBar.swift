import CGtk

/// An in-window notification (`GtkInfoBar`): a message above the page with a close button,
/// for news that needs no answer (the open scribble was deleted from the gallery), or a
/// choice that need not be made at once (buttons beside the message).
public final class InfoBar: Widget {
    private let label = Label()
    /// What the buttons on show do, by response id (their index).
    private var actions: [@MainActor () -> Void] = []
    /// The buttons on show, removed when another message comes.
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []

    /// A hidden info bar; `show(_:)` puts a message up. A warning is drawn as one, and one
    /// that may not be closed stays until `dismiss` (a problem that lasts while it lasts).
    public init(warning: Bool = false, closable: Bool = true) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_info_bar_new()))
        let bar: UnsafeMutablePointer<GtkInfoBar> = cast(pointer)
        gtk_info_bar_set_message_type(bar, warning ? GTK_MESSAGE_WARNING : GTK_MESSAGE_INFO)
        gtk_info_bar_set_show_close_button(bar, closable ? 1 : 0)
        label.wraps = true
        label.xAlign = 0
        gtk_container_add(cast(UnsafeMutableRawPointer(gtk_info_bar_get_content_area(bar))), label.widget)
        gtk_widget_set_no_show_all(widget, 1)
        connect(
            "response", trampoline: unsafeBitCast(responseTrampoline, to: GCallback.self),
            handler: { [weak self] (response: Int32) in
                guard let self else { return }
                let action = self.actions.indices.contains(Int(response)) ? self.actions[Int(response)] : nil
                self.dismiss()
                action?()
            } as @MainActor (Int32) -> Void)
    }

    /// The message on show ("" when hidden).
    public var message: String { isVisible ? label.text : "" }

    /// Shows `message` until the user closes it (or `dismiss`), with a button for each of
    /// `actions` (a label with a mnemonic, and what it does; the bar closes first).
    public func show(_ message: String, actions: [(label: String, perform: @MainActor () -> Void)] = []) {
        buttons.forEach { gtk_widget_destroy($0) }
        buttons = actions.enumerated().map { index, action in
            gtk_info_bar_add_button(cast(pointer), action.label, Int32(index))
        }
        self.actions = actions.map(\.perform)
        label.text = message
        gtk_widget_show(label.widget)
        isVisible = true
        gtk_info_bar_set_revealed(cast(pointer), 1)
    }

    /// Hides the bar.
    public func dismiss() {
        isVisible = false
    }
}

/// `void response(GtkInfoBar *, gint response_id, gpointer user_data)`.
private let responseTrampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, response, data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated { SignalHandlerBox<@MainActor (Int32) -> Void>.from(data)?.handler(response) }
}
