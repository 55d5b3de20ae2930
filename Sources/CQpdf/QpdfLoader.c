#include "CQpdf.h"

#include "CLoader.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qpdf/qpdf-c.h>

/* Every function of QPDF's C API the stamper calls, looked up once (`load`). */
static struct {
    qpdf_data (*init)(void);
    void (*cleanup)(qpdf_data *);
    void (*silence_errors)(qpdf_data);
    void (*set_suppress_warnings)(qpdf_data, QPDF_BOOL);
    QPDF_BOOL (*has_error)(qpdf_data);
    qpdf_error (*get_error)(qpdf_data);
    QPDF_BOOL (*more_warnings)(qpdf_data);
    qpdf_error (*next_warning)(qpdf_data);
    char const *(*get_error_full_text)(qpdf_data, qpdf_error);
    enum qpdf_error_code_e (*get_error_code)(qpdf_data, qpdf_error);
    QPDF_ERROR_CODE (*read_memory)(qpdf_data, char const *, char const *, unsigned long long, char const *);
    qpdf_oh (*get_root)(qpdf_data);
    int (*get_num_pages)(qpdf_data);
    qpdf_oh (*get_page_n)(qpdf_data, size_t);
    QPDF_ERROR_CODE (*add_page)(qpdf_data, qpdf_data, qpdf_oh, QPDF_BOOL);
    QPDF_BOOL (*oh_is_dictionary)(qpdf_data, qpdf_oh);
    QPDF_BOOL (*oh_is_array)(qpdf_data, qpdf_oh);
    QPDF_BOOL (*oh_is_stream)(qpdf_data, qpdf_oh);
    QPDF_BOOL (*oh_get_value_as_number)(qpdf_data, qpdf_oh, double *);
    int (*oh_get_array_n_items)(qpdf_data, qpdf_oh);
    qpdf_oh (*oh_get_array_item)(qpdf_data, qpdf_oh, int);
    void (*oh_begin_dict_key_iter)(qpdf_data, qpdf_oh);
    QPDF_BOOL (*oh_dict_more_keys)(qpdf_data);
    char const *(*oh_dict_next_key)(qpdf_data);
    QPDF_BOOL (*oh_has_key)(qpdf_data, qpdf_oh, char const *);
    qpdf_oh (*oh_get_key)(qpdf_data, qpdf_oh, char const *);
    qpdf_oh (*oh_new_null)(qpdf_data);
    qpdf_oh (*oh_new_real_from_double)(qpdf_data, double, int);
    qpdf_oh (*oh_new_name)(qpdf_data, char const *);
    qpdf_oh (*oh_new_array)(qpdf_data);
    qpdf_oh (*oh_new_dictionary)(qpdf_data);
    qpdf_oh (*oh_new_stream)(qpdf_data);
    void (*oh_append_item)(qpdf_data, qpdf_oh, qpdf_oh);
    void (*oh_replace_key)(qpdf_data, qpdf_oh, char const *, qpdf_oh);
    qpdf_oh (*oh_get_dict)(qpdf_data, qpdf_oh);
    qpdf_oh (*oh_copy_foreign_object)(qpdf_data, qpdf_data, qpdf_oh);
    QPDF_ERROR_CODE (*oh_get_stream_data)(qpdf_data, qpdf_oh, enum qpdf_stream_decode_level_e, QPDF_BOOL *,
                                          unsigned char **, size_t *);
    QPDF_ERROR_CODE (*oh_get_page_content_data)(qpdf_data, qpdf_oh, unsigned char **, size_t *);
    void (*oh_replace_stream_data)(qpdf_data, qpdf_oh, unsigned char const *, size_t, qpdf_oh, qpdf_oh);
    QPDF_ERROR_CODE (*init_write_memory)(qpdf_data);
    void (*set_stream_data_mode)(qpdf_data, enum qpdf_stream_data_e);
    QPDF_ERROR_CODE (*write)(qpdf_data);
    size_t (*get_buffer_length)(qpdf_data);
    unsigned char const *(*get_buffer)(qpdf_data);
} qpdf;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static char *load_failure;

