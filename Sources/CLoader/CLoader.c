#include "CLoader.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* dlerror's message, or `fallback` when it has none, as a copy. */
static char *reason(const char *fallback) {
    const char *message = dlerror();
    return strdup(message != NULL ? message : fallback);
}

void *tp_loader_open(const char *soname, int flags, char **failure) {
    void *library = dlopen(soname, flags);
    if (library == NULL) *failure = reason(soname);
    return library;
}

int tp_loader_find(void *library, const char *name, void *slot, char **failure) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL) {
        *failure = reason(name);
        return 0;
    }
    memcpy(slot, &symbol, sizeof symbol);
    return 1;
}
