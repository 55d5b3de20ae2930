#ifndef TOUCHPAINTER_CQPDF_H
#define TOUCHPAINTER_CQPDF_H

#include <stddef.h>

/* QPDF, the PDF transformation library (Xournal++ 1.3 stamps its ink with it), as PdfKit's
 * PdfStamper uses it: loaded the first time a PDF is stamped (QpdfLoader.c), not linked —
 * libqpdf and the libraries it pulls in (gnutls, libjpeg, …) would cost every launch their
 * loading time and memory, while few launches export onto a PDF. So this header names none
 * of QPDF's types: a PDF is an opaque pointer, and each step the stamper takes is one
 * function here, over QPDF's C API (qpdf-c.h). A PDF is not safe for concurrent use; separate
 * ones are. Messages these return are the caller's to free(). Boxes are in the PDF's own
 * units (points), from the bottom left, as stored (before /Rotate). */

/* Loads QPDF, once for the process: NULL, or why it could not be (kept here; not to be
 * freed). Call it before any other function here. */
const char *tp_qpdf_load(void);

/* Why a PDF did not open or a step failed. */
enum tp_qpdf_failure {
    TP_QPDF_OK = 0,
    /* Encrypted: no password, or not the right one. */
    TP_QPDF_PASSWORD = 1,
    /* Damaged beyond what QPDF repairs, or not a PDF at all. */
    TP_QPDF_DAMAGED = 2,
    /* Anything else (QPDF's message says what). */
    TP_QPDF_FAILED = 3,
};

/* A PDF from the `size` bytes at `data` (copied: the caller may free them at once), opened
 * with `password` (NULL for none), or NULL with `*failure` set and `*message` QPDF's message
 * (the caller's to free; may be NULL). QPDF repairs what it can (a lost cross-reference
 * table); its warnings are dropped, never printed. */
void *tp_qpdf_open(const void *data, size_t size, const char *password, int *failure, char **message);

/* Lets go of a PDF, and of the bytes tp_qpdf_write returned for it. */
void tp_qpdf_close(void *pdf);

/* How many pages the PDF has (walking its page tree the first time), or -1 with `*message`
 * set when the tree cannot be walked; `*declared`, how many its root says it has (/Count). */
int tp_qpdf_page_count(void *pdf, long long *declared, char **message);

/* A rectangle in a PDF's units: its left, bottom, right and top edges. */
typedef struct tp_qpdf_box {
    double left, bottom, right, top;
} tp_qpdf_box;

/* What page `index` shows: its crop box within its media box (either inherited from the page
 * tree; US Letter when it has neither), and its /Rotate (0, 90, 180 or 270). Non-zero when
 * the page could be read. */
int tp_qpdf_page_box(void *pdf, int index, tp_qpdf_box *box, int *rotation);

/* Stamps page `overlay_index` of `overlay` onto page `index` of `pdf`: the page's own content
 * is wrapped in q/Q (its streams kept as they are), and the overlay page, made a Form XObject
 * (its content stream's bytes, its resources, its box as /BBox, `matrix` as /Matrix: a b c d
 * e f, from the overlay's units to the page's), is drawn after it under a name new in the
 * page's resources. The page's resources become a dictionary of its own, so resources it
 * shares with other pages are not touched. Non-zero when done; else `*message` says why. */
int tp_qpdf_stamp_page(void *pdf, int index, void *overlay, int overlay_index, const double matrix[6], char **message);

/* Appends page `overlay_index` of `overlay` (copied, with what it uses) after the last page
 * of `pdf`. Non-zero when done; else `*message` says why. */
int tp_qpdf_append_page(void *pdf, void *overlay, int overlay_index, char **message);

/* The PDF as it now is, written into memory: its streams' bytes as they were (no stream
 * decoded or recompressed), its encryption kept (the same passwords open it). The bytes are
 * the PDF's, valid until tp_qpdf_close; NULL with `*message` set when it could not be
 * written. */
const unsigned char *tp_qpdf_write(void *pdf, size_t *size, char **message);

#endif