/* Looks `name` up in `library` into `*slot`; false, with the reason kept, if it is not there. */
static int find(void *library, const char *name, void *slot) { return tp_loader_find(library, name, slot, &load_failure); }

static void load(void) {
    /* RTLD_LOCAL: nothing else looks its symbols up by name. */
    void *library = tp_loader_open("libqpdf.so.29", RTLD_NOW | RTLD_LOCAL, &load_failure);
    if (library == NULL) return;
    (void)(find(library, "qpdf_init", &qpdf.init) && find(library, "qpdf_cleanup", &qpdf.cleanup)
           && find(library, "qpdf_silence_errors", &qpdf.silence_errors)
           && find(library, "qpdf_set_suppress_warnings", &qpdf.set_suppress_warnings)
           && find(library, "qpdf_has_error", &qpdf.has_error) && find(library, "qpdf_get_error", &qpdf.get_error)
           && find(library, "qpdf_more_warnings", &qpdf.more_warnings)
           && find(library, "qpdf_next_warning", &qpdf.next_warning)
           && find(library, "qpdf_get_error_full_text", &qpdf.get_error_full_text)
           && find(library, "qpdf_get_error_code", &qpdf.get_error_code)
           && find(library, "qpdf_read_memory", &qpdf.read_memory)
           && find(library, "qpdf_get_root", &qpdf.get_root) && find(library, "qpdf_get_num_pages", &qpdf.get_num_pages)
           && find(library, "qpdf_get_page_n", &qpdf.get_page_n) && find(library, "qpdf_add_page", &qpdf.add_page)
           && find(library, "qpdf_oh_is_dictionary", &qpdf.oh_is_dictionary)
           && find(library, "qpdf_oh_is_array", &qpdf.oh_is_array)
           && find(library, "qpdf_oh_is_stream", &qpdf.oh_is_stream)
           && find(library, "qpdf_oh_get_value_as_number", &qpdf.oh_get_value_as_number)
           && find(library, "qpdf_oh_get_array_n_items", &qpdf.oh_get_array_n_items)
           && find(library, "qpdf_oh_get_array_item", &qpdf.oh_get_array_item)
           && find(library, "qpdf_oh_begin_dict_key_iter", &qpdf.oh_begin_dict_key_iter)
           && find(library, "qpdf_oh_dict_more_keys", &qpdf.oh_dict_more_keys)
           && find(library, "qpdf_oh_dict_next_key", &qpdf.oh_dict_next_key)
           && find(library, "qpdf_oh_has_key", &qpdf.oh_has_key) && find(library, "qpdf_oh_get_key", &qpdf.oh_get_key)
           && find(library, "qpdf_oh_new_null", &qpdf.oh_new_null)
           && find(library, "qpdf_oh_new_real_from_double", &qpdf.oh_new_real_from_double)
           && find(library, "qpdf_oh_new_name", &qpdf.oh_new_name)
           && find(library, "qpdf_oh_new_array", &qpdf.oh_new_array)
           && find(library, "qpdf_oh_new_dictionary", &qpdf.oh_new_dictionary)
           && find(library, "qpdf_oh_new_stream", &qpdf.oh_new_stream)
           && find(library, "qpdf_oh_append_item", &qpdf.oh_append_item)
           && find(library, "qpdf_oh_replace_key", &qpdf.oh_replace_key)
           && find(library, "qpdf_oh_get_dict", &qpdf.oh_get_dict)
           && find(library, "qpdf_oh_copy_foreign_object", &qpdf.oh_copy_foreign_object)
           && find(library, "qpdf_oh_get_stream_data", &qpdf.oh_get_stream_data)
           && find(library, "qpdf_oh_get_page_content_data", &qpdf.oh_get_page_content_data)
           && find(library, "qpdf_oh_replace_stream_data", &qpdf.oh_replace_stream_data)
           && find(library, "qpdf_init_write_memory", &qpdf.init_write_memory)
           && find(library, "qpdf_set_stream_data_mode", &qpdf.set_stream_data_mode)
           && find(library, "qpdf_write", &qpdf.write) && find(library, "qpdf_get_buffer_length", &qpdf.get_buffer_length)
           && find(library, "qpdf_get_buffer", &qpdf.get_buffer));
}

