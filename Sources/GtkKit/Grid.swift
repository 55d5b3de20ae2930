import CGtk

/// A `GtkGrid`: children in rows and columns (label beside control).
public final class Grid: Container {
    /// Makes a grid with the given spacing between rows and columns.
    public init(rowSpacing: Int = 0, columnSpacing: Int = 0) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_grid_new()))
        gtk_grid_set_row_spacing(cast(pointer), guint(rowSpacing))
        gtk_grid_set_column_spacing(cast(pointer), guint(columnSpacing))
    }

    /// Places `child` at a cell, spanning `width` columns.
    public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
        gtk_grid_attach(cast(pointer), child.widget, gint(column), gint(row), gint(width), gint(height))
    }
}
