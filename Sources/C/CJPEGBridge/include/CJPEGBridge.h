#ifndef CJPEGBRIDGE_H
#define CJPEGBRIDGE_H
#include <stddef.h>
#include <stdint.h>
/* The compressor (CJPEGEncoder.c): this header is the module's umbrella, so it names it. */
#include "CJPEGEncoder.h"

/* A libjpeg-turbo decompressor whose errors come back as return codes instead of exit(). */
typedef struct cjb_decoder cjb_decoder;

typedef struct {
    uint32_t width;
    uint32_t height;
    int32_t components;      /* components in the file */
    int32_t output_components; /* after colour conversion to gray (1) or as stored */
    int32_t precision;
} cjb_header;

/* Creates a decoder over `len` bytes (not copied; must outlive the decoder).
   Returns NULL when memory is exhausted or libjpeg could not create its decompressor. */
cjb_decoder *cjb_open(const uint8_t *data, size_t len);
/* Reads the header and starts decompression to one 8-bit gray component.
   Returns 0 on success, -1 on error (message in cjb_message). Refuses images with more than
   max_pixels pixels before allocating anything. */
int cjb_start_gray(cjb_decoder *d, uint64_t max_pixels, cjb_header *out);
/* Starts decompression to 8-bit RGB (3 components), reduced by libjpeg's DCT scaling to the
   smallest of 1/1, 1/2, 1/4, 1/8 whose longer side is at least longest_side: for thumbnails.
   The pixel limit applies to the full size. 0 on success, -1 on error. */
int cjb_start_rgb_scaled(cjb_decoder *d, uint64_t max_pixels, uint32_t longest_side, cjb_header *out);
/* Decodes up to max_rows scanlines into out (stride = width). Returns the rows written
   (0 at the end), or -1 on error. */
int cjb_read_rows(cjb_decoder *d, uint8_t *out, size_t stride, uint32_t max_rows);
/* The last error message; valid until the next call. */
const char *cjb_message(const cjb_decoder *d);
/* Corrupt-data warnings met so far (a truncated stream, bad Huffman codes, extraneous bytes):
   libjpeg recovers from them by inventing data, so a caller that wants the stored samples
   treats any as a failure. */
long cjb_warnings(const cjb_decoder *d);
/* The first warning's message; empty when there was none. */
const char *cjb_warning(const cjb_decoder *d);
void cjb_close(cjb_decoder *d);

#endif
