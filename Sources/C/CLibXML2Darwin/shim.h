/* libxml2 on Apple's systems: the SDK's (or Homebrew's) shared library, found through
   pkg-config's libxml-2.0, whose -I names the folder that holds libxml/. The same calls as
   CLibXML2's on Linux, which links the static archive instead. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/SAX2.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
/* xmlFree is a mutable C global; Swift 6 refuses to touch it directly. */
static inline void cxml_free(void *p) { xmlFree(p); }
