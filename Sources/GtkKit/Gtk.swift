import CGtk
import CairoKit

/// GTK as a whole: start-up and the icon theme.
@MainActor
public enum Gtk {
    /// Initialises GTK once for the process; false when there is no display to open.
    /// (`Application.run` initialises GTK itself; tests call this.)
    @discardableResult
    public static func initialise() -> Bool {
        if isInitialised { return true }
        isInitialised = gtk_init_check(nil, nil) != 0
        return isInitialised
    }

    private static var isInitialised = false

    /// Tells GDK to leave OpenGL alone, for an app that draws with Cairo only. On X11, GDK
    /// otherwise loads the GL driver while it starts, to pick its visuals, whether or not
    /// anything uses GL: Mesa, and with a software driver LLVM too — about 50 ms of every
    /// launch on the development machine. A `GDK_GL` the user set wins. Call before GTK starts.
    public static func doWithoutOpenGL() {
        g_setenv("GDK_GL", "disable", 0)
    }

    /// Starts Pango's font set-up now. Pango has fontconfig read its configuration and caches
    /// on a thread of its own from the moment the default font map is made; made before GTK
    /// starts, that runs while the display opens and the theme loads, instead of holding up
    /// the first label to be measured. Call on the main thread (the font map is the calling
    /// thread's, and GTK's is the main thread's).
    public static func startLoadingFonts() {
        _ = pango_cairo_font_map_get_default()
    }

    /// Waits until the display server has carried out every request the app sent it (a
    /// round trip): what the app drew is on screen for a client that looks next.
    public static func syncDisplay() {
        if let display = gdk_display_get_default() { gdk_display_sync(display) }
    }

    /// Paints the theme's icon `name` at `size` pixels with its top-left corner at (x, y) on
    /// a Cairo context; false when the theme has no such icon.
    @discardableResult
    public static func paintIcon(named name: String, size: Int, on context: CairoContext, x: Double, y: Double) -> Bool {
        guard
            let pixbuf = gtk_icon_theme_load_icon(
                gtk_icon_theme_get_default(), name, gint(size),
                GTK_ICON_LOOKUP_FORCE_SIZE, nil)
        else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_cairo_set_source_pixbuf(context.pointer, pixbuf, x, y)
        cairo_paint(context.pointer)
        return true
    }
}
