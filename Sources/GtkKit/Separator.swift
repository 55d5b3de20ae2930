import CGtk

/// A `GtkSeparator`: a thin line between two parts of a window (the drawing and a pane).
public final class Separator: Widget {
    /// A line across `orientation`: `.vertical` is a vertical line between side-by-side parts.
    public init(_ orientation: Orientation) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_separator_new(orientation.gtk)))
    }
}
