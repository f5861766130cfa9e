#ifndef CHEIFLAZY_H
#define CHEIFLAZY_H
/* libheif's API, loaded on first use instead of at start-up.
 *
 * Linking libheif brings its codecs (libde265, x265, aom, dav1d) into every process, and their
 * initialisers run before main: several milliseconds that a check, which never decodes, would
 * pay on every file. This target defines the libheif functions depthcheck calls as small
 * functions that load libheif.so.1 with dlopen the first time one is called and forward to it.
 * Swift code imports this module instead of CHeif and calls libheif as usual. */
#include <libheif/heif.h>

/* 1 when libheif could be loaded, else 0 (every forwarded call then fails: NULL, 0, or a
 * heif_error with code heif_error_Unsupported_feature). */
int dc_heif_available(void);

#endif
