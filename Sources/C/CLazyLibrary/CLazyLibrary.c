#include "CLazyLibrary.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* One lock for every library's first load: loads are rare and short, and a lock per library
   would need one initialiser each. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void load(dc_lazy_library *lib) {
    if (__atomic_load_n(&lib->state, __ATOMIC_ACQUIRE)) return;
    pthread_mutex_lock(&lock);
    if (!lib->state) {
        const char *name = getenv(lib->variable);
        if (name == NULL || name[0] == '\0') name = lib->file;
        /* RTLD_LOCAL keeps its symbols out of the global scope. */
        lib->handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
        if (lib->handle == NULL) {
            /* dlerror's text is only valid until the next dl call on this thread. */
            const char *why = dlerror();
            snprintf(lib->failure, sizeof lib->failure, "%s could not be loaded: %s", lib->label, why ? why : name);
        }
        __atomic_store_n(&lib->state, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lock);
}

int dc_lazy_available(dc_lazy_library *lib) {
    load(lib);
    return lib->handle != NULL;
}

const char *dc_lazy_failure(dc_lazy_library *lib) {
    load(lib);
    return lib->handle ? NULL : lib->failure;
}

void *dc_lazy_symbol(dc_lazy_library *lib, const char *symbol) {
    load(lib);
    return lib->handle ? dlsym(lib->handle, symbol) : NULL;
}
