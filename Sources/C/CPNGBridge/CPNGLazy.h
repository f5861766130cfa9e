#ifndef CPNGLAZY_H
#define CPNGLAZY_H
#include "CLazyLibrary.h"
/* libpng, loaded on the first decode or encode (CPNGLazy.c). */
extern dc_lazy_library dc_png_library;
#endif
