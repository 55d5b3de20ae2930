import CGtk

/// A `GtkStack`: one page visible at a time, switched with a short transition — how the
/// coordinator moves between the canvas, palette and gallery.
public final class Stack: Container {
    /// Makes a stack with a short crossfade.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_stack_new()))
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_set_transition_duration(stack, 150)
        // Sized by the page on show, not the largest page: the window can shrink to what the
        // canvas needs even though the palette page needs more room.
        gtk_stack_set_hhomogeneous(stack, 0)
        gtk_stack_set_vhomogeneous(stack, 0)
    }

    /// The `GtkStack *`.
    var stack: UnsafeMutablePointer<GtkStack> { cast(pointer) }

    /// Adds `child` as the page called `name`.
    public func addPage(_ child: Widget, name: String) {
        gtk_stack_add_named(stack, child.widget, name)
    }

    /// The name of the page on show.
    public var visiblePageName: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
    }

    /// How long page transitions take, in milliseconds (0 switches at once).
    public var transitionDuration: Int {
        get { Int(gtk_stack_get_transition_duration(stack)) }
        set { gtk_stack_set_transition_duration(stack, guint(newValue)) }
    }
}
