#include <gst/gst.h>
#include <gst/app/gstappsrc.h>

/* GStreamer, the GNOME media framework, as the time-lapse export uses it. Its setters are
 * variadic (g_object_set) and its buffer fields are macros, which Swift cannot call: each
 * is wrapped here in a plain function of fixed arguments. */

/// Sets the string property `name` of `object` (a file sink's location, a caps string).
static inline void tp_gst_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}

/// Sets the integer property `name` of `object` (a file descriptor, a queue's size).
static inline void tp_gst_set_int(gpointer object, const char *name, gint value) {
    g_object_set(object, name, value, NULL);
}

/// Sets the 64-bit unsigned property `name` of `object` (appsrc's `max-bytes`).
static inline void tp_gst_set_uint64(gpointer object, const char *name, guint64 value) {
    g_object_set(object, name, value, NULL);
}

/// Sets the boolean property `name` of `object` (appsrc's `block`).
static inline void tp_gst_set_boolean(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

/// Sets appsrc's caps from a caps string ("video/x-raw,format=BGRA,…"); false if it does not parse.
static inline gboolean tp_gst_set_caps(GstAppSrc *source, const char *description) {
    GstCaps *caps = gst_caps_from_string(description);
    if (caps == NULL) return FALSE;
    gst_app_src_set_caps(source, caps);
    gst_caps_unref(caps);
    return TRUE;
}

/// A buffer holding a copy of `size` bytes at `data`, stamped with its presentation time
/// and duration in nanoseconds.
static inline GstBuffer *tp_gst_buffer_new(const void *data, gsize size, guint64 pts, guint64 duration) {
    GstBuffer *buffer = gst_buffer_new_allocate(NULL, size, NULL);
    if (buffer == NULL) return NULL;
    gst_buffer_fill(buffer, 0, data, size);
    GST_BUFFER_PTS(buffer) = pts;
    GST_BUFFER_DTS(buffer) = GST_CLOCK_TIME_NONE; /* unknown: the encoder sets it */
    GST_BUFFER_DURATION(buffer) = duration;
    return buffer;
}

/// The message type of `message`.
static inline GstMessageType tp_gst_message_type(GstMessage *message) {
    return GST_MESSAGE_TYPE(message);
}

/// The name of the element that posted `message`, or NULL (owned by the message).
static inline const char *tp_gst_message_source_name(GstMessage *message) {
    return GST_MESSAGE_SRC_NAME(message);
}

/// Unreferences a GStreamer object (an element, a pipeline, a bus).
static inline void tp_gst_object_unref(gpointer object) {
    gst_object_unref(object);
}
