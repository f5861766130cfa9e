/* libpng reports fatal errors through a longjmp to the jmp_buf set by png_jmpbuf (ISO/IEC
   15948 decoders are commonly built this way). Swift cannot call setjmp, so every libpng call
   that may fail is made from here, behind a setjmp, and an error becomes -1 plus a message. */
#include "CPNGLazy.h"
#include "CPNGBridge.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

#define CPB_MESSAGE 200

struct cpb_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t len;
    size_t pos;
    int started;
    int colour;       /* channels per pixel after the transforms */
    int out_bytes;    /* bytes per output sample */
    uint32_t width;
    uint32_t height;
    uint32_t next_row; /* rows handed out so far (non-interlaced) */
    uint8_t *row;     /* one colour row, when only the first channel is kept */
    uint8_t *whole;   /* an interlaced colour image, while cpb_read_image assembles it */
    int rgb;          /* 1: every row is 8-bit R G B, handed out whole (cpb_start_rgb) */
    int unavailable;  /* libpng could not be loaded: the message says why; nothing was created */
    char message[CPB_MESSAGE];
};

static void cpb_error(png_structp png, png_const_charp msg) {
    char *buf = (char *)png_get_error_ptr(png);
    if (buf) snprintf(buf, CPB_MESSAGE, "%s", msg);
    png_longjmp(png, 1);
}

/* Warnings (a bad ancillary chunk that libpng skips) are not errors and are not printed. */
static void cpb_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

static void cpb_read(png_structp png, png_bytep out, size_t count) {
    cpb_decoder *d = (cpb_decoder *)png_get_io_ptr(png);
    if (count > d->len - d->pos) png_error(png, "PNG data ends early");
    memcpy(out, d->data + d->pos, count);
    d->pos += count;
}

cpb_decoder *cpb_open(const uint8_t *data, size_t len) {
    cpb_decoder *d = calloc(1, sizeof(*d));
    if (!d) return NULL;
    d->data = data;
    d->len = len;
    /* libpng is loaded on first use (CPNGLazy.c); without it the decoder only says why. */
    if (!dc_lazy_available(&dc_png_library)) {
        snprintf(d->message, CPB_MESSAGE, "%s", dc_lazy_failure(&dc_png_library));
        d->unavailable = 1;
        return d;
    }
    d->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, d->message, cpb_error, cpb_warning);
    if (!d->png) { free(d); return NULL; }
    d->info = png_create_info_struct(d->png);
    if (!d->info) { png_destroy_read_struct(&d->png, NULL, NULL); free(d); return NULL; }
    png_set_read_fn(d->png, d, cpb_read);
    return d;
}

static int cpb_start(cpb_decoder *d, uint64_t max_pixels, cpb_header *out, int rgb);

int cpb_start_gray(cpb_decoder *d, uint64_t max_pixels, cpb_header *out) {
    return cpb_start(d, max_pixels, out, 0);
}

int cpb_start_rgb(cpb_decoder *d, uint64_t max_pixels, cpb_header *out) {
    return cpb_start(d, max_pixels, out, 1);
}

