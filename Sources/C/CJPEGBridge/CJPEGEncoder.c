/* The compressor side of the bridge. libjpeg reports fatal errors through error_exit, which by
   default calls exit(); here it jumps back to the caller, which returns -1 with the message. */
#include "CJPEGLazy.h"
#include "CJPEGEncoder.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* Everything the error path reads lives here, on the heap: C11 §7.13.2.1 leaves a local
   variable that changed after setjmp indeterminate after the longjmp unless it is volatile, and
   the output buffer changes on every growth. */
struct cje_state {
    struct jpeg_error_mgr pub;   /* first: libjpeg's err pointer is also a pointer to the state */
    jmp_buf jump;
    struct jpeg_destination_mgr dest;
    unsigned char *buffer;       /* owned by the state until handed to the caller */
    size_t capacity;
    size_t size;
};

static void cje_error_exit(j_common_ptr c) {
    struct cje_state *s = (struct cje_state *)c->err;
    longjmp(s->jump, 1);
}

static void cje_emit_message(j_common_ptr c, int level) {
    (void)c;
    (void)level;
}

/* A growing memory destination (libjpeg's destination manager, libjpeg.txt "Compressed data
   handling"). jpeg_mem_dest is not used: after it has grown its buffer, the pointer it gave the
   caller is stale until jpeg_finish_compress, so an error in between can neither free the live
   buffer nor safely free the stale one. */
#define CJE_FIRST_BUFFER 65536

static void cje_init_destination(j_compress_ptr cinfo) {
    struct cje_state *s = (struct cje_state *)cinfo->err;
    s->buffer = malloc(CJE_FIRST_BUFFER);
    if (!s->buffer) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    s->capacity = CJE_FIRST_BUFFER;
    s->dest.next_output_byte = s->buffer;
    s->dest.free_in_buffer = s->capacity;
}

static boolean cje_empty_output_buffer(j_compress_ptr cinfo) {
    struct cje_state *s = (struct cje_state *)cinfo->err;
    /* libjpeg calls this only when the whole buffer is full (free_in_buffer == 0). */
    if (s->capacity > ((size_t)-1) / 2) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11);
    size_t grown = s->capacity * 2;
    unsigned char *b = realloc(s->buffer, grown);
    /* On failure realloc leaves the old buffer in place: the error path frees it. */
    if (!b) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 12);
    s->buffer = b;
    s->dest.next_output_byte = b + s->capacity;
    s->dest.free_in_buffer = grown - s->capacity;
    s->capacity = grown;
    return TRUE;
}

static void cje_term_destination(j_compress_ptr cinfo) {
    struct cje_state *s = (struct cje_state *)cinfo->err;
    s->size = s->capacity - s->dest.free_in_buffer;
}

/* One encoder for both: `components` 1 (gray, no JFIF: an aux image carries Apple's XMP and
   an MPF stub, as iPhone aux images) or 3 (RGB, converted to YCbCr 4:2:0 with a JFIF APP0, as
   a camera's primary). */
static int cje_encode(const uint8_t *samples, uint32_t width, uint32_t height, int components, int quality,
                      uint8_t **out, size_t *out_len, char *errbuf, size_t errlen) {
    /* Heap-allocated: cinfo.err keeps a pointer to the error manager, and both must stay put
       across setjmp. Neither pointer changes after setjmp. */
    *out = NULL;
    *out_len = 0;
    /* libjpeg is loaded on first use (CJPEGLazy.c); without it nothing is encoded. */
    if (!dc_lazy_available(&dc_jpeg_library)) {
        if (errlen > 0) snprintf(errbuf, errlen, "%s", dc_lazy_failure(&dc_jpeg_library));
        return -1;
    }
    struct jpeg_compress_struct *cinfo = calloc(1, sizeof *cinfo);
    struct cje_state *s = calloc(1, sizeof *s);
    if (cinfo == NULL || s == NULL) {
        free(cinfo);
        free(s);
        if (errlen > 0) snprintf(errbuf, errlen, "out of memory");
        return -1;
    }
    cinfo->err = jpeg_std_error(&s->pub);
    s->pub.error_exit = cje_error_exit;
    s->pub.emit_message = cje_emit_message;
    if (setjmp(s->jump)) {
        if (errlen > 0) (*cinfo->err->format_message)((j_common_ptr)cinfo, errbuf);
        /* jpeg_destroy is safe after a failed jpeg_CreateCompress (it checks cinfo->mem). */
        jpeg_destroy_compress(cinfo);
        free(s->buffer);
        free(cinfo);
        free(s);
        return -1;
    }
    jpeg_CreateCompress(cinfo, JPEG_LIB_VERSION, sizeof *cinfo);
    s->dest.init_destination = cje_init_destination;
    s->dest.empty_output_buffer = cje_empty_output_buffer;
    s->dest.term_destination = cje_term_destination;
    cinfo->dest = &s->dest;
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
    *out = s->buffer;
    *out_len = s->size;
    free(cinfo);
    free(s);
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
