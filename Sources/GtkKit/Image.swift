import CGtk

/// A `GtkImage` showing a themed icon.
public final class Image: Widget {
    /// Makes an image of the icon `iconName` at button size.
    public init(iconName: String, pixelSize: Int? = nil) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)))
        if let pixelSize { gtk_image_set_pixel_size(cast(pointer), gint(pixelSize)) }
    }
}
