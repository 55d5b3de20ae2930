#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
/* GNU gettext (libc): ScribbleKit translates its messages; not Cairo, but the module both
 * ScribbleKit and GtkKit see. */
#include <libintl.h>
