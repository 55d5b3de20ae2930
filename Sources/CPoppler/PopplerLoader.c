#include "CPoppler.h"

#include "CLoader.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <poppler.h>

/* Every poppler-glib function PdfKit calls, looked up once (`load`), and the one of GIO's
 * it needs. GLib's and GObject's (g_bytes_new, g_object_unref, g_error_free, g_free,
 * g_list_free_full) come from the app's own links (GTK needs them) through CGtk. */
static struct {
    GInputStream *(*memory_input_stream_new_from_bytes)(GBytes *);
    PopplerDocument *(*document_new_from_stream)(GInputStream *, goffset, const char *, GCancellable *, GError **);
    int (*document_get_n_pages)(PopplerDocument *);
    PopplerPage *(*document_get_page)(PopplerDocument *, int);
    PopplerDest *(*document_find_dest)(PopplerDocument *, const gchar *);
    GQuark (*error_quark)(void);
    void (*page_get_size)(PopplerPage *, double *, double *);
    void (*page_get_crop_box)(PopplerPage *, PopplerRectangle *);
    void (*page_render)(PopplerPage *, cairo_t *);
    char *(*page_get_text)(PopplerPage *);
    GList *(*page_find_text_with_options)(PopplerPage *, const char *, PopplerFindFlags);
    GList *(*page_get_link_mapping)(PopplerPage *);
    void (*page_free_link_mapping)(GList *);
    void (*page_add_annot)(PopplerPage *, PopplerAnnot *);
    void (*page_remove_annot)(PopplerPage *, PopplerAnnot *);
    PopplerAnnot *(*annot_square_new)(PopplerDocument *, PopplerRectangle *);
    void (*annot_get_rectangle)(PopplerAnnot *, PopplerRectangle *);
    void (*rectangle_free)(PopplerRectangle *);
    void (*dest_free)(PopplerDest *);
} poppler;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static char *load_failure;

/* Looks `name` up in `library` into `*slot`; false, with the reason kept, if it is not there. */
static int find(void *library, const char *name, void *slot) { return tp_loader_find(library, name, slot, &load_failure); }

static void load(void) {
    /* RTLD_LOCAL: nothing else looks its symbols up by name. */
    void *glib = tp_loader_open("libpoppler-glib.so.8", RTLD_NOW | RTLD_LOCAL, &load_failure);
    if (glib == NULL) return;
    /* GIO's, which poppler-glib links (GTK does too, but the app does not name it). */
    (void)(find(glib, "g_memory_input_stream_new_from_bytes", &poppler.memory_input_stream_new_from_bytes)
           && find(glib, "poppler_document_new_from_stream", &poppler.document_new_from_stream)
           && find(glib, "poppler_document_get_n_pages", &poppler.document_get_n_pages)
           && find(glib, "poppler_document_get_page", &poppler.document_get_page)
           && find(glib, "poppler_document_find_dest", &poppler.document_find_dest)
           && find(glib, "poppler_error_quark", &poppler.error_quark)
           && find(glib, "poppler_page_get_size", &poppler.page_get_size)
           && find(glib, "poppler_page_get_crop_box", &poppler.page_get_crop_box)
           && find(glib, "poppler_page_render", &poppler.page_render)
           && find(glib, "poppler_page_get_text", &poppler.page_get_text)
           && find(glib, "poppler_page_find_text_with_options", &poppler.page_find_text_with_options)
           && find(glib, "poppler_page_get_link_mapping", &poppler.page_get_link_mapping)
           && find(glib, "poppler_page_free_link_mapping", &poppler.page_free_link_mapping)
           && find(glib, "poppler_page_add_annot", &poppler.page_add_annot)
           && find(glib, "poppler_page_remove_annot", &poppler.page_remove_annot)
           && find(glib, "poppler_annot_square_new", &poppler.annot_square_new)
           && find(glib, "poppler_annot_get_rectangle", &poppler.annot_get_rectangle)
           && find(glib, "poppler_rectangle_free", &poppler.rectangle_free)
           && find(glib, "poppler_dest_free", &poppler.dest_free));
}

const char *tp_poppler_load(void) {
    pthread_once(&loaded, load);
    return load_failure;
}

