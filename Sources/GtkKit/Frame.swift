import CGtk

/// A `GtkFrame`: a bordered group, as preference pages frame their rows.
public final class Frame: Container {
    /// Makes a frame, with an optional label on its border.
    public init(label: String? = nil) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_frame_new(label)))
    }
}
