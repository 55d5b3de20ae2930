#ifndef TOUCHPAINTER_CPICTURES_H
#define TOUCHPAINTER_CPICTURES_H

#include <cairo.h>
#include <stddef.h>
#include <stdint.h>

/* Pictures (issue 54) as ScribbleKit decodes them: raster formats through gdk-pixbuf (PNG,
 * JPEG, GIF's first frame, WebP and whatever else the system's loaders read), SVG through
 * librsvg, kept as vectors. gdk-pixbuf is linked already (GTK needs it, CGtk's flags bring
 * it); librsvg is loaded the first time an SVG is met (PicturesLoader.c), as poppler is, so
 * launches without SVGs do not pay for it. This header names none of their types. Every
 * function is safe on any thread: each call makes its own loader or handle. */

/* What a decode or a probe gives back. */
enum tp_picture_result {
    TP_PICTURE_OK = 0,
    /* No loader reads these bytes (not a picture, or a format this system cannot read). */
    TP_PICTURE_UNKNOWN = 1,
    /* The bytes are a picture but damaged before any pixel could be read. */
    TP_PICTURE_DAMAGED = 2,
    /* The picture declares more pixels than may be decoded (`max_source_pixels`). */
    TP_PICTURE_TOO_LARGE = 3,
    /* An SVG this app refuses (one that declares entities). */
    TP_PICTURE_REFUSED = 4,
    /* An SVG, and librsvg cannot be loaded (the message says why). */
    TP_PICTURE_NO_RSVG = 5,
};

/* A picture's size as shown (its EXIF orientation applied), and whether it is an SVG. */
typedef struct {
    int width, height;
    int is_svg;
} tp_picture_info;

/* On failure, `*message` (the caller's to free) is: for TP_PICTURE_TOO_LARGE the declared
 * size ("W × H") or empty when only the level asked for is too large; for TP_PICTURE_DAMAGED
 * the decoder's own message (GLib's, translated); for TP_PICTURE_NO_RSVG dlopen's. */

/* Reads the size of the picture in `data` without decoding its pixels (a raster picture's
 * header, an SVG's dimensions). `max_source_pixels` bounds what a later decode may be asked
 * to read (JPEGs are exempt: libjpeg decodes them at an eighth of their size when asked). */
int tp_picture_probe(const void *data, size_t size, long long max_source_pixels, tp_picture_info *info, char **message);

/* Decodes a raster picture at its size divided by 2^`shift` (each side rounded up; JPEGs
 * are decoded at that size by libjpeg, cheaply), its EXIF orientation applied, into a new
 * Cairo ARGB32 image surface (premultiplied), or NULL with the reason returned. A result
 * of more than `max_pixels` pixels is refused, as is a source of more than
 * `max_source_pixels` (other than a JPEG). A truncated picture gives what could be read.
 * `*orientation` is the EXIF orientation that was applied (1: none). */
int tp_picture_decode(const void *data, size_t size, int shift, long long max_pixels, long long max_source_pixels,
                      cairo_surface_t **surface, int *orientation, char **message);

/* Draws the SVG in `data` onto `context`, its natural size mapped onto (0, 0)–(width,
 * height) of the context's user space. External references are never read (no base file is
 * given to librsvg); an SVG that declares entities is refused before librsvg sees it. */
int tp_picture_render_svg(const void *data, size_t size, cairo_t *context, double width, double height, char **message);

#endif