/* Held while a document is being opened: each of poppler-glib's constructors makes poppler's
 * global parameters if there are none yet (`if (!globalParams) globalParams = …`), which two
 * threads opening their first documents at once would race on. */
static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;

void *tp_poppler_open(const void *data, size_t size, const char *password, int *failure, char **message) {
    *failure = TP_PDF_OPENED;
    *message = NULL;
    /* From a stream over the bytes, not poppler_document_new_from_bytes: in poppler 22.12 that
     * one crashes on a wrong password (its second try, with the password as given rather than
     * in Latin-1, reads a stream the first try's document took and freed); the stream one
     * makes its second try on a copy. The stream keeps a reference to the bytes and poppler
     * one to the stream, for the document's life; ours go at once. */
    GBytes *bytes = g_bytes_new(data, size);
    GInputStream *stream = poppler.memory_input_stream_new_from_bytes(bytes);
    g_bytes_unref(bytes);
    GError *error = NULL;
    pthread_mutex_lock(&opening);
    PopplerDocument *document = poppler.document_new_from_stream(stream, (goffset)size, password, NULL, &error);
    pthread_mutex_unlock(&opening);
    g_object_unref(stream);
    if (document != NULL) {
        if (error != NULL) g_error_free(error);
        return document;
    }
    *failure = TP_PDF_FAILED;
    if (error != NULL) {
        if (error->domain == poppler.error_quark()) {
            if (error->code == POPPLER_ERROR_ENCRYPTED) *failure = TP_PDF_ENCRYPTED;
            else if (error->code == POPPLER_ERROR_DAMAGED || error->code == POPPLER_ERROR_BAD_CATALOG)
                *failure = TP_PDF_DAMAGED;
        }
        if (error->message != NULL) *message = strdup(error->message);
        g_error_free(error);
    }
    return NULL;
}

void tp_poppler_close(void *document) { g_object_unref(document); }

int tp_poppler_page_count(void *document) {
    int count = poppler.document_get_n_pages(document);
    return count > 0 ? count : 0;
}

/* Page `index` (a new reference), or NULL when it is out of range or could not be read. */
static PopplerPage *page_at(void *document, int index) {
    if (index < 0) return NULL;
    return poppler.document_get_page(document, index);
}

/* The page's /Rotate, which poppler-glib has no getter for: a probe annotation placed at a
 * known rectangle as shown is stored unrotated (poppler_page_add_annot undoes the page's
 * rotation), so where it lands tells the rotation; it is removed at once. `width`, `height`:
 * the crop box's size as stored; `left`, `bottom`: its origin. */
static int rotation_of(void *document, PopplerPage *page, double width, double height, double left, double bottom) {
    PopplerRectangle shown = {1, 2, 3, 6}; /* x1, y1, x2, y2 from the bottom left as shown */
    PopplerAnnot *probe = poppler.annot_square_new(document, &shown);
    if (probe == NULL) return 0;
    poppler.page_add_annot(page, probe);
    PopplerRectangle stored = {0, 0, 0, 0};
    poppler.annot_get_rectangle(probe, &stored);
    poppler.page_remove_annot(page, probe);
    g_object_unref(probe);
    double x = stored.x1 - left, y = stored.y1 - bottom;
    /* Where the probe's first corner would be stored under each rotation. */
    const double expected[4][2] = {
        {shown.x1, shown.y1},                  /*   0 */
        {width - shown.y2, shown.x1},          /*  90 */
        {width - shown.x2, height - shown.y2}, /* 180 */
        {shown.y1, height - shown.x2},         /* 270 */
    };
    int best = 0;
    double nearest = INFINITY;
    for (int turn = 0; turn < 4; turn++) {
        double distance = fabs(x - expected[turn][0]) + fabs(y - expected[turn][1]);
        if (distance < nearest) nearest = distance, best = turn;
    }
    return best * 90;
}

int tp_poppler_page_size(void *document, int index, double *width, double *height) {
    PopplerPage *page = page_at(document, index);
    if (page == NULL) return 0;
    poppler.page_get_size(page, width, height);
    g_object_unref(page);
    return 1;
}

