#ifndef TOUCHPAINTER_CGSTREAMER_H
#define TOUCHPAINTER_CGSTREAMER_H

#include <stddef.h>
#include <stdint.h>

/* GStreamer, the GNOME media framework, as the time-lapse export uses it — loaded the first
 * time a video is made (GStreamerLoader.c), not linked: its libraries, and the libdw, libelf,
 * libbz2 and libunwind they pull in, cost every launch about 2 ms and their memory, while
 * few launches make a video. So this header names none of GStreamer's types: its objects
 * are opaque pointers, and each call the encoder makes is one function here. Strings these
 * return are the caller's to free(). */

/* Loads GStreamer and initialises it, once for the process: NULL, or why it could not be
 * (kept here; not to be freed). Call it before any other function here. */
const char *tp_gst_load(void);

/* A pipeline from its `description` (gst-launch syntax), or NULL with `*error` set and
 * `*missing_element` non-zero when an element it names is not installed. */
void *tp_gst_parse_launch(const char *description, char **error, int *missing_element);

/* The element named `name` in `bin`, or NULL (a new reference). */
void *tp_gst_bin_get_by_name(void *bin, const char *name);

/* The message bus of `pipeline` (a new reference). */
void *tp_gst_element_get_bus(void *pipeline);

/* Sets `pipeline` playing: non-zero unless that failed at once. */
int tp_gst_element_play(void *pipeline);

/* Stops `pipeline` (the NULL state), freeing what it holds. */
void tp_gst_element_stop(void *pipeline);

/* Unreferences a GStreamer object (an element, a pipeline, a bus). */
void tp_gst_object_unref(void *object);

/* Sets the integer property `name` of `object` (a file sink's descriptor). */
void tp_gst_set_int(void *object, const char *name, int value);

/* Sets the 64-bit unsigned property `name` of `object` (appsrc's `max-bytes`). */
void tp_gst_set_uint64(void *object, const char *name, uint64_t value);

/* Sets appsrc's caps from a caps string ("video/x-raw,format=BGRx,…"): non-zero unless it
 * does not parse. */
int tp_gst_set_caps(void *source, const char *description);

/* Pushes a copy of the `size` bytes at `data` into appsrc `source`, stamped with its
 * presentation time and duration in nanoseconds (never blocking: see tp_gst_wait_for_room):
 * GStreamer's flow return, 0 when the frame went in, or 1 when there was no memory for it. */
int tp_gst_push_frame(void *source, const void *data, size_t size, uint64_t pts, uint64_t duration);

/* Ends appsrc's stream: no more frames. */
void tp_gst_end_of_stream(void *source);

/* The first error `bus` holds, as "element: message" — `waiting` until the stream ends or
 * fails when non-zero, else only if one is there already; NULL when none (or at the end). */
char *tp_gst_next_error(void *bus, int waiting);

/* Waits until appsrc `source` holds fewer than `limit` bytes (its queue drains as the
 * encoder takes frames): NULL then, or the first error `bus` holds, as "element: message".
 * An appsrc set to block would wait for room for ever once an element downstream failed (a
 * full disk), as nothing takes frames any more; this waits while watching for that error. */
char *tp_gst_wait_for_room(void *source, void *bus, uint64_t limit);

#endif
