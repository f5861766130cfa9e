/* libjpeg reports fatal errors through error_exit, which by default calls exit().
   Swift cannot use setjmp, so every libjpeg call that may fail is made from here,
   behind a setjmp, and an error becomes a return code plus a message. */
#include "CJPEGLazy.h"
#include "CJPEGBridge.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct cjb_err {
    struct jpeg_error_mgr pub;
    jmp_buf jb;
};

struct cjb_decoder {
    struct jpeg_decompress_struct cinfo;
    struct cjb_err err;
    const uint8_t *data;
    size_t len;
    int started;
    int unavailable;   /* libjpeg could not be loaded: the message says why; nothing was created */
    char message[JMSG_LENGTH_MAX];
    char warning[JMSG_LENGTH_MAX];
};

static void cjb_error_exit(j_common_ptr c) {
    struct cjb_err *e = (struct cjb_err *)c->err;
    longjmp(e->jb, 1);
}

/* Warnings (corrupt data that libjpeg can recover from) are counted, never printed. */
static void cjb_emit_message(j_common_ptr c, int level) {
    if (level < 0) {
        /* The first warning is kept: later ones usually follow from it. */
        if (c->err->num_warnings == 0) {
            cjb_decoder *d = (cjb_decoder *)c;
            c->err->format_message(c, d->warning);
        }
        c->err->num_warnings++;
    }
}

static void cjb_capture(cjb_decoder *d) {
    d->cinfo.err->format_message((j_common_ptr)&d->cinfo, d->message);
}

cjb_decoder *cjb_open(const uint8_t *data, size_t len) {
    /* volatile: read after the longjmp below (C11 §7.13.2.1). */
    cjb_decoder *volatile d = calloc(1, sizeof(*d));
    if (!d) return NULL;
    d->data = data;
    d->len = len;
    /* libjpeg is loaded on first use (CJPEGLazy.c); without it the decoder only says why. */
    if (!dc_lazy_available(&dc_jpeg_library)) {
        snprintf(d->message, sizeof d->message, "%s", dc_lazy_failure(&dc_jpeg_library));
        d->unavailable = 1;
        return d;
    }
    d->cinfo.err = jpeg_std_error(&d->err.pub);
    d->err.pub.error_exit = cjb_error_exit;
    d->err.pub.emit_message = cjb_emit_message;
    if (setjmp(d->err.jb)) {
        /* jpeg_CreateDecompress failed (a library of another version or struct size, or no
           memory for its memory manager): the decoder has no memory manager, and any later
           call would use it, so there is no decoder. jpeg_destroy is safe here: it checks
           cinfo.mem, which calloc left NULL. */
        jpeg_destroy_decompress(&d->cinfo);
        free(d);
        return NULL;
    }
    jpeg_CreateDecompress(&d->cinfo, JPEG_LIB_VERSION, sizeof(d->cinfo));
    return d;
}

/* Reads the header and holds the declared size to the pixel limit; called behind the
   caller's setjmp. 0, or -1 with the message set. */
static int cjb_header_within(cjb_decoder *d, uint64_t max_pixels) {
    if (d->len > (size_t)0xFFFFFFFFu) {
        snprintf(d->message, sizeof d->message, "JPEG stream larger than 4 GiB");
        return -1;
    }
    jpeg_mem_src(&d->cinfo, d->data, (unsigned long)d->len);
    jpeg_read_header(&d->cinfo, TRUE);
    uint64_t pixels = (uint64_t)d->cinfo.image_width * (uint64_t)d->cinfo.image_height;
    if (pixels > max_pixels) {
        snprintf(d->message, sizeof d->message, "image of %ux%u exceeds the pixel limit",
                 d->cinfo.image_width, d->cinfo.image_height);
        return -1;
    }
    return 0;
}

int cjb_start_gray(cjb_decoder *d, uint64_t max_pixels, cjb_header *out) {
    if (d->unavailable) return -1;
    if (setjmp(d->err.jb)) {
        cjb_capture(d);
        return -1;
    }
    if (cjb_header_within(d, max_pixels) != 0) return -1;
    out->components = d->cinfo.num_components;
    out->precision = d->cinfo.data_precision;
    d->cinfo.out_color_space = JCS_GRAYSCALE;
    jpeg_start_decompress(&d->cinfo);
    d->started = 1;
    out->width = d->cinfo.output_width;
    out->height = d->cinfo.output_height;
    out->output_components = d->cinfo.output_components;
    return 0;
}

/* Like cjb_start_gray, but to 8-bit RGB at a reduced size for a thumbnail: libjpeg-turbo's
   DCT scaling (scale_num/scale_denom, ITU-T T.81 leaves the IDCT size to the decoder) picks the
   smallest of 1/1, 1/2, 1/4 and 1/8 whose longer side is still at least longest_side, so the
   caller's final reduction starts from few pixels. The pixel limit applies to the full size. */
int cjb_start_rgb_scaled(cjb_decoder *d, uint64_t max_pixels, uint32_t longest_side, cjb_header *out) {
    if (d->unavailable) return -1;
    if (setjmp(d->err.jb)) {
        cjb_capture(d);
        return -1;
    }
    if (cjb_header_within(d, max_pixels) != 0) return -1;
    uint32_t longer = d->cinfo.image_width > d->cinfo.image_height ? d->cinfo.image_width : d->cinfo.image_height;
    unsigned denom = 1;
    while (denom < 8 && longer / (denom * 2) >= longest_side) denom *= 2;
    d->cinfo.scale_num = 1;
    d->cinfo.scale_denom = denom;
    out->components = d->cinfo.num_components;
    out->precision = d->cinfo.data_precision;
    d->cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&d->cinfo);
    d->started = 1;
    out->width = d->cinfo.output_width;
    out->height = d->cinfo.output_height;
    out->output_components = d->cinfo.output_components;
    return 0;
}

int cjb_read_rows(cjb_decoder *d, uint8_t *out, size_t stride, uint32_t max_rows) {
    if (setjmp(d->err.jb)) {
        cjb_capture(d);
        return -1;
    }
    if (!d->started) return -1;
    uint32_t done = 0;
    while (done < max_rows && d->cinfo.output_scanline < d->cinfo.output_height) {
        JSAMPROW row = out + (size_t)done * stride;
        JDIMENSION n = jpeg_read_scanlines(&d->cinfo, &row, 1);
        if (n == 0) break;
        done += n;
    }
    return (int)done;
}

const char *cjb_message(const cjb_decoder *d) { return d->message; }

long cjb_warnings(const cjb_decoder *d) { return d->cinfo.err ? d->cinfo.err->num_warnings : 0; }

const char *cjb_warning(const cjb_decoder *d) { return d->warning; }

void cjb_close(cjb_decoder *d) {
    if (!d) return;
    if (!d->unavailable) jpeg_destroy_decompress(&d->cinfo);
    free(d);
}
