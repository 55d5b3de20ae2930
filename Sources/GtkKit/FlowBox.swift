import CGtk

/// A `GtkFlowBox`: children in a grid that reflows with the width — the gallery's tiles.
public final class FlowBox: Container {
    /// Makes a flow box whose children open on a single click.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_flow_box_new()))
        gtk_flow_box_set_activate_on_single_click(box, 1)
        gtk_flow_box_set_selection_mode(box, GTK_SELECTION_SINGLE)
        gtk_flow_box_set_homogeneous(box, 1)
        gtk_flow_box_set_max_children_per_line(box, 64)
        gtk_flow_box_set_row_spacing(box, 12)
        gtk_flow_box_set_column_spacing(box, 12)
    }

    /// The `GtkFlowBox *`.
    var box: UnsafeMutablePointer<GtkFlowBox> { cast(pointer) }

    /// Appends `child`.
    public func append(_ child: FlowBoxChild) {
        gtk_flow_box_insert(box, child.widget, -1)
    }

    /// Called with the tile the user activated (click, Enter, accessibility action).
    public func onChildActivated(_ handler: @escaping (UnsafeMutablePointer<GtkWidget>) -> Void) {
        connect("child-activated", trampoline: unsafeBitCast(childTrampoline, to: GCallback.self), handler: handler)
    }

    /// Called with the tile under a secondary (right) click, for its context menu. Other
    /// clicks go on to GTK, which selects and activates tiles. (A tile has no input window
    /// of its own in GTK 3: the flow box receives its clicks and finds the child.)
    public func onSecondaryClick(_ handler: @escaping (UnsafeMutablePointer<GtkWidget>) -> Void) {
        addEvents(GDK_BUTTON_PRESS_MASK)
        connectEvent("button-press-event") { [weak self] event in
            guard let self, event.pointee.type == GDK_BUTTON_PRESS, event.pointee.button.button == 3,
                  let child = gtk_flow_box_get_child_at_pos(self.box, gint(event.pointee.button.x), gint(event.pointee.button.y))
            else { return false }
            gtk_flow_box_select_child(self.box, child)
            handler(cast(UnsafeMutableRawPointer(child)))
            return true
        }
    }

    /// The tile a keyboard command applies to: the selected one, else the one with keyboard
    /// focus (Tab reaches a tile without selecting it, and Space or Enter would open it).
    public var currentChild: UnsafeMutablePointer<GtkWidget>? {
        if let list = gtk_flow_box_get_selected_children(box) {
            defer { g_list_free(list) }
            return list.pointee.data?.assumingMemoryBound(to: GtkWidget.self)
        }
        return gtk_container_get_focus_child(cast(pointer))
    }

    /// Selects `child` (keyboard focus follows).
    public func select(_ child: FlowBoxChild) {
        gtk_flow_box_select_child(box, cast(child.pointer))
    }
}

/// `void child_activated(GtkFlowBox *, GtkFlowBoxChild *, gpointer)`.
private let childTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?) -> Void = { _, child, data in
    guard let child, let box = SignalHandlerBox<(UnsafeMutablePointer<GtkWidget>) -> Void>.from(data) else { return }
    box.handler(child)
}

/// A `GtkFlowBoxChild`: one tile of a flow box.
public final class FlowBoxChild: Container {
    /// Makes an empty tile.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_flow_box_child_new()))
    }
}
