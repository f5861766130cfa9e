/* The C bridges (CJPEGBridge, CPNGBridge, CHeifLazy) on their failure paths, built with
   AddressSanitizer, LeakSanitizer and UBSan by `make bridge-sanitize` (Tests/BridgeHarness/run.sh).

   Every error in libjpeg and libpng arrives by longjmp (libjpeg.txt "Error handling", ISO/IEC
   15948 decoders through png_jmpbuf), so each case here makes one happen at a different point:
   streams cut short or corrupted mid-row, parameters libjpeg refuses, an allocation that fails
   inside libjpeg (ASAN_OPTIONS max_allocation_size_mb with allocator_may_return_null), and each
   allocation the bridges make themselves failing in turn (the link wraps malloc, calloc and
   realloc for the bridges' objects only). A sanitizer report ends the run with a non-zero exit;
   a bridge that answers wrongly does too. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <png.h>
#include "CJPEGBridge.h"
#include "CPNGBridge.h"
#include "CHeifLazy.h"

static int failures;
#define CHECK(cond, ...)                                                             \
    do {                                                                             \
        if (!(cond)) {                                                               \
            failures++;                                                              \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                          \
            fprintf(stderr, __VA_ARGS__);                                            \
            fputc('\n', stderr);                                                     \
        }                                                                            \
    } while (0)

/* ---- Failing allocations: -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc ---- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);

/* The allocation (counting from 1) that fails; 0 fails none. `allocations` counts calls. */
static long fail_at;
static long allocations;

static int should_fail(void) {
    allocations++;
    return fail_at != 0 && allocations == fail_at;
}
void *__wrap_malloc(size_t n) { return should_fail() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return should_fail() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return should_fail() ? NULL : __real_realloc(p, n); }

static void fail_allocation(long k) { fail_at = k; allocations = 0; }

/* The harness's own allocations are never counted or failed. */
#define malloc(n) __real_malloc(n)
#define calloc(n, size) __real_calloc(n, size)
#define realloc(p, n) __real_realloc(p, n)

/* ---- Fixtures ---- */

static uint8_t *gradient(uint32_t w, uint32_t h, int channels) {
    uint8_t *s = malloc((size_t)w * h * (size_t)channels);
    for (size_t i = 0; i < (size_t)w * h * (size_t)channels; i++) s[i] = (uint8_t)(i * 7 + i / 13);
    return s;
}

typedef struct { uint8_t *bytes; size_t len, cap; } buffer;

static int buffer_write(void *context, const uint8_t *bytes, size_t count) {
    buffer *b = context;
    if (b->len + count > b->cap) {
        size_t cap = (b->len + count) * 2;
        uint8_t *p = realloc(b->bytes, cap);
        if (!p) return 1;
        b->bytes = p;
        b->cap = cap;
    }
    memcpy(b->bytes + b->len, bytes, count);
    b->len += count;
    return 0;
}

/* A PNG through the bridge's encoder: gray or RGB, 8-bit. */
static buffer png_made(uint32_t w, uint32_t h, int rgb) {
    buffer b = {0};
    uint8_t *s = gradient(w, h, rgb ? 3 : 1);
    const char *keys[] = {"Comment"};
    const char *values[] = {"harness"};
    cpb_encoder *e = rgb ? cpb_encoder_open_rgb(w, h, buffer_write, &b)
                         : cpb_encoder_open(w, h, 8, keys, values, 1, buffer_write, &b);
    CHECK(e && cpb_encoder_message(e)[0] == 0, "PNG encoder did not open");
    CHECK(cpb_encoder_write_rows(e, s, (size_t)w * (rgb ? 3 : 1), h) == 0, "PNG rows");
    CHECK(cpb_encoder_finish(e) == 0, "PNG finish");
    cpb_encoder_close(e);
    free(s);
    return b;
}

/* An interlaced (Adam7) RGB PNG straight through libpng: the bridge writes none, and it
   decodes them through cpb_read_image. */
static void png_buffer_write(png_structp png, png_bytep data, size_t n) {
    buffer_write(png_get_io_ptr(png), data, n);
}
static void png_no_flush(png_structp png) { (void)png; }

