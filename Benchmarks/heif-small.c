/* The reference decode of a HEIF photo for content alignment's budget (Benchmarks/run.sh,
 * section 8): libheif decodes the photo once at the smallest size it stores, its first
 * thumbnail item, or the primary when it has none, to interleaved RGB, and writes nothing.
 * Usage: heif-small FILE; exits 1 when the file does not decode. */
#include <libheif/heif.h>

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  struct heif_context *ctx = heif_context_alloc();
  struct heif_image_handle *primary = NULL, *thumbnail = NULL;
  struct heif_image *image = NULL;
  heif_item_id first;
  if (heif_context_read_from_file(ctx, argv[1], NULL).code != heif_error_Ok) return 1;
  if (heif_context_get_primary_image_handle(ctx, &primary).code != heif_error_Ok) return 1;
  if (heif_image_handle_get_list_of_thumbnail_IDs(primary, &first, 1) == 1)
    heif_image_handle_get_thumbnail(primary, first, &thumbnail);
  if (heif_decode_image(thumbnail ? thumbnail : primary, &image, heif_colorspace_RGB,
                        heif_chroma_interleaved_RGB, NULL).code != heif_error_Ok) return 1;
  heif_image_release(image);
  if (thumbnail) heif_image_handle_release(thumbnail);
  heif_image_handle_release(primary);
  heif_context_free(ctx);
  return 0;
}
