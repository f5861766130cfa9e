#ifndef CJPEGLAZY_H
#define CJPEGLAZY_H
#include "CLazyLibrary.h"
/* libjpeg, loaded on the first decode or encode (CJPEGLazy.c). */
extern dc_lazy_library dc_jpeg_library;
#endif
