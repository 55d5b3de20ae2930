import CGtk

/// GTK's input method context (`GtkIMMulticontext`: the simple context's dead keys and
/// Compose sequences, or the desktop's input method — IBus, Fcitx — for CJK), for a widget
/// that takes typed text itself (the canvas' Text tool, issue 55). Key presses and releases
/// go through it while `isActive` says so; what it commits comes to `onCommit`, and the
/// text being composed (a dead key's accent, a CJK reading) to `onPreedit`.
@MainActor
public final class InputMethod: Object {
    /// A context of its own (one per text-taking widget).
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_im_multicontext_new()))
    }

    private var context: UnsafeMutablePointer<GtkIMContext> { pointer.assumingMemoryBound(to: GtkIMContext.self) }

    /// Calls `handler` with each piece of text the input method commits.
    public func onCommit(_ handler: @escaping @MainActor (String) -> Void) {
        connect("commit", trampoline: unsafeBitCast(commitTrampoline, to: GCallback.self), handler: handler)
    }

    /// Calls `handler` with the text being composed (empty when none), whenever it changes.
    public func onPreedit(_ handler: @escaping @MainActor (String) -> Void) {
        connect("preedit-changed") { [weak self] in
            guard let self else { return }
            var text: UnsafeMutablePointer<gchar>?
            gtk_im_context_get_preedit_string(self.context, &text, nil, nil)
            handler(text.map { String(cString: $0) } ?? "")
            g_free(text)
        }
    }

    /// Filters `widget`'s key presses and releases (on a window: every key it hears after
    /// its earlier handlers passed it on) through the context while `isActive()`; a key the
    /// context takes goes no further.
    public func attach(to widget: Widget, isActive: @escaping @MainActor () -> Bool) {
        gtk_im_context_set_client_window(context, gtk_widget_get_window(widget.widget))
        widget.addEvents(GdkEventMask(GDK_KEY_PRESS_MASK.rawValue | GDK_KEY_RELEASE_MASK.rawValue))
        for signal in ["key-press-event", "key-release-event"] {
            widget.connectEvent(signal) { [weak self] event in
                guard let self, isActive() else { return false }
                if let window = gtk_widget_get_window(widget.widget) { gtk_im_context_set_client_window(self.context, window) }
                return withUnsafeMutablePointer(to: &event.pointee.key) { gtk_im_context_filter_keypress(self.context, $0) != 0 }
            }
        }
    }

    /// Says the text-taking place gained or lost the focus (starts or ends composing).
    public func setFocused(_ focused: Bool) {
        if focused { gtk_im_context_focus_in(context) } else { gtk_im_context_focus_out(context) }
    }

    /// Drops any text being composed (the box's editing ended).
    public func reset() {
        gtk_im_context_reset(context)
    }
}

/// `void commit(GtkIMContext *, gchar *text, gpointer)`.
private let commitTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, UnsafeMutableRawPointer?) -> Void = {
    _, text, data in
    guard let text else { return }
    let string = String(cString: text)
    nonisolated(unsafe) let data = data // GTK emits signals on the main thread
    MainActor.assumeIsolated { SignalHandlerBox<@MainActor (String) -> Void>.from(data)?.handler(string) }
}
