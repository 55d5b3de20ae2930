/*
 * The floor for TouchPainter's whole-app metrics (`make bench`, README "Performance"): the
 * least a GTK 3 program can do to let you scribble, so the bench can say how far the app is
 * from what the toolkit itself costs.
 *
 * One 1024×768 window holding a GtkDrawingArea. Motion compression is off (as in the app's
 * canvas), so every X motion event is delivered. Each motion with button 1 held strokes one
 * black, 4 px, round-capped segment (the app's default pen) into an offscreen RGB24 image
 * surface the size of the widget and invalidates only that segment's rectangle; `draw`
 * paints the surface.
 *
 * It prints, to stderr, the timing lines the app prints with TOUCHPAINTER_REPORT_TIMINGS=1
 * (Sources/TouchPainter/TimingReport.swift), measured the same way:
 *   first-frame-ms <ms since the process started> monotonic-ns <CLOCK_MONOTONIC now>
 *       when the drawing area first draws;
 *   motion-to-frame-ms <ms>
 *       at the end of each draw, for each drawing motion event since the previous draw:
 *       from the X server's time of the event to now (see `event_start_ns`).
 *
 * Built by scripts/bench.sh: cc -O2 scribble_floor.c $(pkg-config --cflags --libs gtk+-3.0)
 */
#include <gtk/gtk.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Motion events waiting for the frame that shows them, as their start times (ns). A flood
 * of events can hold the frame off until it has been handled (GDK's event source outranks the
 * frame clock's), so there is room for five times the bench's 20,000-event drag; pages of it
 * never touched cost nothing. */
#define MAX_PENDING (1 << 17)

static cairo_surface_t *surface;
static double last_x, last_y;
static gboolean saw_first_frame;
static uint64_t pending[MAX_PENDING];
static size_t pending_count;

static uint64_t monotonic_ns(clockid_t clock) {
    struct timespec now;
    clock_gettime(clock, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/*
 * When the event happened, CLOCK_MONOTONIC ns. X event times are the server's milliseconds;
 * Xorg and Xvfb take them from CLOCK_MONOTONIC, so the wait in the server's and the
 * client's queues counts too, to 1 ms (the time is truncated, so up to 1 ms more is
 * counted). A server on another clock gives a time that does not fit (in the future, or
 * more than 10 s ago): then the time the event reached the handler is used.
 */
static uint64_t event_start_ns(guint32 event_ms) {
    uint64_t now = monotonic_ns(CLOCK_MONOTONIC);
    uint64_t now_ms = now / 1000000u;
    uint32_t age_ms = (uint32_t)now_ms - event_ms; /* the server's times wrap at 2^32 ms */
    if (age_ms > 10000u) return now;
    return (now_ms - age_ms) * 1000000u;
}

/* Seconds since the kernel started this process (field 22 of /proc/self/stat), or -1. */
static double seconds_since_start(void) {
    char stat[1024];
    FILE *file = fopen("/proc/self/stat", "r");
    if (!file) return -1;
    size_t length = fread(stat, 1, sizeof stat - 1, file);
    fclose(file);
    stat[length] = '\0';
    char *field = strrchr(stat, ')'); /* the command name may hold spaces */
    if (!field) return -1;
    unsigned long long ticks = 0;
    if (sscanf(field + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
               &ticks) != 1)
        return -1;
    return (double)monotonic_ns(CLOCK_BOOTTIME) / 1e9 - (double)ticks / (double)sysconf(_SC_CLK_TCK);
}

static void on_realize(GtkWidget *widget, gpointer data) {
    (void)data;
    gdk_window_set_event_compression(gtk_widget_get_window(widget), FALSE);
}

static gboolean on_configure(GtkWidget *widget, GdkEventConfigure *event, gpointer data) {
    (void)event, (void)data;
    int width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);
    if (surface && cairo_image_surface_get_width(surface) == width && cairo_image_surface_get_height(surface) == height)
        return TRUE;
    if (surface) cairo_surface_destroy(surface);
    surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_destroy(cr);
    return TRUE;
}

static gboolean on_press(GtkWidget *widget, GdkEventButton *event, gpointer data) {
    (void)widget, (void)data;
    if (event->button == 1) last_x = event->x, last_y = event->y;
    return TRUE;
}

static gboolean on_motion(GtkWidget *widget, GdkEventMotion *event, gpointer data) {
    (void)data;
    if (!(event->state & GDK_BUTTON1_MASK) || !surface) return TRUE;
    if (pending_count < MAX_PENDING) pending[pending_count++] = event_start_ns(event->time);

    const double width = 4;
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_move_to(cr, last_x, last_y);
    cairo_line_to(cr, event->x, event->y);
    cairo_stroke(cr);
    cairo_destroy(cr);

    int left = (int)(MIN(last_x, event->x) - width / 2) - 1, top = (int)(MIN(last_y, event->y) - width / 2) - 1;
    int right = (int)(MAX(last_x, event->x) + width / 2) + 2, bottom = (int)(MAX(last_y, event->y) + width / 2) + 2;
    gtk_widget_queue_draw_area(widget, left, top, right - left, bottom - top);
    last_x = event->x, last_y = event->y;
    return TRUE;
}

static gboolean on_draw(GtkWidget *widget, cairo_t *cr, gpointer data) {
    (void)widget, (void)data;
    if (surface) {
        cairo_set_source_surface(cr, surface, 0, 0);
        cairo_paint(cr);
    }
    uint64_t now = monotonic_ns(CLOCK_MONOTONIC);
    if (!saw_first_frame) {
        saw_first_frame = TRUE;
        fprintf(stderr, "first-frame-ms %.1f monotonic-ns %llu\n", seconds_since_start() * 1000,
                (unsigned long long)now);
    }
    for (size_t i = 0; i < pending_count; i++)
        fprintf(stderr, "motion-to-frame-ms %.3f\n", (double)(now - pending[i]) / 1e6);
    pending_count = 0;
    fflush(stderr); /* one write a frame, as the app does */
    return FALSE;
}

int main(int argc, char **argv) {
    static char buffer[1 << 16];
    setvbuf(stderr, buffer, _IOFBF, sizeof buffer);
    gtk_init(&argc, &argv);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "Scribble floor");
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);

    GtkWidget *area = gtk_drawing_area_new();
    gtk_widget_add_events(area, GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_POINTER_MOTION_MASK);
    g_signal_connect(area, "realize", G_CALLBACK(on_realize), NULL);
    g_signal_connect(area, "configure-event", G_CALLBACK(on_configure), NULL);
    g_signal_connect(area, "button-press-event", G_CALLBACK(on_press), NULL);
    g_signal_connect(area, "motion-notify-event", G_CALLBACK(on_motion), NULL);
    g_signal_connect(area, "draw", G_CALLBACK(on_draw), NULL);
    gtk_container_add(GTK_CONTAINER(window), area);
    gtk_widget_show_all(window);
    gtk_main();
    if (surface) cairo_surface_destroy(surface);
    return 0;
}