static buffer png_interlaced_rgb(uint32_t w, uint32_t h) {
    buffer b = {0};
    uint8_t *s = gradient(w, h, 3);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        CHECK(0, "libpng could not write the interlaced fixture");
        png_destroy_write_struct(&png, &info);
        free(s);
        return b;
    }
    png_set_write_fn(png, &b, png_buffer_write, png_no_flush);
    png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_ADAM7, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int p = 0; p < passes; p++)
        for (uint32_t y = 0; y < h; y++) png_write_row(png, s + (size_t)y * w * 3);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(s);
    return b;
}

/* A progressive JPEG straight through libjpeg: its decoder keeps every coefficient, so a
   large declared size makes it allocate much at jpeg_start_decompress. */
static buffer jpeg_progressive(uint32_t w, uint32_t h) {
    buffer b = {0};
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    unsigned char *out = NULL;
    unsigned long len = 0;
    uint8_t *s = gradient(w, h, 1);
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    jpeg_mem_dest(&c, &out, &len);
    c.image_width = w;
    c.image_height = h;
    c.input_components = 1;
    c.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&c);
    jpeg_simple_progression(&c);
    jpeg_start_compress(&c, TRUE);
    while (c.next_scanline < h) {
        JSAMPROW row = s + (size_t)c.next_scanline * w;
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    free(s);
    b.bytes = malloc(len);
    memcpy(b.bytes, out, len);
    b.len = b.cap = len;
    free(out);
    return b;
}

/* ---- Decoding through the bridges ---- */

/* Decodes `len` bytes of a JPEG to gray; returns rows decoded, or -1 at the first error. */
static int jpeg_decode(const uint8_t *data, size_t len, uint64_t max_pixels, char *message, size_t message_len) {
    cjb_decoder *d = cjb_open(data, len);
    if (!d) {
        snprintf(message, message_len, "no decoder");
        return -1;
    }
    cjb_header h;
    int rows = 0;
    if (cjb_start_gray(d, max_pixels, &h) != 0) {
        rows = -1;
    } else {
        uint8_t *out = malloc(h.width ? h.width : 1);
        int n;
        while ((n = cjb_read_rows(d, out, h.width, 1)) > 0) rows += n;
        if (n < 0) rows = -1;
        free(out);
    }
    snprintf(message, message_len, "%s", cjb_message(d));
    cjb_close(d);
    return rows;
}

static int png_decode(const uint8_t *data, size_t len, int rgb) {
    cpb_decoder *d = cpb_open(data, len);
    if (!d) return -1;
    cpb_header h;
    int result = 0;
    if ((rgb ? cpb_start_rgb(d, 1u << 24, &h) : cpb_start_gray(d, 1u << 24, &h)) != 0) {
        result = -1;
    } else {
        size_t stride = (size_t)h.width * (rgb ? 3 : 1) * (size_t)(h.out_bit_depth / 8);
        uint8_t *out = malloc(stride * h.height + 1);
        if (h.interlaced) {
            result = cpb_read_image(d, out, stride);
        } else {
            int n;
            uint32_t y = 0;
            while ((n = cpb_read_rows(d, out + (size_t)y * stride, stride, 7)) > 0) y += (uint32_t)n;
            result = n < 0 ? -1 : 0;
        }
        if (result == 0) result = cpb_finish(d);
        free(out);
    }
    cpb_close(d);
    return result;
}

/* ---- The cases ---- */

