#include "CGStreamer.h"

#include "CLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/app/gstappsrc.h>
#include <gst/gst.h>

/* Every GStreamer function the encoder calls, looked up once (`load`). GLib's and GObject's
 * come from the app's own links (GTK needs them). */
static struct {
    gboolean (*init_check)(int *, char ***, GError **);
    GstElement *(*parse_launch)(const gchar *, GError **);
    GQuark (*parse_error_quark)(void);
    GstElement *(*bin_get_by_name)(GstBin *, const gchar *);
    GstBus *(*element_get_bus)(GstElement *);
    GstStateChangeReturn (*element_set_state)(GstElement *, GstState);
    void (*object_unref)(gpointer);
    GstCaps *(*caps_from_string)(const gchar *);
    void (*mini_object_unref)(GstMiniObject *);
    GstBuffer *(*buffer_new_allocate)(GstAllocator *, gsize, GstAllocationParams *);
    gsize (*buffer_fill)(GstBuffer *, gsize, gconstpointer, gsize);
    GstMessage *(*bus_timed_pop_filtered)(GstBus *, GstClockTime, GstMessageType);
    void (*message_parse_error)(GstMessage *, GError **, gchar **);
    void (*app_src_set_caps)(GstAppSrc *, const GstCaps *);
    GstFlowReturn (*app_src_push_buffer)(GstAppSrc *, GstBuffer *);
    GstFlowReturn (*app_src_end_of_stream)(GstAppSrc *);
} gst;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static char *load_failure;

/* Looks `name` up in `library` into `*slot`; false, with the reason kept, if it is not there. */
static int find(void *library, const char *name, void *slot) { return tp_loader_find(library, name, slot, &load_failure); }

static void load(void) {
    void *core = tp_loader_open("libgstreamer-1.0.so.0", RTLD_NOW | RTLD_GLOBAL, &load_failure);
    void *app = core != NULL ? tp_loader_open("libgstapp-1.0.so.0", RTLD_NOW | RTLD_GLOBAL, &load_failure) : NULL;
    if (app == NULL) return;
    if (!(find(core, "gst_init_check", &gst.init_check) && find(core, "gst_parse_launch", &gst.parse_launch)
          && find(core, "gst_parse_error_quark", &gst.parse_error_quark)
          && find(core, "gst_bin_get_by_name", &gst.bin_get_by_name)
          && find(core, "gst_element_get_bus", &gst.element_get_bus)
          && find(core, "gst_element_set_state", &gst.element_set_state)
          && find(core, "gst_object_unref", &gst.object_unref) && find(core, "gst_caps_from_string", &gst.caps_from_string)
          && find(core, "gst_mini_object_unref", &gst.mini_object_unref)
          && find(core, "gst_buffer_new_allocate", &gst.buffer_new_allocate) && find(core, "gst_buffer_fill", &gst.buffer_fill)
          && find(core, "gst_bus_timed_pop_filtered", &gst.bus_timed_pop_filtered)
          && find(core, "gst_message_parse_error", &gst.message_parse_error)
          && find(app, "gst_app_src_set_caps", &gst.app_src_set_caps)
          && find(app, "gst_app_src_push_buffer", &gst.app_src_push_buffer)
          && find(app, "gst_app_src_end_of_stream", &gst.app_src_end_of_stream)))
        return;
    GError *error = NULL;
    if (!gst.init_check(NULL, NULL, &error)) {
        load_failure = strdup(error != NULL && error->message != NULL ? error->message : "gst_init failed");
        if (error != NULL) g_error_free(error);
    }
}

const char *tp_gst_load(void) {
    pthread_once(&loaded, load);
    return load_failure;
}

/* `error`'s message as a string of the caller's, freeing the error. */
static char *take(GError *error) {
    if (error == NULL) return NULL;
    char *message = strdup(error->message != NULL ? error->message : "unknown error");
    g_error_free(error);
    return message;
}

