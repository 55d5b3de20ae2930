#ifndef TOUCHPAINTER_CPOPPLER_H
#define TOUCHPAINTER_CPOPPLER_H

#include <cairo.h>
#include <stddef.h>

/* poppler-glib, the PDF renderer GNOME's viewers use, as PdfKit uses it — loaded the first
 * time a PDF is opened (PopplerLoader.c), not linked: libpoppler-glib, libpoppler and the
 * libraries they pull in (lcms2, openjpeg, nss, …) would cost every launch their loading
 * time and memory, while few launches open a PDF. So this header names none of poppler's or
 * GLib's types: a document is an opaque pointer, and each call PdfKit makes is one function
 * here. A document is not safe for concurrent use: the caller serialises every call on one
 * document (PdfKit's PdfDocument holds a lock). Strings these return are the caller's to
 * free(); arrays too. Page coordinates are in points, from the top left of the page as it is
 * shown (its /Rotate applied). */

/* Loads poppler-glib, once for the process: NULL, or why it could not be (kept here; not to
 * be freed). Call it before any other function here. */
const char *tp_poppler_load(void);

/* Why a document did not open. */
enum tp_pdf_failure {
    TP_PDF_OPENED = 0,
    /* Encrypted: no password, or not the right one. */
    TP_PDF_ENCRYPTED = 1,
    /* Damaged beyond what poppler repairs, or not a PDF at all. */
    TP_PDF_DAMAGED = 2,
    /* Anything else (poppler's message says what). */
    TP_PDF_FAILED = 3,
};

/* A document from the `size` bytes at `data` (copied: the caller may free them at once),
 * opened with `password` (NULL for none), or NULL with `*failure` set and `*message` poppler's
 * message (the caller's to free; may be NULL). */
void *tp_poppler_open(const void *data, size_t size, const char *password, int *failure, char **message);

/* Lets go of a document. */
void tp_poppler_close(void *document);

/* How many pages the document has (as poppler counts them; 0 or more). */
int tp_poppler_page_count(void *document);

/* The size of page `index` as shown, in points (its /Rotate applied): non-zero when the page
 * could be read. */
int tp_poppler_page_size(void *document, int index, double *width, double *height);

/* Page `index`'s /Rotate (0, 90, 180 or 270; 0 when it cannot be read). Costs a probe
 * annotation added to the page and removed (poppler-glib has no getter), which grows the
 * document's cross-reference table: ask only when the rotation itself is needed. */
int tp_poppler_page_rotation(void *document, int index);

/* Draws page `index` onto `cairo` at its current transform (one unit a point, the page's top
 * left at the origin, its /Rotate applied) and within its current clip; paints no
 * background. Non-zero when the page could be read. */
int tp_poppler_render(void *document, int index, cairo_t *cairo);

/* The text of page `index` in reading order, UTF-8, or NULL when it has none or could not
 * be read. */
char *tp_poppler_text(void *document, int index);

/* A rectangle on a page, in points from its top left as shown. */
typedef struct tp_pdf_rect {
    double x, y, width, height;
} tp_pdf_rect;

/* Where `text` (UTF-8) occurs on page `index`, ignoring case, as `*count` rectangles in an
 * array of the caller's (NULL when none), one a line of a match. */
tp_pdf_rect *tp_poppler_find(void *document, int index, const char *text, int *count);

/* A link on a page: where it is, and either a URI or a page to go to. */
typedef struct tp_pdf_link {
    tp_pdf_rect area;
    /* The URI it opens (the caller's to free with the array: tp_poppler_free_links), or NULL. */
    char *uri;
    /* The page (from 0) it goes to within the document, or -1. */
    int page;
} tp_pdf_link;

/* The links on page `index` that open a URI or go to a page, as `*count` links (NULL when
 * none); free them with tp_poppler_free_links. */
tp_pdf_link *tp_poppler_links(void *document, int index, int *count);

/* Frees `count` links tp_poppler_links returned, and their URIs. */
void tp_poppler_free_links(tp_pdf_link *links, int count);

#endif
