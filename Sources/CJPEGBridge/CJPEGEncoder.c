/* The compressor side of the bridge. libjpeg reports fatal errors through error_exit, which by
   default calls exit(); here it jumps back to the caller, which returns -1 with the message. */
#include "CJPEGEncoder.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct cje_err {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
};

static void cje_error_exit(j_common_ptr c) {
    struct cje_err *e = (struct cje_err *)c->err;
    longjmp(e->jump, 1);
}

static void cje_emit_message(j_common_ptr c, int level) {
    (void)c;
    (void)level;
}

/* One encoder for both: `components` 1 (gray, no JFIF: an aux image carries Apple's XMP and
   an MPF stub, as iPhone aux images) or 3 (RGB, converted to YCbCr 4:2:0 with a JFIF APP0, as
   a camera's primary). */
static int cje_encode(const uint8_t *samples, uint32_t width, uint32_t height, int components, int quality,
                      uint8_t **out, size_t *out_len, char *errbuf, size_t errlen) {
    /* Heap-allocated: cinfo.err keeps a pointer to the error manager, and both must stay put
       across setjmp. */
    struct jpeg_compress_struct *cinfo = calloc(1, sizeof *cinfo);
    struct cje_err *err = calloc(1, sizeof *err);
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    if (cinfo == NULL || err == NULL) {
        free(cinfo);
        free(err);
        if (errlen > 0) snprintf(errbuf, errlen, "out of memory");
        return -1;
    }
    *out = NULL;
    *out_len = 0;
    cinfo->err = jpeg_std_error(&err->pub);
    err->pub.error_exit = cje_error_exit;
    err->pub.emit_message = cje_emit_message;
    if (setjmp(err->jump)) {
        if (errlen > 0) (*cinfo->err->format_message)((j_common_ptr)cinfo, errbuf);
        jpeg_destroy_compress(cinfo);
        free(buffer);
        free(cinfo);
        free(err);
        return -1;
    }
    jpeg_CreateCompress(cinfo, JPEG_LIB_VERSION, sizeof *cinfo);
    jpeg_mem_dest(cinfo, &buffer, &size);
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = components;
    cinfo->in_color_space = components == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(cinfo);
    cinfo->write_JFIF_header = components == 3 ? TRUE : FALSE;
    jpeg_set_quality(cinfo, quality, TRUE);
    jpeg_start_compress(cinfo, TRUE);
    size_t stride = (size_t)width * (size_t)components;
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(samples + (size_t)cinfo->next_scanline * stride);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    jpeg_destroy_compress(cinfo);
    free(cinfo);
    free(err);
    *out = buffer;
    *out_len = size;
    return 0;
}

int cje_encode_gray(const uint8_t *samples, uint32_t width, uint32_t height, int quality,
                    uint8_t **out, size_t *out_len, char *errbuf, size_t errlen) {
    return cje_encode(samples, width, height, 1, quality, out, out_len, errbuf, errlen);
}

int cje_encode_rgb(const uint8_t *samples, uint32_t width, uint32_t height, int quality,
                   uint8_t **out, size_t *out_len, char *errbuf, size_t errlen) {
    return cje_encode(samples, width, height, 3, quality, out, out_len, errbuf, errlen);
}

void cje_free(uint8_t *p) { free(p); }