void *tp_gst_parse_launch(const char *description, char **error, int *missing_element) {
    GError *failure = NULL;
    GstElement *pipeline = gst.parse_launch(description, &failure);
    *missing_element = 0;
    *error = NULL;
    if (failure != NULL) {
        *missing_element = failure->domain == gst.parse_error_quark() && failure->code == GST_PARSE_ERROR_NO_SUCH_ELEMENT;
        *error = take(failure);
        if (pipeline != NULL) gst.object_unref(pipeline);
        return NULL;
    }
    if (pipeline == NULL) *error = strdup("gst_parse_launch made nothing");
    return pipeline;
}

void *tp_gst_bin_get_by_name(void *bin, const char *name) { return gst.bin_get_by_name(GST_BIN_CAST(bin), name); }

void *tp_gst_element_get_bus(void *pipeline) { return gst.element_get_bus(pipeline); }

int tp_gst_element_play(void *pipeline) { return gst.element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE; }

void tp_gst_element_stop(void *pipeline) { gst.element_set_state(pipeline, GST_STATE_NULL); }

void tp_gst_object_unref(void *object) { gst.object_unref(object); }

void tp_gst_set_int(void *object, const char *name, int value) { g_object_set(object, name, value, NULL); }

void tp_gst_set_uint64(void *object, const char *name, uint64_t value) { g_object_set(object, name, (guint64)value, NULL); }

int tp_gst_set_caps(void *source, const char *description) {
    GstCaps *caps = gst.caps_from_string(description);
    if (caps == NULL) return 0;
    gst.app_src_set_caps(source, caps);
    gst.mini_object_unref(GST_MINI_OBJECT_CAST(caps));
    return 1;
}

int tp_gst_push_frame(void *source, const void *data, size_t size, uint64_t pts, uint64_t duration) {
    GstBuffer *buffer = gst.buffer_new_allocate(NULL, size, NULL);
    if (buffer == NULL) return 1;
    gst.buffer_fill(buffer, 0, data, size);
    GST_BUFFER_PTS(buffer) = pts;
    GST_BUFFER_DTS(buffer) = GST_CLOCK_TIME_NONE; /* unknown: the encoder sets it */
    GST_BUFFER_DURATION(buffer) = duration;
    return gst.app_src_push_buffer(source, buffer); /* takes the buffer */
}

void tp_gst_end_of_stream(void *source) { gst.app_src_end_of_stream(source); }

/* The error `message` holds as "element: message" (NULL for another kind), unreferencing it. */
static char *error_text(GstMessage *message);

char *tp_gst_next_error(void *bus, int waiting) {
    GstMessageType types = waiting ? GST_MESSAGE_EOS | GST_MESSAGE_ERROR : GST_MESSAGE_ERROR;
    GstMessage *message = gst.bus_timed_pop_filtered(bus, waiting ? GST_CLOCK_TIME_NONE : 0, types);
    if (message == NULL) return NULL;
    return error_text(message);
}

char *tp_gst_wait_for_room(void *source, void *bus, uint64_t limit) {
    for (;;) {
        guint64 level = 0;
        g_object_get(source, "current-level-bytes", &level, NULL);
        if (level < limit) return NULL;
        /* Full: the encoder is behind, or stopped for good by an error, which is on the bus. */
        GstMessage *message = gst.bus_timed_pop_filtered(bus, 20 * GST_MSECOND, GST_MESSAGE_ERROR);
        if (message != NULL) return error_text(message);
    }
}

static char *error_text(GstMessage *message) {
    char *text = NULL;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
        GError *error = NULL;
        gchar *debug = NULL;
        gst.message_parse_error(message, &error, &debug);
        g_free(debug);
        char *reason = take(error);
        const char *element = GST_MESSAGE_SRC_NAME(message);
        if (reason == NULL) reason = strdup("unknown error");
        if (element != NULL && reason != NULL) {
            size_t length = strlen(element) + strlen(reason) + 3;
            text = malloc(length);
            if (text != NULL) snprintf(text, length, "%s: %s", element, reason);
            free(reason);
        } else {
            text = reason;
        }
    }
    gst.mini_object_unref(GST_MINI_OBJECT_CAST(message));
    return text;
}
