/* jpeglib.h uses size_t and FILE without including their headers. */
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
