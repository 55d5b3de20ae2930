import CGtk

/// The desktop's clipboard (`GDK_SELECTION_CLIPBOARD`): what Ctrl+V pastes in other apps.
@MainActor
public enum Clipboard {
    /// Offers the PNG image in `png` on the clipboard; GTK serves it to other apps as
    /// `image/png` (and the other image types GdkPixbuf writes). False if it does not decode.
    @discardableResult
    public static func setImage(png: [UInt8]) -> Bool {
        let loader = gdk_pixbuf_loader_new()
        defer { g_object_unref(loader) }
        let written = png.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), nil) }
        guard written != 0, gdk_pixbuf_loader_close(loader, nil) != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader),
            let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0))
        else { return false }
        gtk_clipboard_set_image(clipboard, pixbuf)
        gtk_clipboard_store(clipboard) // stays available after the app quits, where a manager runs
        return true
    }
}