const char *tp_qpdf_load(void) {
    pthread_once(&loaded, load);
    return load_failure;
}

/* A PDF: QPDF's handle, and the bytes it reads from (QPDF reads them where they are, lazily,
 * for the PDF's whole life). */
typedef struct pdf {
    qpdf_data data;
    char *bytes;
} pdf;

/* Drops the warnings QPDF keeps (a damaged file may make many): they never stop a stamp. */
static void drop_warnings(qpdf_data data) {
    while (qpdf.more_warnings(data)) qpdf.next_warning(data);
}

/* The error QPDF has (taking it, so that the next step starts clean), as a message of the
 * caller's and, in `*code`, its kind; NULL when there is none. */
static char *take_error(qpdf_data data, enum qpdf_error_code_e *code) {
    drop_warnings(data);
    if (!qpdf.has_error(data)) return NULL;
    qpdf_error error = qpdf.get_error(data);
    if (code != NULL) *code = qpdf.get_error_code(data, error);
    const char *text = qpdf.get_error_full_text(data, error);
    return strdup(text != NULL && text[0] != '\0' ? text : "unknown error");
}

void *tp_qpdf_open(const void *data, size_t size, const char *password, int *failure, char **message) {
    *failure = TP_QPDF_OK;
    *message = NULL;
    pdf *opened = calloc(1, sizeof *opened);
    if (opened != NULL) opened->bytes = malloc(size > 0 ? size : 1);
    if (opened == NULL || opened->bytes == NULL) {
        free(opened);
        *failure = TP_QPDF_FAILED;
        *message = strdup("out of memory");
        return NULL;
    }
    memcpy(opened->bytes, data, size);
    opened->data = qpdf.init();
    /* Errors are checked after each step, never printed; warnings are kept, not printed. */
    qpdf.silence_errors(opened->data);
    qpdf.set_suppress_warnings(opened->data, QPDF_TRUE);
    qpdf.read_memory(opened->data, "PDF", opened->bytes, size, password != NULL ? password : "");
    enum qpdf_error_code_e code = qpdf_e_success;
    char *error = take_error(opened->data, &code);
    if (error == NULL) return opened;
    *failure = code == qpdf_e_password ? TP_QPDF_PASSWORD : code == qpdf_e_damaged_pdf ? TP_QPDF_DAMAGED : TP_QPDF_FAILED;
    *message = error;
    tp_qpdf_close(opened);
    return NULL;
}

void tp_qpdf_close(void *handle) {
    pdf *closing = handle;
    qpdf.cleanup(&closing->data);
    free(closing->bytes);
    free(closing);
}

int tp_qpdf_page_count(void *handle, long long *declared, char **message) {
    pdf *document = handle;
    qpdf_data data = document->data;
    int count = qpdf.get_num_pages(data);
    *message = take_error(data, NULL);
    if (*message != NULL) return -1;
    double root_count = -1;
    qpdf_oh pages = qpdf.oh_get_key(data, qpdf.get_root(data), "/Pages");
    if (!qpdf.oh_get_value_as_number(data, qpdf.oh_get_key(data, pages, "/Count"), &root_count) || !isfinite(root_count))
        root_count = -1;
    *declared = (long long)fmax(-1, fmin(root_count, 1e15));
    free(take_error(data, NULL));
    return count >= 0 ? count : 0;
}

/* How deep a page may sit in its page tree when an attribute is looked up its parents: far
 * deeper than any real tree (a balanced one of 10^9 pages is some 20 deep), and a bound on a
 * tree whose /Parent links go round in a circle. */
enum { MAXIMUM_TREE_DEPTH = 256 };

/* `key` of `page`, or of its nearest parent that has it (/MediaBox, /CropBox, /Rotate and
 * /Resources are inherited in the page tree); 0 (no object) when none has it. */
