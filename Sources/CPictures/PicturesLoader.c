#include "CPictures.h"

#include "CLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <gdk-pixbuf/gdk-pixbuf.h>

/* ---- The formats read, found by their own headers before gdk-pixbuf sees the bytes ----
 * gdk-pixbuf's loaders allocate a picture's pixels as soon as they read its header, in the
 * same call, so a PNG declaring 100,000 × 100,000 pixels would ask for 40 GB before any
 * callback could refuse it. The size is read here first, from the format's own header, and
 * only PNG, JPEG, GIF and WebP go to gdk-pixbuf at all (so no other of its loaders, some
 * old and little used, ever reads what a user pasted). */

enum format { FORMAT_NONE, FORMAT_PNG, FORMAT_JPEG, FORMAT_GIF, FORMAT_WEBP, FORMAT_SVG };

static unsigned be16(const unsigned char *p) { return ((unsigned)p[0] << 8) | p[1]; }
static unsigned le16(const unsigned char *p) { return ((unsigned)p[1] << 8) | p[0]; }
static unsigned long be32(const unsigned char *p) {
    return ((unsigned long)p[0] << 24) | ((unsigned long)p[1] << 16) | ((unsigned long)p[2] << 8) | p[3];
}
static unsigned long le24(const unsigned char *p) { return ((unsigned long)p[2] << 16) | ((unsigned long)p[1] << 8) | p[0]; }

/* Whether `needle` occurs in the first `limit` bytes of `data`. */
static int contains(const unsigned char *data, size_t size, const char *needle, size_t limit) {
    size_t length = strlen(needle), end = size < limit ? size : limit;
    if (end < length) return 0;
    for (size_t i = 0; i + length <= end; i++) {
        if (memcmp(data + i, needle, length) == 0) return 1;
    }
    return 0;
}

/* The format of `data` and, for a raster one, the size its header declares (0 when the
 * header is cut short). */
static enum format sniff(const unsigned char *data, size_t size, unsigned long *width, unsigned long *height) {
    *width = *height = 0;
    static const unsigned char png[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (size >= 8 && memcmp(data, png, 8) == 0) {
        if (size >= 24 && memcmp(data + 12, "IHDR", 4) == 0) {
            *width = be32(data + 16);
            *height = be32(data + 20);
        }
        return FORMAT_PNG;
    }
    if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) {
        size_t at = 2;
        while (at + 4 <= size) {
            if (data[at] != 0xFF) { at++; continue; }
            unsigned marker = data[at + 1];
            if (marker == 0xFF) { at++; continue; }
            if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD9)) { at += 2; continue; }
            unsigned length = be16(data + at + 2);
            int frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
            if (frame) {
                if (at + 9 <= size) {
                    *height = be16(data + at + 5);
                    *width = be16(data + at + 7);
                }
                break;
            }
            if (length < 2) break;
            at += 2 + length;
        }
        return FORMAT_JPEG;
    }
    if (size >= 6 && (memcmp(data, "GIF87a", 6) == 0 || memcmp(data, "GIF89a", 6) == 0)) {
        if (size >= 10) {
            *width = le16(data + 6);
            *height = le16(data + 8);
        }
        return FORMAT_GIF;
    }
    if (size >= 16 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0) {
        if (memcmp(data + 12, "VP8 ", 4) == 0 && size >= 30) {
            *width = le16(data + 26) & 0x3FFF;
            *height = le16(data + 28) & 0x3FFF;
        } else if (memcmp(data + 12, "VP8L", 4) == 0 && size >= 25) {
            unsigned long bits = (unsigned long)data[21] | ((unsigned long)data[22] << 8) | ((unsigned long)data[23] << 16)
                                 | ((unsigned long)data[24] << 24);
            *width = (bits & 0x3FFF) + 1;
            *height = ((bits >> 14) & 0x3FFF) + 1;
        } else if (memcmp(data + 12, "VP8X", 4) == 0 && size >= 30) {
            *width = le24(data + 24) + 1;
            *height = le24(data + 27) + 1;
        }
        return FORMAT_WEBP;
    }
    if (contains(data, size, "<svg", 65536)) return FORMAT_SVG;
    return FORMAT_NONE;
}

/* A copy of `text` for the caller to free. */
static void say(char **message, const char *text) {
    if (message != NULL) *message = strdup(text);
}

/* ---- Raster pictures: gdk-pixbuf ---- */

/* What the size-prepared callback needs. */
typedef struct {
    int shift;
} decode_request;

static void on_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    const decode_request *request = data;
    if (request->shift <= 0) return;
    int divisor = 1 << request->shift;
    int w = (width + divisor - 1) / divisor, h = (height + divisor - 1) / divisor;
    gdk_pixbuf_loader_set_size(loader, w > 0 ? w : 1, h > 0 ? h : 1);
}