static int cpb_start(cpb_decoder *d, uint64_t max_pixels, cpb_header *out, int rgb) {
    if (d->unavailable) return -1;
    if (d->started) {
        snprintf(d->message, CPB_MESSAGE, "decoding has started");
        return -1;
    }
    if (setjmp(png_jmpbuf(d->png))) return -1;
    if (d->len < 8 || png_sig_cmp(d->data, 0, 8) != 0) {
        snprintf(d->message, CPB_MESSAGE, "not a PNG signature");
        return -1;
    }
    /* libpng's own limits stay in place; ours is the caller's pixel limit, checked first. */
    png_read_info(d->png, d->info);
    png_uint_32 w = png_get_image_width(d->png, d->info);
    png_uint_32 h = png_get_image_height(d->png, d->info);
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        snprintf(d->message, CPB_MESSAGE, "image of %ux%u exceeds the pixel limit", (unsigned)w, (unsigned)h);
        return -1;
    }
    int depth = png_get_bit_depth(d->png, d->info);
    int colour = png_get_color_type(d->png, d->info);
    out->width = w;
    out->height = h;
    out->bit_depth = depth;
    out->colour_type = colour;
    out->interlaced = png_get_interlace_type(d->png, d->info) == PNG_INTERLACE_ADAM7;
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(d->png);
    if (colour == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(d->png);
    if (colour & PNG_COLOR_MASK_ALPHA) png_set_strip_alpha(d->png);
    if (rgb) {
        /* 8-bit R G B whatever is stored: gray is repeated, 16-bit samples are scaled
           (v * 255 / 65535, rounded), transparency is dropped. */
        if (!(colour & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(d->png);
        if (depth == 16) png_set_scale_16(d->png);
    } else if (depth == 16) {
        const uint16_t probe = 1;
        if (*(const uint8_t *)&probe == 1) png_set_swap(d->png);
    }
    if (out->interlaced) png_set_interlace_handling(d->png);
    png_read_update_info(d->png, d->info);
    d->colour = png_get_channels(d->png, d->info);
    d->out_bytes = png_get_bit_depth(d->png, d->info) == 16 ? 2 : 1;
    d->width = w;
    d->height = h;
    out->out_bit_depth = d->out_bytes * 8;
    d->rgb = rgb;
    if (rgb && (d->colour != 3 || d->out_bytes != 1)) {
        snprintf(d->message, CPB_MESSAGE, "libpng gave %d channels of %d bits, not 8-bit RGB", d->colour, d->out_bytes * 8);
        return -1;
    }
    if (d->colour > 1 && !rgb) {
        size_t rowbytes = png_get_rowbytes(d->png, d->info);
        d->row = malloc(rowbytes ? rowbytes : 1);
        if (!d->row) { snprintf(d->message, CPB_MESSAGE, "out of memory"); return -1; }
    }
    d->started = 1;
    return 0;
}

/* Keeps the first channel of the colour row `src`. */
static void cpb_first_channel(const cpb_decoder *d, const uint8_t *src, uint8_t *dst) {
    size_t step = (size_t)d->colour * (size_t)d->out_bytes;
    for (uint32_t x = 0; x < d->width; x++) {
        memcpy(dst + (size_t)x * d->out_bytes, src + (size_t)x * step, (size_t)d->out_bytes);
    }
}

/* The rows of cpb_read_rows, behind its setjmp: a separate function, so that nothing of it
   lives in the caller's frame across the longjmp (C11 §7.13.2.1). */
static int cpb_rows(cpb_decoder *d, uint8_t *out, size_t stride, uint32_t max_rows) {
    uint32_t done = 0;
    while (done < max_rows && d->next_row < d->height) {
        uint8_t *dst = out + (size_t)done * stride;
        if (d->colour > 1 && !d->rgb) {
            png_read_row(d->png, d->row, NULL);
            cpb_first_channel(d, d->row, dst);
        } else {
            png_read_row(d->png, dst, NULL);
        }
        done++;
        d->next_row++;
    }
    return (int)done;
}

/* max_rows is not used after the longjmp; volatile all the same, as GCC cannot tell
   (-Wclobbered) once cpb_rows is inlined. A parameter's qualifier is not part of the
   function's type (C11 §6.7.6.3), so the declaration in the header stays as it is. */
int cpb_read_rows(cpb_decoder *d, uint8_t *out, size_t stride, volatile uint32_t max_rows) {
    if (!d->started) return -1;
    if (setjmp(png_jmpbuf(d->png))) return -1;
    return cpb_rows(d, out, stride, max_rows);
}

int cpb_read_image(cpb_decoder *d, uint8_t *out, size_t stride) {
    if (!d->started) return -1;
    /* The whole image is held in the decoder, not in a local: a png_read_row that fails
       longjmps here, and a local assigned after setjmp is indeterminate after the longjmp
       (C11 §7.13.2.1). cpb_close frees it if this function could not. */
    if (setjmp(png_jmpbuf(d->png))) {
        free(d->whole);
        d->whole = NULL;
        return -1;
    }
    int passes = png_set_interlace_handling(d->png);
    if (d->colour > 1 && !d->rgb) {
        /* Each pass fills in pixels of a whole colour image: keep it whole, then pick. */
        size_t rowbytes = png_get_rowbytes(d->png, d->info);
        free(d->whole);
        d->whole = calloc(d->height ? d->height : 1, rowbytes ? rowbytes : 1);
        if (!d->whole) { snprintf(d->message, CPB_MESSAGE, "out of memory"); return -1; }
        for (int p = 0; p < passes; p++)
            for (uint32_t y = 0; y < d->height; y++) png_read_row(d->png, d->whole + (size_t)y * rowbytes, NULL);
        for (uint32_t y = 0; y < d->height; y++)
            cpb_first_channel(d, d->whole + (size_t)y * rowbytes, out + (size_t)y * stride);
        free(d->whole);
        d->whole = NULL;
        return 0;
    }
    for (int p = 0; p < passes; p++)
        for (uint32_t y = 0; y < d->height; y++) png_read_row(d->png, out + (size_t)y * stride, NULL);
    return 0;
}

int cpb_finish(cpb_decoder *d) {
    if (d->unavailable) return -1;
    if (setjmp(png_jmpbuf(d->png))) return -1;
    png_read_end(d->png, NULL);
    return 0;
}

const char *cpb_message(const cpb_decoder *d) { return d->message; }

void cpb_close(cpb_decoder *d) {
    if (!d) return;
    if (d->png) png_destroy_read_struct(&d->png, &d->info, NULL);
    free(d->row);
    free(d->whole);
    free(d);
}

/* ---- Encoding ---- */

struct cpb_encoder {
    png_structp png;
    png_infop info;
    cpb_write_fn write;
    void *context;
    png_text *text;   /* the tEXt entries while png_set_text copies them (it may longjmp) */
    char message[CPB_MESSAGE];
};

static void cpb_write(png_structp png, png_bytep bytes, size_t count) {
    cpb_encoder *e = (cpb_encoder *)png_get_io_ptr(png);
    if (e->write(e->context, bytes, count) != 0) png_error(png, "the output could not be written");
}

static void cpb_flush(png_structp png) { (void)png; }

static cpb_encoder *cpb_encoder_open_type(uint32_t width, uint32_t height, int bit_depth, int color_type,
                                          const char *const *keys, const char *const *values, int text_count,
                                          cpb_write_fn write, void *context);

cpb_encoder *cpb_encoder_open(uint32_t width, uint32_t height, int bit_depth,
                              const char *const *keys, const char *const *values, int text_count,
                              cpb_write_fn write, void *context) {
    return cpb_encoder_open_type(width, height, bit_depth, PNG_COLOR_TYPE_GRAY, keys, values, text_count, write, context);
}

cpb_encoder *cpb_encoder_open_rgb(uint32_t width, uint32_t height, cpb_write_fn write, void *context) {
    return cpb_encoder_open_type(width, height, 8, PNG_COLOR_TYPE_RGB, NULL, NULL, 0, write, context);
}

cpb_encoder *cpb_encoder_open_rgb_text(uint32_t width, uint32_t height, int bit_depth,
                                       const char *const *keys, const char *const *values, int text_count,
                                       cpb_write_fn write, void *context) {
    return cpb_encoder_open_type(width, height, bit_depth, PNG_COLOR_TYPE_RGB, keys, values, text_count, write, context);
}

static cpb_encoder *cpb_encoder_open_type(uint32_t width, uint32_t height, int bit_depth, int color_type,
                                          const char *const *keys, const char *const *values, int text_count,
                                          cpb_write_fn write, void *context) {
    /* volatile: read after the longjmp below (C11 §7.13.2.1). */
    cpb_encoder *volatile e = calloc(1, sizeof(*e));
    if (!e) return NULL;
    e->write = write;
    e->context = context;
    /* libpng is loaded on first use (CPNGLazy.c); without it the encoder only says why. */
    if (!dc_lazy_available(&dc_png_library)) {
        snprintf(e->message, CPB_MESSAGE, "%s", dc_lazy_failure(&dc_png_library));
        return e;
    }
    e->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, e->message, cpb_error, cpb_warning);
    if (!e->png) { free(e); return NULL; }
    e->info = png_create_info_struct(e->png);
    if (!e->info) { png_destroy_write_struct(&e->png, NULL); free(e); return NULL; }
    /* On an error the encoder comes back with its message set; what was allocated after this
       setjmp is held by `e` (not by a local, indeterminate after the longjmp, C11 §7.13.2.1). */
    if (setjmp(png_jmpbuf(e->png))) {
        free(e->text);
        e->text = NULL;
        return e;
    }
    if (bit_depth != 8 && bit_depth != 16) png_error(e->png, "bit depth must be 8 or 16");
    png_set_write_fn(e->png, e, cpb_write, cpb_flush);
    png_set_IHDR(e->png, e->info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (text_count > 0) {
        e->text = calloc((size_t)text_count, sizeof(png_text));
        if (!e->text) png_error(e->png, "out of memory");
        for (int i = 0; i < text_count; i++) {
            e->text[i].compression = PNG_TEXT_COMPRESSION_NONE;
            e->text[i].key = (png_charp)keys[i];
            e->text[i].text = (png_charp)values[i];
        }
        png_set_text(e->png, e->info, e->text, text_count);
        free(e->text);
        e->text = NULL;
    }
    png_write_info(e->png, e->info);
    if (bit_depth == 16) {
        const uint16_t probe = 1;
        if (*(const uint8_t *)&probe == 1) png_set_swap(e->png);
    }
    return e;
}

int cpb_encoder_write_rows(cpb_encoder *e, const uint8_t *rows, size_t stride, uint32_t count) {
    if (e->message[0]) return -1;
    if (setjmp(png_jmpbuf(e->png))) return -1;
    for (uint32_t y = 0; y < count; y++) png_write_row(e->png, (png_const_bytep)(rows + (size_t)y * stride));
    return 0;
}

int cpb_encoder_finish(cpb_encoder *e) {
    if (e->message[0]) return -1;
    if (setjmp(png_jmpbuf(e->png))) return -1;
    png_write_end(e->png, NULL);
    return 0;
}

const char *cpb_encoder_message(const cpb_encoder *e) { return e->message; }

void cpb_encoder_close(cpb_encoder *e) {
    if (!e) return;
    if (e->png) png_destroy_write_struct(&e->png, &e->info);
    free(e->text);
    free(e);
}
