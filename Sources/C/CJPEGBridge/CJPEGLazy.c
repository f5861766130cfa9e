/* libjpeg-turbo's functions, forwarded to the library loaded on first use (CLazyLibrary): a
   check never decodes, so a process that only checks never loads libjpeg. The definitions are
   hidden: they serve this program, and no library it loads later sees them in place of its own
   libjpeg. */
#include "CJPEGLazy.h"
#include <stddef.h>
#include <stdio.h>
#pragma GCC visibility push(hidden)
#include <jpeglib.h>

/* The file name the loader looks up: libjpeg-turbo's libjpeg 6.2 ABI soname. Tests name another
   file in DEPTHCHECK_LIBJPEG to see how depthcheck behaves without it. */
dc_lazy_library dc_jpeg_library = DC_LAZY_LIBRARY("libjpeg.so.62", "DEPTHCHECK_LIBJPEG", "libjpeg");

DC_FORWARD(dc_jpeg_library, struct jpeg_error_mgr *, jpeg_std_error, (struct jpeg_error_mgr *err), (err), NULL)
DC_FORWARD_VOID(dc_jpeg_library, jpeg_CreateDecompress, (j_decompress_ptr cinfo, int version, size_t structsize),
                (cinfo, version, structsize))
DC_FORWARD_VOID(dc_jpeg_library, jpeg_CreateCompress, (j_compress_ptr cinfo, int version, size_t structsize),
                (cinfo, version, structsize))
DC_FORWARD_VOID(dc_jpeg_library, jpeg_destroy_decompress, (j_decompress_ptr cinfo), (cinfo))
DC_FORWARD_VOID(dc_jpeg_library, jpeg_destroy_compress, (j_compress_ptr cinfo), (cinfo))
DC_FORWARD_VOID(dc_jpeg_library, jpeg_mem_src, (j_decompress_ptr cinfo, const unsigned char *inbuffer, unsigned long insize),
                (cinfo, inbuffer, insize))
DC_FORWARD(dc_jpeg_library, int, jpeg_read_header, (j_decompress_ptr cinfo, boolean require_image), (cinfo, require_image), 0)
DC_FORWARD(dc_jpeg_library, boolean, jpeg_start_decompress, (j_decompress_ptr cinfo), (cinfo), FALSE)
DC_FORWARD(dc_jpeg_library, JDIMENSION, jpeg_read_scanlines, (j_decompress_ptr cinfo, JSAMPARRAY scanlines, JDIMENSION max_lines),
           (cinfo, scanlines, max_lines), 0)
DC_FORWARD_VOID(dc_jpeg_library, jpeg_set_defaults, (j_compress_ptr cinfo), (cinfo))
DC_FORWARD_VOID(dc_jpeg_library, jpeg_set_quality, (j_compress_ptr cinfo, int quality, boolean force_baseline),
                (cinfo, quality, force_baseline))
DC_FORWARD_VOID(dc_jpeg_library, jpeg_start_compress, (j_compress_ptr cinfo, boolean write_all_tables), (cinfo, write_all_tables))
DC_FORWARD(dc_jpeg_library, JDIMENSION, jpeg_write_scanlines, (j_compress_ptr cinfo, JSAMPARRAY scanlines, JDIMENSION num_lines),
           (cinfo, scanlines, num_lines), 0)
DC_FORWARD_VOID(dc_jpeg_library, jpeg_finish_compress, (j_compress_ptr cinfo), (cinfo))

#pragma GCC visibility pop