static qpdf_oh inherited(qpdf_data data, qpdf_oh page, const char *key) {
    qpdf_oh node = page;
    for (int depth = 0; depth < MAXIMUM_TREE_DEPTH && qpdf.oh_is_dictionary(data, node); depth++) {
        if (qpdf.oh_has_key(data, node, key)) return qpdf.oh_get_key(data, node, key);
        node = qpdf.oh_get_key(data, node, "/Parent");
    }
    return 0;
}

/* `*box` from the rectangle `array` (four numbers, any two opposite corners), normalised;
 * false when it is not one. */
static int read_box(qpdf_data data, qpdf_oh array, tp_qpdf_box *box) {
    if (array == 0 || !qpdf.oh_is_array(data, array) || qpdf.oh_get_array_n_items(data, array) != 4) return 0;
    double corner[4];
    for (int i = 0; i < 4; i++) {
        if (!qpdf.oh_get_value_as_number(data, qpdf.oh_get_array_item(data, array, i), &corner[i])) return 0;
        if (!isfinite(corner[i])) return 0;
    }
    *box = (tp_qpdf_box){fmin(corner[0], corner[2]), fmin(corner[1], corner[3]), fmax(corner[0], corner[2]),
                         fmax(corner[1], corner[3])};
    return 1;
}

int tp_qpdf_page_box(void *handle, int index, tp_qpdf_box *box, int *rotation) {
    pdf *document = handle;
    qpdf_data data = document->data;
    qpdf_oh page = index >= 0 ? qpdf.get_page_n(data, (size_t)index) : 0;
    if (page == 0 || !qpdf.oh_is_dictionary(data, page)) {
        drop_warnings(data);
        free(take_error(data, NULL));
        return 0;
    }
    /* As poppler shows it: the media box (US Letter when there is none), cut to the crop box. */
    tp_qpdf_box media = {0, 0, 612, 792}, crop;
    read_box(data, inherited(data, page, "/MediaBox"), &media);
    *box = media;
    if (read_box(data, inherited(data, page, "/CropBox"), &crop)) {
        tp_qpdf_box cut = {fmax(crop.left, media.left), fmax(crop.bottom, media.bottom), fmin(crop.right, media.right),
                           fmin(crop.top, media.top)};
        if (cut.right > cut.left && cut.top > cut.bottom) *box = cut;
    }
    double turn = 0;
    qpdf_oh rotate = inherited(data, page, "/Rotate");
    if (rotate == 0 || !qpdf.oh_get_value_as_number(data, rotate, &turn) || !isfinite(turn)) turn = 0;
    /* A multiple of 90 (the specification's rule), counted from 0 to 270. */
    long quarter = lround(fmod(turn, 360.0) / 90.0);
    *rotation = (int)(((quarter % 4) + 4) % 4) * 90;
    free(take_error(data, NULL));
    return 1;
}

/* A new stream in `data` holding the `size` bytes at `bytes` as they are, with `filter` and
 * `parameters` (0 for none) saying how they are encoded. (0 is no handle in QPDF's C API:
 * passing it is an error, so none is a null object.) */
static qpdf_oh new_stream(qpdf_data data, const void *bytes, size_t size, qpdf_oh filter, qpdf_oh parameters) {
    qpdf_oh stream = qpdf.oh_new_stream(data);
    qpdf.oh_replace_stream_data(data, stream, bytes, size, filter != 0 ? filter : qpdf.oh_new_null(data),
                                parameters != 0 ? parameters : qpdf.oh_new_null(data));
    return stream;
}

/* An array of `count` reals in `data`. */
static qpdf_oh real_array(qpdf_data data, const double *values, int count) {
    qpdf_oh array = qpdf.oh_new_array(data);
    for (int i = 0; i < count; i++) qpdf.oh_append_item(data, array, qpdf.oh_new_real_from_double(data, values[i], 6));
    return array;
}

/* A new dictionary in `data` with the entries of `dictionary` (their values shared, not
 * copied); empty when `dictionary` is not one. */
