import CGtk

/// A modal `GtkMessageDialog`: a question or an error, answered before the app goes on.
@MainActor
public enum MessageDialog {
    /// What the dialog is about; sets its icon and how screen readers announce it.
    public enum Kind: Sendable {
        /// A question with choices.
        case question
        /// Something went wrong.
        case error

        var gtk: GtkMessageType { self == .question ? GTK_MESSAGE_QUESTION : GTK_MESSAGE_ERROR }
    }

    /// One button of a dialog.
    public struct Choice: Sendable {
        /// The button's label (with a mnemonic underscore, e.g. "_Save").
        public let label: String
        /// Marks the button as the suggested (blue) or destructive (red) one.
        public let style: StyleClass?

        /// Makes a choice.
        public init(_ label: String, style: StyleClass? = nil) {
            self.label = label
            self.style = style
        }
    }

    /// Asks `text` with `choices`; returns the index of the button pressed, or `nil` when the
    /// dialog was closed otherwise (Escape, the close button). Runs a nested main loop.
    public static func ask(
        parent: ApplicationWindow?, text: String, detail: String? = nil,
        kind: Kind = .question, choices: [Choice],
        defaultChoice: Int? = nil
    ) -> Int? {
        let dialog = makeDialog(parent: parent, text: text, detail: detail, kind: kind)
        for (index, choice) in choices.enumerated() {
            let button = gtk_dialog_add_button(cast(dialog), choice.label, gint(index))
            if let style = choice.style, let button {
                gtk_style_context_add_class(gtk_widget_get_style_context(button), style.rawValue)
            }
        }
        if let defaultChoice { gtk_dialog_set_default_response(cast(dialog), gint(defaultChoice)) }
        let response = gtk_dialog_run(cast(dialog))
        gtk_widget_destroy(dialog)
        return choices.indices.contains(Int(response)) ? Int(response) : nil
    }

    /// Tells the user what went wrong, with one Close button.
    public static func showError(parent: ApplicationWindow?, text: String, detail: String) {
        _ = ask(parent: parent, text: text, detail: detail, kind: .error, choices: [Choice(Gettext.gtk("_Close"))])
    }

    /// Asks for a line of text (a name) in a dialog titled `title`, offering `initial`
    /// selected; Enter accepts. An empty answer is not accepted: the dialog says
    /// `emptyRefusal` and stays. Returns the text, trimmed (a `secret` one, a password, as
    /// typed, shown as dots), or `nil` when cancelled. `entryName` is the entry's accessible name.
    public static func askText(
        parent: ApplicationWindow?, title: String, text: String, detail: String? = nil,
        initial: String, accept: String, emptyRefusal: String, entryName: String = "Name", secret: Bool = false
    ) -> String? {
        let dialog = makeDialog(parent: parent, text: text, detail: detail, kind: .question)
        gtk_window_set_title(cast(UnsafeMutableRawPointer(dialog)), title)
        gtk_dialog_add_button(cast(dialog), Gettext.gtk("_Cancel"), 0)
        if let button = gtk_dialog_add_button(cast(dialog), accept, 1) {
            gtk_style_context_add_class(gtk_widget_get_style_context(button), StyleClass.suggestedAction.rawValue)
        }
        gtk_dialog_set_default_response(cast(dialog), 1)
        guard let entryWidget = gtk_entry_new() else { return nil }
        let entry: UnsafeMutablePointer<GtkEntry> = cast(UnsafeMutableRawPointer(entryWidget))
        gtk_entry_set_text(entry, initial)
        gtk_entry_set_activates_default(entry, 1)
        atk_object_set_name(gtk_widget_get_accessible(entryWidget), entryName)
        if secret {
            gtk_entry_set_visibility(entry, 0)
            gtk_entry_set_input_purpose(entry, GTK_INPUT_PURPOSE_PASSWORD)
        }
        let area = gtk_message_dialog_get_message_area(cast(UnsafeMutableRawPointer(dialog)))
        gtk_container_add(cast(UnsafeMutableRawPointer(area!)), entryWidget)
        gtk_widget_show(entryWidget)
        gtk_widget_grab_focus(entryWidget)
        var response: gint
        var name: String
        repeat {
            response = gtk_dialog_run(cast(dialog))
            let typed = gtk_entry_get_text(entry).map { String(cString: $0) } ?? ""
            name = secret ? typed : typed.trimmingWhitespace()
            if response == 1, name.isEmpty {
                setProperty(dialog, "secondary-text", string: emptyRefusal)
                gtk_widget_grab_focus(entryWidget)
            }
        } while response == 1 && name.isEmpty
        gtk_widget_destroy(dialog)
        return response == 1 ? name : nil
    }

    private static func makeDialog(
        parent: ApplicationWindow?, text: String, detail: String?,
        kind: Kind
    ) -> UnsafeMutablePointer<GtkWidget> {
        // gtk_message_dialog_new is variadic (printf-style), which Swift cannot call; build
        // the dialog through its properties instead, as language bindings do.
        guard let object = g_object_new_with_properties(gtk_message_dialog_get_type(), 0, nil, nil) else {
            fatalError("could not make a GtkMessageDialog")
        }
        let dialog: UnsafeMutablePointer<GtkWidget> = cast(UnsafeMutableRawPointer(object))
        gtk_window_set_modal(cast(UnsafeMutableRawPointer(dialog)), 1)
        if let parent { gtk_window_set_transient_for(cast(UnsafeMutableRawPointer(dialog)), parent.window) }
        setProperty(dialog, "message-type", enumValue: Int32(kind.gtk.rawValue), type: gtk_message_type_get_type())
        setProperty(dialog, "text", string: text)
        if let detail { setProperty(dialog, "secondary-text", string: detail) }
        gtk_window_set_title(cast(UnsafeMutableRawPointer(dialog)), "")
        return dialog
    }

    private static func setProperty(_ object: UnsafeMutablePointer<GtkWidget>, _ name: String, string: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2)) // G_TYPE_STRING, a macro Swift cannot import
        g_value_set_string(&value, string)
        g_object_set_property(cast(UnsafeMutableRawPointer(object)), name, &value)
        g_value_unset(&value)
    }

    private static func setProperty(_ object: UnsafeMutablePointer<GtkWidget>, _ name: String, enumValue: Int32, type: GType) {
        var value = GValue()
        g_value_init(&value, type)
        g_value_set_enum(&value, gint(enumValue))
        g_object_set_property(cast(UnsafeMutableRawPointer(object)), name, &value)
        g_value_unset(&value)
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks (no Foundation here).
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
