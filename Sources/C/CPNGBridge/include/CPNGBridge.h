#ifndef CPNGBRIDGE_H
#define CPNGBRIDGE_H
#include <stddef.h>
#include <stdint.h>

/* libpng (ISO/IEC 15948) behind setjmp: errors come back as return codes and a message,
   never as longjmp into Swift or exit(). */

/* ---- Decoding ---- */
typedef struct cpb_decoder cpb_decoder;

typedef struct {
    uint32_t width;
    uint32_t height;
    int32_t bit_depth;    /* as stored: 1, 2, 4, 8 or 16 */
    int32_t colour_type;  /* 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA */
    int32_t interlaced;   /* 1 for Adam7 */
    int32_t out_bit_depth; /* 8 or 16: what cpb_read_rows writes per sample */
} cpb_header;

/* A decoder over `len` bytes (not copied; they must outlive the decoder). NULL when memory is
   exhausted. */
cpb_decoder *cpb_open(const uint8_t *data, size_t len);
/* Reads the header and sets up decoding to one gray sample per pixel: gray below 8 bits is
   expanded to 8, a palette to its colours, 16-bit samples come in host byte order, and of a
   colour image the first (red) channel is kept. Refuses images over max_pixels before anything
   is allocated. 0 on success, -1 on error (message in cpb_message). */
int cpb_start_gray(cpb_decoder *d, uint64_t max_pixels, cpb_header *out);
/* As cpb_start_gray, but to three 8-bit samples per pixel, R G B: gray (and a palette) is
   expanded to RGB, 16-bit samples are scaled to 8 bits, alpha is dropped. Rows are width x 3
   bytes. One of cpb_start_gray and cpb_start_rgb is called, once. 0 or -1. */
int cpb_start_rgb(cpb_decoder *d, uint64_t max_pixels, cpb_header *out);
/* Decodes up to max_rows rows of a non-interlaced image into out (stride in bytes). Returns the
   rows written (0 at the end) or -1 on error. */
int cpb_read_rows(cpb_decoder *d, uint8_t *out, size_t stride, uint32_t max_rows);
/* Decodes the whole of an interlaced image into out (height rows of stride bytes). 0 or -1. */
int cpb_read_image(cpb_decoder *d, uint8_t *out, size_t stride);
/* Reads the end of the stream (IEND, checks CRCs of what follows the image data). 0 or -1. */
int cpb_finish(cpb_decoder *d);
const char *cpb_message(const cpb_decoder *d);
void cpb_close(cpb_decoder *d);

/* ---- Encoding 8/16-bit gray ---- */
typedef struct cpb_encoder cpb_encoder;
/* Receives the encoded bytes; returns 0 to go on, non-zero to stop with an error. */
typedef int (*cpb_write_fn)(void *context, const uint8_t *bytes, size_t count);

/* Starts a gray PNG of width x height at bit_depth 8 or 16 and writes its header with one tEXt
   chunk per key/value pair (Latin-1 keywords of 1-79 bytes, ISO/IEC 15948 §11.3.4.3). NULL when
   memory is exhausted; check cpb_encoder_message otherwise (an empty message means success). */
cpb_encoder *cpb_encoder_open(uint32_t width, uint32_t height, int bit_depth,
                              const char *const *keys, const char *const *values, int text_count,
                              cpb_write_fn write, void *context);
/* Starts an 8-bit RGB PNG (colour type 2, ISO/IEC 15948 §11.2.2) without text: rows are
   width x 3 bytes, R G B. Errors as with cpb_encoder_open. */
cpb_encoder *cpb_encoder_open_rgb(uint32_t width, uint32_t height, cpb_write_fn write, void *context);
/* Starts an RGB PNG (colour type 2) at bit_depth 8 or 16 with tEXt chunks, as cpb_encoder_open:
   rows are width x 3 samples, R G B (16-bit samples in host byte order). */
cpb_encoder *cpb_encoder_open_rgb_text(uint32_t width, uint32_t height, int bit_depth,
                                       const char *const *keys, const char *const *values, int text_count,
                                       cpb_write_fn write, void *context);
/* Encodes rows (16-bit samples in host byte order). 0 or -1. */
int cpb_encoder_write_rows(cpb_encoder *e, const uint8_t *rows, size_t stride, uint32_t count);
/* Writes IEND. 0 or -1. */
int cpb_encoder_finish(cpb_encoder *e);
const char *cpb_encoder_message(const cpb_encoder *e);
void cpb_encoder_close(cpb_encoder *e);

#endif