static qpdf_oh shallow_copy(qpdf_data data, qpdf_oh dictionary) {
    qpdf_oh copy = qpdf.oh_new_dictionary(data);
    if (dictionary == 0 || !qpdf.oh_is_dictionary(data, dictionary)) return copy;
    qpdf.oh_begin_dict_key_iter(data, dictionary);
    while (qpdf.oh_dict_more_keys(data)) {
        char *key = strdup(qpdf.oh_dict_next_key(data));
        if (key == NULL) break;
        qpdf.oh_replace_key(data, copy, key, qpdf.oh_get_key(data, dictionary, key));
        free(key);
    }
    return copy;
}

/* Page `index` of `overlay` as a Form XObject in `overlay` itself (a new stream: nothing of
 * the overlay's pages changes), drawn through `matrix`; 0 when it has no such page. */
static qpdf_oh form_of(qpdf_data overlay, int index, const double matrix[6]) {
    qpdf_oh page = index >= 0 ? qpdf.get_page_n(overlay, (size_t)index) : 0;
    if (page == 0 || !qpdf.oh_is_dictionary(overlay, page)) return 0;
    qpdf_oh contents = qpdf.oh_get_key(overlay, page, "/Contents");
    unsigned char *bytes = NULL;
    size_t size = 0;
    qpdf_oh form;
    if (qpdf.oh_is_stream(overlay, contents)) {
        /* One stream (Cairo writes one): its bytes as they are, still compressed. */
        qpdf_oh dictionary = qpdf.oh_get_dict(overlay, contents);
        qpdf.oh_get_stream_data(overlay, contents, qpdf_dl_none, NULL, &bytes, &size);
        form = new_stream(overlay, bytes, size, qpdf.oh_get_key(overlay, dictionary, "/Filter"),
                          qpdf.oh_get_key(overlay, dictionary, "/DecodeParms"));
    } else {
        /* Several streams, or none: their bytes decoded and joined. */
        if (qpdf.oh_is_array(overlay, contents)) qpdf.oh_get_page_content_data(overlay, page, &bytes, &size);
        form = new_stream(overlay, bytes != NULL ? (const void *)bytes : "", size, 0, 0);
    }
    free(bytes);
    tp_qpdf_box box = {0, 0, 612, 792};
    read_box(overlay, inherited(overlay, page, "/MediaBox"), &box);
    double bbox[4] = {box.left, box.bottom, box.right, box.top};
    qpdf_oh dictionary = qpdf.oh_get_dict(overlay, form);
    qpdf.oh_replace_key(overlay, dictionary, "/Type", qpdf.oh_new_name(overlay, "/XObject"));
    qpdf.oh_replace_key(overlay, dictionary, "/Subtype", qpdf.oh_new_name(overlay, "/Form"));
    qpdf.oh_replace_key(overlay, dictionary, "/BBox", real_array(overlay, bbox, 4));
    qpdf.oh_replace_key(overlay, dictionary, "/Matrix", real_array(overlay, matrix, 6));
    qpdf_oh resources = inherited(overlay, page, "/Resources");
    if (resources != 0 && qpdf.oh_is_dictionary(overlay, resources))
        qpdf.oh_replace_key(overlay, dictionary, "/Resources", resources);
    /* Cairo's pages are transparency groups (the ink's alpha composites over the page). */
    if (qpdf.oh_has_key(overlay, page, "/Group"))
        qpdf.oh_replace_key(overlay, dictionary, "/Group", qpdf.oh_get_key(overlay, page, "/Group"));
    return form;
}

/* A name for a new entry of `dictionary`: /TPInk, or /TPInk2, /TPInk3, … if taken. */
static void fresh_name(qpdf_data data, qpdf_oh dictionary, char *name, size_t capacity) {
    snprintf(name, capacity, "/TPInk");
    for (int n = 2; qpdf.oh_has_key(data, dictionary, name); n++) snprintf(name, capacity, "/TPInk%d", n);
}