int tp_poppler_page_rotation(void *document, int index) {
    PopplerPage *page = page_at(document, index);
    if (page == NULL) return 0;
    PopplerRectangle crop = {0, 0, 0, 0};
    poppler.page_get_crop_box(page, &crop);
    int rotation = rotation_of(document, page, fabs(crop.x2 - crop.x1), fabs(crop.y2 - crop.y1), fmin(crop.x1, crop.x2),
                               fmin(crop.y1, crop.y2));
    g_object_unref(page);
    return rotation;
}

int tp_poppler_render(void *document, int index, cairo_t *cairo) {
    PopplerPage *page = page_at(document, index);
    if (page == NULL) return 0;
    poppler.page_render(page, cairo);
    g_object_unref(page);
    return 1;
}

char *tp_poppler_text(void *document, int index) {
    PopplerPage *page = page_at(document, index);
    if (page == NULL) return NULL;
    char *text = poppler.page_get_text(page);
    g_object_unref(page);
    if (text == NULL) return NULL;
    char *copy = strdup(text);
    g_free(text);
    return copy;
}

/* A poppler rectangle (from the bottom left of a page `height` high) from the top left. */
static tp_pdf_rect from_top(const PopplerRectangle *area, double height) {
    double left = fmin(area->x1, area->x2), right = fmax(area->x1, area->x2);
    double bottom = fmin(area->y1, area->y2), top = fmax(area->y1, area->y2);
    return (tp_pdf_rect){left, height - top, right - left, top - bottom};
}

tp_pdf_rect *tp_poppler_find(void *document, int index, const char *text, int *count) {
    *count = 0;
    PopplerPage *page = page_at(document, index);
    if (page == NULL) return NULL;
    double width = 0, height = 0;
    poppler.page_get_size(page, &width, &height);
    GList *matches = poppler.page_find_text_with_options(page, text, POPPLER_FIND_DEFAULT);
    g_object_unref(page);
    guint length = g_list_length(matches);
    tp_pdf_rect *rects = length > 0 ? calloc(length, sizeof *rects) : NULL;
    if (rects != NULL) {
        for (GList *item = matches; item != NULL; item = item->next) rects[(*count)++] = from_top(item->data, height);
    }
    g_list_free_full(matches, (GDestroyNotify)poppler.rectangle_free);
    return rects;
}

/* The page (from 0) `dest` goes to, resolving a named destination; -1 when none. */
static int page_of(void *document, const PopplerDest *dest) {
    if (dest == NULL) return -1;
    if (dest->type != POPPLER_DEST_NAMED) return dest->page_num - 1;
    if (dest->named_dest == NULL) return -1;
    PopplerDest *named = poppler.document_find_dest(document, dest->named_dest);
    if (named == NULL) return -1;
    int page = named->type != POPPLER_DEST_NAMED ? named->page_num - 1 : -1;
    poppler.dest_free(named);
    return page;
}

tp_pdf_link *tp_poppler_links(void *document, int index, int *count) {
    *count = 0;
    PopplerPage *page = page_at(document, index);
    if (page == NULL) return NULL;
    double width = 0, height = 0;
    poppler.page_get_size(page, &width, &height);
    GList *mappings = poppler.page_get_link_mapping(page);
    g_object_unref(page);
    guint length = g_list_length(mappings);
    tp_pdf_link *links = length > 0 ? calloc(length, sizeof *links) : NULL;
    for (GList *item = mappings; item != NULL && links != NULL; item = item->next) {
        const PopplerLinkMapping *mapping = item->data;
        const PopplerAction *action = mapping->action;
        if (action == NULL) continue;
        tp_pdf_link link = {from_top(&mapping->area, height), NULL, -1};
        if (action->type == POPPLER_ACTION_URI && action->uri.uri != NULL) {
            link.uri = strdup(action->uri.uri);
            if (link.uri == NULL) continue;
        } else if (action->type == POPPLER_ACTION_GOTO_DEST) {
            link.page = page_of(document, action->goto_dest.dest);
            if (link.page < 0) continue;
        } else {
            continue;
        }
        links[(*count)++] = link;
    }
    poppler.page_free_link_mapping(mappings);
    return links;
}

void tp_poppler_free_links(tp_pdf_link *links, int count) {
    for (int i = 0; i < count; i++) free(links[i].uri);
    free(links);
}
