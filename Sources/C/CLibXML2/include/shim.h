#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU; its headers would pull the system ICU, whose
   types clash with the toolchain's bundled ICU in any module that also sees Foundation.
   depthcheck never touches libxml2's encoding handlers, so the ICU parts are not needed. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/SAX2.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
/* xmlFree is a mutable C global; Swift 6 refuses to touch it directly. */
static inline void cxml_free(void *p) { xmlFree(p); }