static void jpeg_encoder_cases(void) {
    uint8_t *s = gradient(300, 200, 3);
    uint8_t *out;
    size_t len;
    char message[200];
    /* The destination grows past its first 64 KiB (noisy RGB at quality 100). */
    CHECK(cje_encode_rgb(s, 300, 200, 100, &out, &len, message, sizeof message) == 0, "RGB encode: %s", message);
    CHECK(len > 65536, "the RGB fixture should outgrow the first buffer, %zu bytes", len);
    cje_free(out);
    /* Parameters libjpeg refuses at jpeg_start_compress. */
    CHECK(cje_encode_gray(s, 0, 10, 90, &out, &len, message, sizeof message) == -1 && out == NULL, "width 0 accepted");
    CHECK(strstr(message, "Empty JPEG image") != NULL, "width 0: %s", message);
    CHECK(cje_encode_gray(s, 70000, 1, 90, &out, &len, message, sizeof message) == -1, "width 70000 accepted");
    CHECK(strstr(message, "Maximum supported image dimension is 65500 pixels") != NULL, "width 70000: %s", message);
    /* Each of the bridge's own allocations fails in turn: the first buffer, each growth. */
    int failed_paths = 0;
    for (long k = 1; k < 64; k++) {
        fail_allocation(k);
        int r = cje_encode_rgb(s, 300, 200, 100, &out, &len, message, sizeof message);
        long made = allocations;
        fail_allocation(0);
        if (r == 0) {
            cje_free(out);
            CHECK(made < k, "allocation %ld failed but the encode succeeded", k);
            break;
        }
        CHECK(strstr(message, "memory") != NULL, "allocation %ld: %s", k, message);
        failed_paths++;
    }
    CHECK(failed_paths >= 4, "only %d allocation failures were seen", failed_paths);
    free(s);
}

static void jpeg_decoder_cases(void) {
    uint8_t *s = gradient(123, 77, 1);
    uint8_t *jpeg;
    size_t len;
    char message[JMSG_LENGTH_MAX + 32];
    CHECK(cje_encode_gray(s, 123, 77, 90, &jpeg, &len, message, sizeof message) == 0, "gray encode");
    free(s);
    CHECK(jpeg_decode(jpeg, len, 1u << 20, message, sizeof message) == 77, "whole JPEG: %s", message);
    /* Cut short everywhere: libjpeg either fails (headers) or warns and pads (data). */
    for (size_t cut = 0; cut < len; cut += cut < 700 ? 1 : 37) jpeg_decode(jpeg, cut, 1u << 20, message, sizeof message);
    CHECK(jpeg_decode(jpeg, 0, 1u << 20, message, sizeof message) == -1, "empty JPEG decoded");
    CHECK(jpeg_decode(jpeg, 100, 1u << 20, message, sizeof message) == -1, "cut header decoded");
    /* Corrupted bytes, one at a time across the headers and the entropy-coded data. */
    uint8_t *bad = malloc(len);
    for (size_t i = 2; i < len; i += 3) {
        memcpy(bad, jpeg, len);
        bad[i] ^= 0x5A;
        jpeg_decode(bad, len, 1u << 20, message, sizeof message);
    }
    free(bad);
    /* Over the pixel limit: refused after the header. */
    CHECK(jpeg_decode(jpeg, len, 100, message, sizeof message) == -1 && strstr(message, "pixel limit"), "limit: %s", message);
    /* Each of the bridge's own allocations fails: cjb_open's decoder. */
    fail_allocation(1);
    CHECK(cjb_open(jpeg, len) == NULL, "cjb_open without memory");
    fail_allocation(0);
    cje_free(jpeg);

    /* libjpeg cannot allocate: a progressive JPEG declaring 30000 x 30000 needs 1.8 GB of
       coefficients at jpeg_start_decompress, over max_allocation_size_mb (run.sh). */
    buffer p = jpeg_progressive(64, 64);
    for (size_t i = 0; i + 8 < p.len; i++) {
        if (p.bytes[i] == 0xFF && p.bytes[i + 1] == 0xC2) {   /* SOF2: P, Y(16), X(16) */
            p.bytes[i + 5] = 30000 >> 8; p.bytes[i + 6] = 30000 & 0xFF;
            p.bytes[i + 7] = 30000 >> 8; p.bytes[i + 8] = 30000 & 0xFF;
            break;
        }
    }
    CHECK(jpeg_decode(p.bytes, p.len, (uint64_t)1 << 32, message, sizeof message) == -1, "30000x30000 decoded");
    CHECK(strstr(message, "Insufficient memory") != NULL, "30000x30000: %s", message);
    free(p.bytes);
}

