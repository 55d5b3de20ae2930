import CGtk

/// A `GtkLabel`.
public final class Label: Widget {
    /// Makes a label showing `text`.
    public init(_ text: String = "") {
        super.init(sinking: UnsafeMutableRawPointer(gtk_label_new(text)))
    }

    /// The `GtkLabel *`.
    var label: UnsafeMutablePointer<GtkLabel> { cast(pointer) }

    /// The text shown.
    public var text: String {
        get { gtk_label_get_text(label).map { String(cString: $0) } ?? "" }
        set { gtk_label_set_text(label, newValue) }
    }

    /// Sets Pango markup (bold headings, say); `text` must already be escaped.
    public func setMarkup(_ markup: String) { gtk_label_set_markup(label, markup) }

    /// Horizontal text alignment, 0 left … 1 right.
    public var xAlign: Float {
        get { gtk_label_get_xalign(label) }
        set { gtk_label_set_xalign(label, newValue) }
    }

    /// Whether long text wraps onto more lines.
    public var wraps: Bool {
        get { gtk_label_get_line_wrap(label) != 0 }
        set { gtk_label_set_line_wrap(label, newValue ? 1 : 0) }
    }

    /// A label whose `_` marks the Alt+letter that activates its mnemonic widget.
    public convenience init(mnemonic text: String) {
        self.init()
        gtk_label_set_text_with_mnemonic(label, text)
    }

    /// Cuts text longer than `characters` short with "…" at its end, so a long name keeps its
    /// label (and what holds it) as wide as that; the whole text stays in the accessible name.
    public func ellipsize(beyond characters: Int) {
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(label, gint(characters))
    }

    /// The fewest characters the label is wide enough for, whatever its text (a counter that
    /// must not change width as it counts).
    public var widthCharacters: Int {
        get { Int(gtk_label_get_width_chars(label)) }
        set { gtk_label_set_width_chars(label, gint(newValue)) }
    }

    /// The widget the label's mnemonic (Alt+letter) activates.
    public func setMnemonicWidget(_ widget: Widget) { gtk_label_set_mnemonic_widget(label, widget.widget) }
}
