#ifndef TOUCHPAINTER_CLOADER_H
#define TOUCHPAINTER_CLOADER_H

/* What the C targets that load a library the first time it is needed (CGStreamer, CPoppler,
 * CQpdf) share: opening it and looking its functions up, keeping why either failed for a
 * one-line error. Only their loaders include this (not their own headers). */

/* dlopen(`soname`, `flags`): the library, or NULL with `*failure` set to why (dlerror's
 * message, else `soname`), allocated for the caller to keep. */
void *tp_loader_open(const char *soname, int flags, char **failure);

/* Looks `name` up in `library` into `*slot`, a function pointer (its bytes copied, as POSIX
 * allows); false, with `*failure` set as above, when it is not there. */
int tp_loader_find(void *library, const char *name, void *slot, char **failure);

#endif
