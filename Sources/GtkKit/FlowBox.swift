import CGtk

/// A reflowing grid of children (`GtkFlowBox`): the gallery's tiles. It keeps the wrappers
/// of the children it holds, so its callbacks hand the app those wrappers, never GTK pointers.
public final class FlowBox: Container {
    /// The children in the box, by their GTK pointer.
    private var children: [UnsafeMutableRawPointer: FlowBoxChild] = [:]

    /// An empty box: single-click activation, single selection, homogeneous spacing.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_flow_box_new()))
        gtk_flow_box_set_activate_on_single_click(box, 1)
        gtk_flow_box_set_selection_mode(box, GTK_SELECTION_SINGLE)
        gtk_flow_box_set_homogeneous(box, 1)
        gtk_flow_box_set_max_children_per_line(box, 64)
        gtk_flow_box_set_row_spacing(box, 12)
        gtk_flow_box_set_column_spacing(box, 12)
    }

    var box: UnsafeMutablePointer<GtkFlowBox> { cast(pointer) }

    /// Adds `child` at the end.
    public func append(_ child: FlowBoxChild) {
        children[child.pointer] = child
        gtk_flow_box_insert(box, child.widget, -1)
    }

    /// Puts `child` at `position` (0 is first; past the end appends).
    public func insert(_ child: FlowBoxChild, at position: Int) {
        children[child.pointer] = child
        gtk_flow_box_insert(box, child.widget, gint(position))
    }

    /// Exactly `count` children a row, whatever the width: a grid that makes only the rows
    /// on show needs to know where each child falls.
    public func setColumns(_ count: Int) {
        gtk_flow_box_set_min_children_per_line(box, guint(max(1, count)))
        gtk_flow_box_set_max_children_per_line(box, guint(max(1, count)))
    }

    /// The natural size of the largest child (all are as large in a homogeneous box), with
    /// the theme's padding; (0, 0) with no child.
    public var naturalSizeOfChildren: (width: Int, height: Int) {
        children.values.reduce((0, 0)) { size, child in
            let natural = child.naturalSize
            return (max(size.0, natural.width), max(size.1, natural.height))
        }
    }

    /// Selects `child` and gives it the keyboard focus.
    public func selectAndFocus(_ child: FlowBoxChild) {
        gtk_flow_box_select_child(box, cast(child.pointer))
        gtk_widget_grab_focus(child.widget)
    }

    /// Takes `child` out of the box.
    public func remove(_ child: FlowBoxChild) {
        children[child.pointer] = nil
        super.remove(child)
    }

    /// Called when a child is activated (clicked, or Enter/Space on it).
    public func onChildActivated(_ handler: @escaping @MainActor (FlowBoxChild) -> Void) {
        connect("child-activated", trampoline: unsafeBitCast(childTrampoline, to: GCallback.self)) {
            [weak self] (child: UnsafeMutableRawPointer) in
            if let child = self?.children[child] { handler(child) }
        }
    }

    /// Called when a child is right-clicked; the child is selected first.
    public func onSecondaryClick(_ handler: @escaping @MainActor (FlowBoxChild) -> Void) {
        addEvents(GDK_BUTTON_PRESS_MASK)
        connectEvent("button-press-event") { [weak self] event in
            guard let self, event.pointee.type == GDK_BUTTON_PRESS, event.pointee.button.button == 3,
                let child = gtk_flow_box_get_child_at_pos(self.box, gint(event.pointee.button.x), gint(event.pointee.button.y)),
                let wrapper = self.children[UnsafeMutableRawPointer(child)]
            else { return false }
            gtk_flow_box_select_child(self.box, child)
            handler(wrapper)
            return true
        }
    }

    /// The most children a row holds before the box wraps (a narrow list in a popover).
    public var maxChildrenPerLine: Int {
        get { Int(gtk_flow_box_get_max_children_per_line(box)) }
        set { gtk_flow_box_set_max_children_per_line(box, guint(max(1, newValue))) }
    }

    /// The selected child, else the one with keyboard focus.
    public var currentChild: FlowBoxChild? {
        if let list = gtk_flow_box_get_selected_children(box) {
            defer { g_list_free(list) }
            return list.pointee.data.flatMap { children[$0] }
        }
        return gtk_container_get_focus_child(cast(pointer)).flatMap { children[UnsafeMutableRawPointer($0)] }
    }

}

/// `void child_activated(GtkFlowBox *, GtkFlowBoxChild *, gpointer)`.
private let childTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    _, childPointer, data in
    guard let childPointer else { return }
    nonisolated(unsafe) let (child, data) = (childPointer, data) // GTK emits signals on the main thread only
    MainActor.assumeIsolated {
        SignalHandlerBox<@MainActor (UnsafeMutableRawPointer) -> Void>.from(data)?.handler(child)
    }
}

/// One cell of a `FlowBox`.
public final class FlowBoxChild: Container {
    /// An empty cell.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_flow_box_child_new()))
    }
}
