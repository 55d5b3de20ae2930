import CGtk

/// A `GtkOverlay`: one main child, and widgets floating above it (in-app notifications).
public final class Overlay: Container {
    /// An overlay over `child`.
    public init(over child: Widget) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_overlay_new()))
        add(child)
    }

    /// Floats `child` above the main child, placed by its own alignment.
    public func addOverlay(_ child: Widget) {
        gtk_overlay_add_overlay(cast(pointer), child.widget)
    }
}