/* `pixbuf`'s pixels as a new Cairo ARGB32 surface (premultiplied), or NULL. */
static cairo_surface_t *surface_of(GdkPixbuf *pixbuf) {
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int channels = gdk_pixbuf_get_n_channels(pixbuf), rowstride = gdk_pixbuf_get_rowstride(pixbuf);
    int alpha = gdk_pixbuf_get_has_alpha(pixbuf);
    if (gdk_pixbuf_get_bits_per_sample(pixbuf) != 8 || channels < 3) return NULL;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return NULL;
    }
    const guchar *pixels = gdk_pixbuf_read_pixels(pixbuf);
    unsigned char *target = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < height; y++) {
        const guchar *in = pixels + (size_t)y * rowstride;
        uint32_t *out = (uint32_t *)(target + (size_t)y * stride);
        for (int x = 0; x < width; x++, in += channels) {
            uint32_t a = alpha ? in[3] : 255;
            uint32_t r = in[0], g = in[1], b = in[2];
            if (a != 255) {
                /* (x * a + 127) / 255, exactly, as Cairo and GDK premultiply. */
                uint32_t t;
                t = r * a + 0x80; r = (t + (t >> 8)) >> 8;
                t = g * a + 0x80; g = (t + (t >> 8)) >> 8;
                t = b * a + 0x80; b = (t + (t >> 8)) >> 8;
            }
            out[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
    cairo_surface_mark_dirty(surface);
    return surface;
}

/* Checks the header's size against the limits; the result to return, or OK. */
static int check_size(enum format format, unsigned long width, unsigned long height, int shift, long long max_pixels,
                      long long max_source_pixels, char **message) {
    if (width == 0 || height == 0) {
        say(message, "the picture's header is damaged");
        return TP_PICTURE_DAMAGED;
    }
    long long source = (long long)width * (long long)height;
    /* libjpeg decodes a JPEG at an eighth of its size when asked, so a JPEG may declare 64
     * times more; any other format is decoded whole first. */
    long long allowed = format == FORMAT_JPEG ? max_source_pixels * 64 : max_source_pixels;
    if (source > allowed) {
        char text[80];
        snprintf(text, sizeof text, "%lu × %lu", width, height);
        say(message, text);
        return TP_PICTURE_TOO_LARGE;
    }
    if (shift >= 0) {
        long long divisor = 1LL << shift;
        long long w = ((long long)width + divisor - 1) / divisor, h = ((long long)height + divisor - 1) / divisor;
        if (w * h > max_pixels) {
            say(message, "");
            return TP_PICTURE_TOO_LARGE;
        }
    }
    return TP_PICTURE_OK;
}

/* Decodes a raster picture; *pixbuf is the caller's to unref. */
static int load_pixbuf(const unsigned char *data, size_t size, int shift, GdkPixbuf **pixbuf, int *orientation, char **message) {
    GError *error = NULL;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    decode_request request = {shift};
    g_signal_connect(loader, "size-prepared", G_CALLBACK(on_size_prepared), &request);
    gboolean written = gdk_pixbuf_loader_write(loader, data, size, &error);
    if (error != NULL) g_clear_error(&error);
    gboolean closed = gdk_pixbuf_loader_close(loader, &error);
    GdkPixbuf *loaded = gdk_pixbuf_loader_get_pixbuf(loader);
    /* A truncated picture gives what could be read (the rest is left grey or transparent). */
    if (loaded == NULL) {
        say(message, error != NULL && error->message != NULL ? error->message : "the picture is damaged");
        if (error != NULL) g_error_free(error);
        g_object_unref(loader);
        return TP_PICTURE_DAMAGED;
    }
    (void)written;
    (void)closed;
    if (error != NULL) g_error_free(error);
    /* EXIF orientation (a phone's photo taken upright is stored on its side). */
    const char *turn = gdk_pixbuf_get_option(loaded, "orientation");
    *orientation = turn != NULL ? atoi(turn) : 1;
    *pixbuf = gdk_pixbuf_apply_embedded_orientation(loaded);
    g_object_unref(loader);
    if (*pixbuf == NULL) {
        say(message, "the picture could not be turned upright");
        return TP_PICTURE_DAMAGED;
    }
    return TP_PICTURE_OK;
}

/* ---- SVG: librsvg, loaded on first use ---- */

typedef struct {
    int width, height;
    double em, ex;
} rsvg_dimensions;

typedef struct {
    double x, y, width, height;
} rsvg_rectangle;

static struct {
    void *(*new_from_data)(const guint8 *, gsize, GError **);
    void (*get_dimensions)(void *, rsvg_dimensions *);
    gboolean (*render_document)(void *, cairo_t *, const rsvg_rectangle *, GError **);
} rsvg;

static pthread_once_t rsvg_loaded = PTHREAD_ONCE_INIT;
static char *rsvg_failure;

static void load_rsvg(void) {
    void *library = tp_loader_open("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL, &rsvg_failure);
    if (library == NULL) return;
    (void)(tp_loader_find(library, "rsvg_handle_new_from_data", &rsvg.new_from_data, &rsvg_failure)
           && tp_loader_find(library, "rsvg_handle_get_dimensions", &rsvg.get_dimensions, &rsvg_failure)
           && tp_loader_find(library, "rsvg_handle_render_document", &rsvg.render_document, &rsvg_failure));
}

/* An RsvgHandle for `data` (unref it), or NULL with the reason returned. */
static int open_svg(const unsigned char *data, size_t size, void **handle, char **message) {
    pthread_once(&rsvg_loaded, load_rsvg);
    if (rsvg_failure != NULL) {
        say(message, rsvg_failure);
        return TP_PICTURE_NO_RSVG;
    }
    /* Entities are how an SVG of a few hundred bytes expands to gigabytes (a "billion
     * laughs"), or reads a local file into itself: no picture a user pastes needs them. */
    if (contains(data, size, "<!ENTITY", size)) {
        say(message, "the SVG declares entities, which are not read");
        return TP_PICTURE_REFUSED;
    }
    GError *error = NULL;
    *handle = rsvg.new_from_data(data, size, &error);
    if (*handle == NULL) {
        say(message, error != NULL && error->message != NULL ? error->message : "the SVG is damaged");
        if (error != NULL) g_error_free(error);
        return TP_PICTURE_DAMAGED;
    }
    return TP_PICTURE_OK;
}

int tp_picture_probe(const void *data, size_t size, long long max_source_pixels, tp_picture_info *info, char **message) {
    if (message != NULL) *message = NULL;
    memset(info, 0, sizeof *info);
    unsigned long width, height;
    enum format format = sniff(data, size, &width, &height);
    if (format == FORMAT_NONE) {
        say(message, "not a PNG, JPEG, GIF, WebP or SVG picture");
        return TP_PICTURE_UNKNOWN;
    }
    if (format == FORMAT_SVG) {
        void *handle;
        int result = open_svg(data, size, &handle, message);
        if (result != TP_PICTURE_OK) return result;
        rsvg_dimensions dimensions = {0};
        rsvg.get_dimensions(handle, &dimensions);
        g_object_unref(handle);
        if (dimensions.width <= 0 || dimensions.height <= 0) {
            say(message, "the SVG has no size");
            return TP_PICTURE_DAMAGED;
        }
        info->width = dimensions.width;
        info->height = dimensions.height;
        info->is_svg = 1;
        return TP_PICTURE_OK;
    }
    int result = check_size(format, width, height, -1, 0, max_source_pixels, message);
    if (result != TP_PICTURE_OK) return result;
    info->width = (int)width;
    info->height = (int)height;
    if (format == FORMAT_JPEG) {
        /* Only a JPEG's EXIF turns it: read at an eighth of its size (libjpeg's cheapest). */
        GdkPixbuf *pixbuf;
        int orientation = 1;
        result = load_pixbuf(data, size, 3, &pixbuf, &orientation, message);
        if (result != TP_PICTURE_OK) return result;
        g_object_unref(pixbuf);
        /* Orientations 5 to 8 turn the picture a quarter: its sides swap. */
        if (orientation >= 5 && orientation <= 8) {
            info->width = (int)height;
            info->height = (int)width;
        }
    }
    return TP_PICTURE_OK;
}

int tp_picture_decode(const void *data, size_t size, int shift, long long max_pixels, long long max_source_pixels,
                      cairo_surface_t **surface, int *orientation, char **message) {
    if (message != NULL) *message = NULL;
    *orientation = 1;
    *surface = NULL;
    unsigned long width, height;
    enum format format = sniff(data, size, &width, &height);
    if (format == FORMAT_NONE || format == FORMAT_SVG) {
        say(message, "not a PNG, JPEG, GIF or WebP picture");
        return TP_PICTURE_UNKNOWN;
    }
    if (shift < 0) shift = 0;
    if (shift > 30) shift = 30;
    int result = check_size(format, width, height, shift, max_pixels, max_source_pixels, message);
    if (result != TP_PICTURE_OK) return result;
    GdkPixbuf *pixbuf;
    result = load_pixbuf(data, size, shift, &pixbuf, orientation, message);
    if (result != TP_PICTURE_OK) return result;
    *surface = surface_of(pixbuf);
    g_object_unref(pixbuf);
    if (*surface == NULL) {
        say(message, "out of memory for the picture");
        return TP_PICTURE_TOO_LARGE;
    }
    return TP_PICTURE_OK;
}

int tp_picture_render_svg(const void *data, size_t size, cairo_t *context, double width, double height, char **message) {
    if (message != NULL) *message = NULL;
    void *handle;
    int result = open_svg(data, size, &handle, message);
    if (result != TP_PICTURE_OK) return result;
    rsvg_rectangle viewport = {0, 0, width, height};
    GError *error = NULL;
    gboolean drawn = rsvg.render_document(handle, context, &viewport, &error);
    if (error != NULL) {
        say(message, error->message != NULL ? error->message : "the SVG could not be drawn");
        g_error_free(error);
    }
    g_object_unref(handle);
    return drawn ? TP_PICTURE_OK : TP_PICTURE_DAMAGED;
}
