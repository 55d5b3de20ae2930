import CGtk

/// A `GtkRevealer`: shows or hides its one child with a slide, and takes no room while
/// hidden (a side pane beside the drawing).
public final class Revealer: Container {
    /// A revealer that slides its child in from the right-hand edge, hidden at first.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_revealer_new()))
        gtk_revealer_set_transition_type(revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT)
        gtk_revealer_set_transition_duration(revealer, 150)
    }

    /// The `GtkRevealer *`.
    var revealer: UnsafeMutablePointer<GtkRevealer> { cast(pointer) }

    /// Whether the child is shown (or being slid in); setting it starts the slide.
    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(revealer) != 0 }
        set { gtk_revealer_set_reveal_child(revealer, newValue ? 1 : 0) }
    }
}
