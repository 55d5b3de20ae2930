import CGtk

/// A `GtkBox`: children in a row or a column.
public final class Box: Container {
    /// Makes a box laying its children out along `orientation`.
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_box_new(orientation.gtk, gint(spacing))))
    }

    /// Appends `child`; `expand` gives it a share of spare room.
    public func packStart(_ child: Widget, expand: Bool = false, fill: Bool = true, padding: Int = 0) {
        gtk_box_pack_start(cast(pointer), child.widget, expand ? 1 : 0, fill ? 1 : 0, guint(padding))
    }

    /// Adds `child` at the far end.
    public func packEnd(_ child: Widget, expand: Bool = false, fill: Bool = true, padding: Int = 0) {
        gtk_box_pack_end(cast(pointer), child.widget, expand ? 1 : 0, fill ? 1 : 0, guint(padding))
    }

}
