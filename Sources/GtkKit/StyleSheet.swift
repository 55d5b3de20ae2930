import CGtk

/// CSS for the whole app (`GtkCssProvider` on the default screen), at application priority:
/// how a brand colours its widgets, by style class, without touching them one by one.
@MainActor
public enum StyleSheet {
    /// Adds `css` to every window of the app; false if GTK could not parse it.
    @discardableResult
    public static func install(_ css: String) -> Bool {
        guard let provider = gtk_css_provider_new(), let screen = gdk_screen_get_default() else { return false }
        defer { g_object_unref(provider) }
        guard gtk_css_provider_load_from_data(provider, css, gssize(css.utf8.count), nil) != 0 else { return false }
        gtk_style_context_add_provider_for_screen(screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        return true
    }
}
