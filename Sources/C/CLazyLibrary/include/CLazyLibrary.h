#ifndef CLAZYLIBRARY_H
#define CLAZYLIBRARY_H
/* A C library loaded on first use (dlopen), for the libraries a check never calls: a library
   linked in is loaded, relocated and initialised at every start of the process, and libjpeg and
   libpng are needed only to decode and write images; CHeifLazy loads libheif through it too. */

typedef struct {
    const char *file;      /* the file name the loader looks up: the ELF soname */
    const char *variable;  /* an environment variable naming another file to load (tests) */
    const char *label;     /* the library's name in messages */
    int state;             /* 0 not tried yet, 1 tried (under the loader's lock) */
    void *handle;          /* NULL when the load failed */
    char failure[512];     /* "<label> could not be loaded: <dlerror's text>" */
} dc_lazy_library;

#define DC_LAZY_LIBRARY(file, variable, label) { (file), (variable), (label), 0, 0, { 0 } }

/* 1 when the library is loaded (it is loaded on the first call), else 0. */
int dc_lazy_available(dc_lazy_library *lib);
/* Why the load failed; NULL when it did not. */
const char *dc_lazy_failure(dc_lazy_library *lib);
/* The address of `symbol` in the library; NULL when the library or the symbol is missing. */
void *dc_lazy_symbol(dc_lazy_library *lib, const char *symbol);

/* One function of the library's own name that calls the library's: its address is looked up
   once (a racing first call looks it up twice and stores the same value). `fallback` is what
   it returns when the library is missing; the bridges check `dc_lazy_available` before any
   call, so a fallback is never what a caller works with. */
#define DC_FORWARD(lib, ret, name, params, args, fallback)                      \
    ret name params {                                                           \
        static ret (*volatile f) params;                                        \
        if (!f) f = (ret (*) params)dc_lazy_symbol(&(lib), #name);              \
        if (!f) return fallback;                                                \
        return f args;                                                          \
    }
#define DC_FORWARD_VOID(lib, name, params, args)                                \
    void name params {                                                          \
        static void (*volatile f) params;                                       \
        if (!f) f = (void (*) params)dc_lazy_symbol(&(lib), #name);             \
        if (f) f args;                                                          \
    }
#endif
