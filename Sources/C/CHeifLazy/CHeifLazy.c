#include "CHeifLazy.h"
#include "CLazyLibrary.h"
#include <stddef.h>

/* The file name of libheif 1.x as the platform's loader looks it up: the ELF soname on Linux
   and the other ELF systems, the install name's leaf on macOS. */
#if defined(__APPLE__)
#define DC_HEIF_LIBRARY "libheif.1.dylib"
#else
#define DC_HEIF_LIBRARY "libheif.so.1"
#endif

/* Loaded on first use by CLazyLibrary, as libjpeg and libpng are. DEPTHCHECK_LIBHEIF names
   another file to load instead; tests set it to a missing file to see how depthcheck behaves
   without libheif. */
static dc_lazy_library heif = DC_LAZY_LIBRARY(DC_HEIF_LIBRARY, "DEPTHCHECK_LIBHEIF", "libheif");

int dc_heif_available(void) { return dc_lazy_available(&heif); }

const char *dc_heif_load_failure(void) { return dc_lazy_failure(&heif); }

const char *dc_heif_library_name(void) { return DC_HEIF_LIBRARY; }

/* What a forwarded call returns when libheif, or the function, is missing; the message is the
   load failure when there was one. */
static struct heif_error unavailable(void) {
    const char *failure = dc_lazy_failure(&heif);
    struct heif_error e = {
        heif_error_Unsupported_feature, heif_suberror_Unspecified,
        failure ? failure : "libheif lacks this function"
    };
    return e;
}

/* One forwarding function per libheif function used (CLazyLibrary's DC_FORWARD): the pointer
 * is looked up once. */
#define FORWARD(ret, name, params, args, fallback) DC_FORWARD(heif, ret, name, params, args, fallback)
#define FORWARD_VOID(name, params, args) DC_FORWARD_VOID(heif, name, params, args)
FORWARD(struct heif_context *, heif_context_alloc, (void), (), NULL)
FORWARD_VOID(heif_context_free, (struct heif_context *c), (c))
FORWARD(struct heif_error, heif_context_read_from_memory_without_copy,
        (struct heif_context *c, const void *mem, size_t size, const struct heif_reading_options *o),
        (c, mem, size, o), unavailable())
FORWARD(struct heif_error, heif_context_get_primary_image_handle,
        (struct heif_context *c, struct heif_image_handle **h), (c, h), unavailable())
FORWARD_VOID(heif_image_handle_release, (const struct heif_image_handle *h), (h))
FORWARD(struct heif_error, heif_decode_image,
        (const struct heif_image_handle *h, struct heif_image **out, enum heif_colorspace cs,
         enum heif_chroma chroma, const struct heif_decoding_options *o),
        (h, out, cs, chroma, o), unavailable())
FORWARD_VOID(heif_image_release, (const struct heif_image *i), (i))
FORWARD(int, heif_image_get_width, (const struct heif_image *i, enum heif_channel c), (i, c), 0)
FORWARD(int, heif_image_get_height, (const struct heif_image *i, enum heif_channel c), (i, c), 0)
FORWARD(int, heif_image_get_bits_per_pixel_range, (const struct heif_image *i, enum heif_channel c), (i, c), 0)
FORWARD(const uint8_t *, heif_image_get_plane_readonly,
        (const struct heif_image *i, enum heif_channel c, int *stride), (i, c, stride), NULL)

/* Thumbnails, for the report's picture of a HEIF photo. */
FORWARD(int, heif_image_handle_get_number_of_thumbnails, (const struct heif_image_handle *h), (h), 0)
FORWARD(int, heif_image_handle_get_list_of_thumbnail_IDs, (const struct heif_image_handle *h, heif_item_id *ids, int count),
        (h, ids, count), 0)
FORWARD(struct heif_error, heif_image_handle_get_thumbnail,
        (const struct heif_image_handle *h, heif_item_id id, struct heif_image_handle **out), (h, id, out), unavailable())

/* Encoding, for the writer's lossless monochrome HEVC maps. */
FORWARD(struct heif_error, heif_context_get_encoder_for_format,
        (struct heif_context *c, enum heif_compression_format format, struct heif_encoder **out), (c, format, out), unavailable())
FORWARD_VOID(heif_encoder_release, (struct heif_encoder *e), (e))
FORWARD(struct heif_error, heif_encoder_set_lossless, (struct heif_encoder *e, int enable), (e, enable), unavailable())
FORWARD(struct heif_error, heif_image_create,
        (int width, int height, enum heif_colorspace cs, enum heif_chroma chroma, struct heif_image **out),
        (width, height, cs, chroma, out), unavailable())
FORWARD(struct heif_error, heif_image_add_plane,
        (struct heif_image *i, enum heif_channel channel, int width, int height, int bit_depth),
        (i, channel, width, height, bit_depth), unavailable())
FORWARD(uint8_t *, heif_image_get_plane, (struct heif_image *i, enum heif_channel channel, int *stride), (i, channel, stride), NULL)
FORWARD(struct heif_error, heif_context_encode_image,
        (struct heif_context *c, const struct heif_image *i, struct heif_encoder *e,
         const struct heif_encoding_options *o, struct heif_image_handle **out),
        (c, i, e, o, out), unavailable())
FORWARD(struct heif_error, heif_context_write, (struct heif_context *c, struct heif_writer *w, void *userdata),
        (c, w, userdata), unavailable())
FORWARD(int, heif_image_handle_get_width, (const struct heif_image_handle *h), (h), 0)
FORWARD(int, heif_image_handle_get_height, (const struct heif_image_handle *h), (h), 0)

/* Encoding a new primary (embed from a PNG, PPM or plain JPEG): lossy 8-bit 4:2:0 HEVC. */
FORWARD(struct heif_error, heif_encoder_set_lossy_quality, (struct heif_encoder *e, int quality), (e, quality), unavailable())
FORWARD(struct heif_error, heif_encoder_set_parameter_string,
        (struct heif_encoder *e, const char *parameter_name, const char *value), (e, parameter_name, value), unavailable())
