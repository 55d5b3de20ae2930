#include <gtk/gtk.h>
#include <glib-unix.h>

/* Deprecated since GTK 3.14, yet on X11 still the one way to keep GDK from drawing each frame
 * of a window far bigger than its monitor into a server pixmap of the window's whole size
 * first (256 MB, and ~200 ms of the main loop, for 8000×8000 px), though only the monitor's
 * part can show. */
static inline void tp_widget_set_double_buffered(GtkWidget *widget, gboolean double_buffered) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_widget_set_double_buffered(widget, double_buffered);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif

/* Hands GDK an xdg-activation token for the next window it presents, when the default display
 * is Wayland's (GDK_IS_WAYLAND_DISPLAY is a macro Swift cannot call); false on any other. */
static inline gboolean tp_use_activation_token(const char *token) {
#ifdef GDK_WINDOWING_WAYLAND
    GdkDisplay *display = gdk_display_get_default();
    if (display != NULL && GDK_IS_WAYLAND_DISPLAY(display)) {
        gdk_wayland_display_set_startup_notification_id(display, token);
        return TRUE;
    }
#endif
    return FALSE;
}
