/* libpng's functions, forwarded to the library loaded on first use (CLazyLibrary): a check
   never decodes, so a process that only checks never loads libpng. The definitions are hidden:
   they serve this program, and no library it loads later sees them in place of its own libpng. */
#include "CPNGLazy.h"
#include <stdlib.h>
#pragma GCC visibility push(hidden)
#include <png.h>

/* The file name the loader looks up: libpng 1.6's soname. Tests name another file in
   DEPTHCHECK_LIBPNG to see how depthcheck behaves without it. */
dc_lazy_library dc_png_library = DC_LAZY_LIBRARY("libpng16.so.16", "DEPTHCHECK_LIBPNG", "libpng");

#define L dc_png_library
DC_FORWARD(L, png_structp, png_create_read_struct,
           (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn, png_error_ptr warn_fn),
           (user_png_ver, error_ptr, error_fn, warn_fn), NULL)
DC_FORWARD(L, png_structp, png_create_write_struct,
           (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn, png_error_ptr warn_fn),
           (user_png_ver, error_ptr, error_fn, warn_fn), NULL)
DC_FORWARD(L, png_infop, png_create_info_struct, (png_const_structrp png_ptr), (png_ptr), NULL)
DC_FORWARD_VOID(L, png_destroy_read_struct, (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr, png_infopp end_info_ptr_ptr),
                (png_ptr_ptr, info_ptr_ptr, end_info_ptr_ptr))
DC_FORWARD_VOID(L, png_destroy_write_struct, (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr), (png_ptr_ptr, info_ptr_ptr))
DC_FORWARD(L, jmp_buf *, png_set_longjmp_fn, (png_structrp png_ptr, png_longjmp_ptr longjmp_fn, size_t jmp_buf_size),
           (png_ptr, longjmp_fn, jmp_buf_size), NULL)
DC_FORWARD(L, png_byte, png_get_bit_depth, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr), 0)
DC_FORWARD(L, png_byte, png_get_channels, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr), 0)
DC_FORWARD(L, png_byte, png_get_color_type, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr), 0)
DC_FORWARD(L, png_byte, png_get_interlace_type, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr), 0)
DC_FORWARD(L, png_uint_32, png_get_image_width, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr), 0)
DC_FORWARD(L, png_uint_32, png_get_image_height, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr), 0)
DC_FORWARD(L, size_t, png_get_rowbytes, (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr), 0)
DC_FORWARD(L, png_voidp, png_get_error_ptr, (png_const_structrp png_ptr), (png_ptr), NULL)
DC_FORWARD(L, png_voidp, png_get_io_ptr, (png_const_structrp png_ptr), (png_ptr), NULL)
DC_FORWARD(L, int, png_sig_cmp, (png_const_bytep sig, size_t start, size_t num_to_check), (sig, start, num_to_check), -1)
DC_FORWARD(L, int, png_set_interlace_handling, (png_structrp png_ptr), (png_ptr), 0)
DC_FORWARD_VOID(L, png_set_read_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr read_data_fn), (png_ptr, io_ptr, read_data_fn))
DC_FORWARD_VOID(L, png_set_write_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr write_data_fn, png_flush_ptr output_flush_fn),
                (png_ptr, io_ptr, write_data_fn, output_flush_fn))
DC_FORWARD_VOID(L, png_read_info, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
DC_FORWARD_VOID(L, png_read_update_info, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
DC_FORWARD_VOID(L, png_read_row, (png_structrp png_ptr, png_bytep row, png_bytep display_row), (png_ptr, row, display_row))
DC_FORWARD_VOID(L, png_read_end, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
DC_FORWARD_VOID(L, png_set_expand_gray_1_2_4_to_8, (png_structrp png_ptr), (png_ptr))
DC_FORWARD_VOID(L, png_set_gray_to_rgb, (png_structrp png_ptr), (png_ptr))
DC_FORWARD_VOID(L, png_set_palette_to_rgb, (png_structrp png_ptr), (png_ptr))
DC_FORWARD_VOID(L, png_set_scale_16, (png_structrp png_ptr), (png_ptr))
DC_FORWARD_VOID(L, png_set_strip_alpha, (png_structrp png_ptr), (png_ptr))
DC_FORWARD_VOID(L, png_set_swap, (png_structrp png_ptr), (png_ptr))
DC_FORWARD_VOID(L, png_set_IHDR,
                (png_const_structrp png_ptr, png_inforp info_ptr, png_uint_32 width, png_uint_32 height, int bit_depth,
                 int color_type, int interlace_method, int compression_method, int filter_method),
                (png_ptr, info_ptr, width, height, bit_depth, color_type, interlace_method, compression_method, filter_method))
DC_FORWARD_VOID(L, png_set_text, (png_const_structrp png_ptr, png_inforp info_ptr, png_const_textp text_ptr, int num_text),
                (png_ptr, info_ptr, text_ptr, num_text))
DC_FORWARD_VOID(L, png_write_info, (png_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
DC_FORWARD_VOID(L, png_write_row, (png_structrp png_ptr, png_const_bytep row), (png_ptr, row))
DC_FORWARD_VOID(L, png_write_end, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))

/* These two do not return (libpng jumps to the caller's setjmp); they are only ever called from
   libpng's own callbacks, so with the library loaded. */
void png_error(png_const_structrp png_ptr, png_const_charp error_message) {
    static void (*volatile f)(png_const_structrp, png_const_charp);
    if (!f) f = (void (*)(png_const_structrp, png_const_charp))dc_lazy_symbol(&L, "png_error");
    if (f) f(png_ptr, error_message);
    abort();
}

void png_longjmp(png_const_structrp png_ptr, int val) {
    static void (*volatile f)(png_const_structrp, int);
    if (!f) f = (void (*)(png_const_structrp, int))dc_lazy_symbol(&L, "png_longjmp");
    if (f) f(png_ptr, val);
    abort();
}
#undef L

#pragma GCC visibility pop
