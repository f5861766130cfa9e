#ifndef CHEIFLAZY_H
#define CHEIFLAZY_H
/* libheif's API, loaded on first use instead of at start-up.
 *
 * Linking libheif brings its codecs (libde265, x265, aom, dav1d) into every process, and their
 * initialisers run before main: several milliseconds that a check, which never decodes, would
 * pay on every file. This target defines the libheif functions depthcheck calls as small
 * functions that load libheif with dlopen the first time one is called and forward to it.
 * Swift code imports this module instead of CHeif and calls libheif as usual. */
#include <libheif/heif.h>

/* 1 when libheif could be loaded, else 0 (every forwarded call then fails: NULL, 0, or a
 * heif_error with code heif_error_Unsupported_feature whose message is dc_heif_load_failure()).
 * The library is libheif.so.1 (libheif.1.dylib on macOS), or the file named by the environment
 * variable DEPTHCHECK_LIBHEIF when it is set and not empty (for tests). */
int dc_heif_available(void);
/* NULL when libheif is loaded; otherwise "libheif could not be loaded: " and the loader's
 * reason (dlerror), in static storage. */
const char *dc_heif_load_failure(void);
/* The file name loaded when DEPTHCHECK_LIBHEIF is not set. */
const char *dc_heif_library_name(void);

#endif
