#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Whether the caller runs on the process' main thread (its thread id is the process id),
/// where the app runs GTK. glibc declares gettid(2) only under _GNU_SOURCE.
static inline gboolean tp_is_process_main_thread(void) {
    return syscall(SYS_gettid) == getpid();
}

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

/* The window GDK's grab of `device` on `display` reports its events to (a press' implicit
 * grab: the window pressed), or NULL when the device is not grabbed. The call is deprecated
 * since GTK 3.16, for toolkits' use only; GTK's own event dispatch still decides by it, and
 * the canvas' direct motion (GtkKit, DirectMotion) must decide as GTK would. */
static inline GdkWindow *tp_device_grab_window(GdkDisplay *display, GdkDevice *device) {
    GdkWindow *window = NULL;
    gboolean owner_events = FALSE;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gboolean grabbed = gdk_device_grab_info_libgtk_only(display, device, &window, &owner_events);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return grabbed ? window : NULL;
}