int tp_qpdf_stamp_page(void *handle, int index, void *overlay_handle, int overlay_index, const double matrix[6],
                       char **message) {
    pdf *document = handle, *overlay = overlay_handle;
    qpdf_data data = document->data;
    *message = NULL;
    qpdf_oh page = index >= 0 ? qpdf.get_page_n(data, (size_t)index) : 0;
    if (page == 0 || !qpdf.oh_is_dictionary(data, page)) {
        free(take_error(data, NULL));
        *message = strdup("the PDF has no such page");
        return 0;
    }
    qpdf_oh form = form_of(overlay->data, overlay_index, matrix);
    if ((*message = take_error(overlay->data, NULL)) != NULL) return 0;
    if (form == 0) {
        *message = strdup("the ink has no such page");
        return 0;
    }
    qpdf_oh copied = qpdf.oh_copy_foreign_object(data, overlay->data, form);

    /* The page's own resources, with the form added to their own /XObject. */
    qpdf_oh resources = shallow_copy(data, inherited(data, page, "/Resources"));
    qpdf_oh objects = shallow_copy(data, qpdf.oh_get_key(data, resources, "/XObject"));
    char name[32];
    fresh_name(data, objects, name, sizeof name);
    qpdf.oh_replace_key(data, objects, name, copied);
    qpdf.oh_replace_key(data, resources, "/XObject", objects);
    qpdf.oh_replace_key(data, page, "/Resources", resources);

    /* q, the page's streams as they are, Q, then the form. */
    char after[64];
    int length = snprintf(after, sizeof after, "\nQ\n%s Do\n", name);
    qpdf_oh contents = qpdf.oh_get_key(data, page, "/Contents");
    qpdf_oh streams = qpdf.oh_new_array(data);
    qpdf.oh_append_item(data, streams, new_stream(data, "q\n", 2, 0, 0));
    if (qpdf.oh_is_stream(data, contents)) {
        qpdf.oh_append_item(data, streams, contents);
    } else if (qpdf.oh_is_array(data, contents)) {
        int count = qpdf.oh_get_array_n_items(data, contents);
        for (int i = 0; i < count; i++) qpdf.oh_append_item(data, streams, qpdf.oh_get_array_item(data, contents, i));
    }
    qpdf.oh_append_item(data, streams, new_stream(data, after, (size_t)length, 0, 0));
    qpdf.oh_replace_key(data, page, "/Contents", streams);
    *message = take_error(data, NULL);
    return *message == NULL;
}

int tp_qpdf_append_page(void *handle, void *overlay_handle, int overlay_index, char **message) {
    pdf *document = handle, *overlay = overlay_handle;
    *message = NULL;
    qpdf_oh page = overlay_index >= 0 ? qpdf.get_page_n(overlay->data, (size_t)overlay_index) : 0;
    if (page == 0 || !qpdf.oh_is_dictionary(overlay->data, page)) {
        free(take_error(overlay->data, NULL));
        *message = strdup("the ink has no such page");
        return 0;
    }
    qpdf.add_page(document->data, overlay->data, page, QPDF_FALSE);
    *message = take_error(document->data, NULL);
    if (*message == NULL) *message = take_error(overlay->data, NULL);
    return *message == NULL;
}

const unsigned char *tp_qpdf_write(void *handle, size_t *size, char **message) {
    pdf *document = handle;
    qpdf_data data = document->data;
    *size = 0;
    qpdf.init_write_memory(data);
    /* Preserve: no stream is decoded or compressed, so the pages without ink keep their
     * content streams' very bytes (and the write is a copy, not a recompression). */
    qpdf.set_stream_data_mode(data, qpdf_s_preserve);
    qpdf.write(data);
    if ((*message = take_error(data, NULL)) != NULL) return NULL;
    *size = qpdf.get_buffer_length(data);
    const unsigned char *bytes = qpdf.get_buffer(data);
    if ((*message = take_error(data, NULL)) != NULL) return NULL;
    if (bytes == NULL) *message = strdup("QPDF wrote nothing");
    return bytes;
}
