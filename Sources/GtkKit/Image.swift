import CGtk

/// A `GtkImage` showing a themed icon.
public final class Image: Widget {
    /// Makes an image of the icon `iconName` at button size.
    public init(iconName: String, pixelSize: Int? = nil) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)))
        if let pixelSize { gtk_image_set_pixel_size(cast(pointer), gint(pixelSize)) }
    }

    /// An image of the SVG (or any format GdkPixbuf reads) in `data`, `size` pixels square,
    /// rendered at the widget's scale factor; an empty image if the data does not read.
    public init(imageData data: [UInt8], size: Int) {
        super.init(sinking: UnsafeMutableRawPointer(gtk_image_new()))
        let scale = Int(gtk_widget_get_scale_factor(widget))
        guard let pixbuf = Self.pixbuf(imageData: data, size: size * scale) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let surface = gdk_cairo_surface_create_from_pixbuf(pixbuf, gint(scale), nil) else { return }
        defer { cairo_surface_destroy(surface) }
        gtk_image_set_from_surface(cast(pointer), surface)
    }

    /// The image in `data` (SVG or PNG) drawn `size` pixels square, as a new `GdkPixbuf`
    /// reference the caller owns; `nil` if it does not decode.
    static func pixbuf(imageData data: [UInt8], size: Int) -> OpaquePointer? {
        let loader = gdk_pixbuf_loader_new()
        defer { g_object_unref(loader) }
        gdk_pixbuf_loader_set_size(loader, gint(size), gint(size))
        let written = data.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), nil) }
        guard written != 0, gdk_pixbuf_loader_close(loader, nil) != 0,
            let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader)
        else { return nil }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return pixbuf
    }
}
