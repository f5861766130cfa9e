/* libxml2 is linked in from its static archive (libxml2-dev's libxml2.a) rather than loaded as
   libxml2.so.2, whose dependencies, ICU (libicuuc, libicudata) and liblzma, would otherwise be
   loaded, relocated and initialised at every start of depthcheck, although a check reaches
   neither. The archive still names the few functions of theirs it can call; these stand-ins
   answer them with the libraries' own failure codes:

   - ICU converters. libxml2 asks ICU for a character encoding only when neither its built-in
     converters (UTF-8, UTF-16, ISO-8859-1, ASCII) nor the C library's iconv know it
     (encoding.c, xmlFindCharEncodingHandler). XMP is serialized in a Unicode encoding (the
     Adobe XMP Specification, Part 1, names UTF-8, UTF-16 and UTF-32), so such a packet is
     already wrong; libxml2 reports it as an unsupported encoding and depthcheck reports that.
   - liblzma. libxml2 decompresses .xz files only when it opens a file by name itself
     (xzlib.c); depthcheck hands it packets held in memory (xmlCtxtReadMemory).

   The stand-ins are hidden: they resolve the archive's references inside the executable and
   are never offered to a shared library loaded later. */
#if __has_include(<unicode/uvernum.h>)
#include <unicode/uvernum.h>
#endif
#include <stddef.h>
#include <stdint.h>

#define STAND_IN __attribute__((visibility("hidden")))

#ifdef U_ICU_ENTRY_POINT_RENAME
/* ICU's entry points carry its version (ucnv_open_72): the renaming its headers apply. */
#define ICU(name) U_ICU_ENTRY_POINT_RENAME(name)
enum { U_FILE_ACCESS_ERROR = 4 };  /* utypes.h: "the requested file cannot be found" */

STAND_IN void *ICU(ucnv_open)(const char *name, int *status) {
    (void)name;
    if (status && *status <= 0) *status = U_FILE_ACCESS_ERROR;
    return NULL;
}
STAND_IN void ICU(ucnv_close)(void *converter) { (void)converter; }
STAND_IN void ICU(ucnv_setToUCallBack)(void *c, const void *a, const void *b, const void **d,
                                       const void **e, int *status) {
    (void)c; (void)a; (void)b; (void)d; (void)e;
    if (status && *status <= 0) *status = U_FILE_ACCESS_ERROR;
}
STAND_IN void ICU(ucnv_setFromUCallBack)(void *c, const void *a, const void *b, const void **d,
                                         const void **e, int *status) {
    (void)c; (void)a; (void)b; (void)d; (void)e;
    if (status && *status <= 0) *status = U_FILE_ACCESS_ERROR;
}
/* Never called: ucnv_open above never yields a converter to convert with. */
STAND_IN void ICU(ucnv_convertEx)(void) {}
STAND_IN void ICU(UCNV_TO_U_CALLBACK_STOP)(void) {}
STAND_IN void ICU(UCNV_FROM_U_CALLBACK_STOP)(void) {}
#endif

/* lzma.h: LZMA_PROG_ERROR (11), "programming error", is what liblzma answers a call it cannot
   serve; xzlib.c treats any answer but LZMA_OK as a failed open. */
enum { LZMA_PROG_ERROR = 11 };
STAND_IN int lzma_auto_decoder(void *stream, uint64_t memory_limit, uint32_t flags) {
    (void)stream; (void)memory_limit; (void)flags;
    return LZMA_PROG_ERROR;
}
STAND_IN int lzma_code(void *stream, int action) { (void)stream; (void)action; return LZMA_PROG_ERROR; }
STAND_IN void lzma_end(void *stream) { (void)stream; }
STAND_IN int lzma_properties_decode(void *filter, const void *allocator, const uint8_t *properties,
                                    size_t size) {
    (void)filter; (void)allocator; (void)properties; (void)size;
    return LZMA_PROG_ERROR;
}