static void png_cases(void) {
    struct { buffer b; int rgb; const char *name; } fixtures[] = {
        {png_made(97, 41, 0), 0, "gray"},
        {png_made(97, 41, 1), 0, "RGB to gray (first channel)"},
        {png_made(97, 41, 1), 1, "RGB"},
        {png_interlaced_rgb(97, 41), 0, "interlaced RGB to gray (cpb_read_image)"},
        {png_interlaced_rgb(97, 41), 1, "interlaced RGB"},
    };
    for (size_t f = 0; f < sizeof fixtures / sizeof fixtures[0]; f++) {
        buffer b = fixtures[f].b;
        CHECK(png_decode(b.bytes, b.len, fixtures[f].rgb) == 0, "whole %s PNG", fixtures[f].name);
        /* Cut short mid-row: every cut fails, most of them inside png_read_row. */
        for (size_t cut = 0; cut < b.len; cut += 5)
            CHECK(png_decode(b.bytes, cut, fixtures[f].rgb) == -1, "%s cut at %zu decoded", fixtures[f].name, cut);
        /* Corrupted bytes: a CRC or zlib error mid-image. */
        uint8_t *bad = malloc(b.len);
        for (size_t i = 8; i < b.len; i += 3) {
            memcpy(bad, b.bytes, b.len);
            bad[i] ^= 0x5A;
            png_decode(bad, b.len, fixtures[f].rgb);
        }
        free(bad);
        /* Each of the bridge's own allocations fails in turn. */
        for (long k = 1; k < 16; k++) {
            fail_allocation(k);
            int r = png_decode(b.bytes, b.len, fixtures[f].rgb);
            long made = allocations;
            fail_allocation(0);
            if (made < k) { CHECK(r == 0, "%s: no allocation failed, yet the decode did", fixtures[f].name); break; }
            CHECK(r == -1, "%s: allocation %ld failed, yet the decode succeeded", fixtures[f].name, k);
        }
        free(b.bytes);
    }
    /* The encoder: bit depth 12 is refused, and each of its own allocations fails in turn. */
    buffer b = {0};
    cpb_encoder *e = cpb_encoder_open(4, 4, 12, NULL, NULL, 0, buffer_write, &b);
    CHECK(e && strcmp(cpb_encoder_message(e), "bit depth must be 8 or 16") == 0, "bit depth 12");
    cpb_encoder_close(e);
    const char *keys[] = {"Comment", "Title"};
    const char *values[] = {"one", "two"};
    for (long k = 1; k < 16; k++) {
        fail_allocation(k);
        e = cpb_encoder_open(4, 4, 8, keys, values, 2, buffer_write, &b);
        long made = allocations;
        fail_allocation(0);
        if (made < k) {
            CHECK(e && cpb_encoder_message(e)[0] == 0, "encoder: no allocation failed, yet it did");
            cpb_encoder_close(e);
            break;
        }
        /* The encoder itself (NULL), or the tEXt entries (the message says so). */
        CHECK(e == NULL || strcmp(cpb_encoder_message(e), "out of memory") == 0, "encoder allocation %ld: %s", k,
              e ? cpb_encoder_message(e) : "NULL");
        cpb_encoder_close(e);
    }
    free(b.bytes);
}

static void heif_cases(void) {
    /* run.sh names a library that does not exist in DEPTHCHECK_LIBHEIF. */
    CHECK(heif_context_alloc() == NULL, "a context without libheif");
    CHECK(dc_heif_available() == 0, "libheif reported available");
    const char *why = dc_heif_load_failure();
    CHECK(why && strncmp(why, "libheif could not be loaded: ", 29) == 0 && strstr(why, "no-such-libheif.so"),
          "load failure: %s", why ? why : "(null)");
    struct heif_error e = heif_context_read_from_memory_without_copy(NULL, "", 0, NULL);
    CHECK(e.code == heif_error_Unsupported_feature && e.message == why, "forwarded error: %s", e.message);
    CHECK(strcmp(dc_heif_library_name(), "libheif.so.1") == 0, "library name %s", dc_heif_library_name());
}

int main(void) {
    jpeg_encoder_cases();
    jpeg_decoder_cases();
    png_cases();
    heif_cases();
    if (failures) {
        fprintf(stderr, "bridge harness: %d check(s) failed\n", failures);
        return 1;
    }
    printf("bridge harness: all cases passed\n");
    return 0;
}
