#ifndef CJPEGENCODER_H
#define CJPEGENCODER_H
#include <stddef.h>
#include <stdint.h>

/* A libjpeg-turbo compressor for 8-bit gray and RGB images (ITU-T T.81 baseline),
   whose errors come back as return codes instead of exit(). */

/* Encodes width x height gray samples (rows packed, stride = width) at `quality` (1-100)
   without a JFIF APP0 segment. On success returns 0 and sets *out (free it with
   cje_free) and *out_len; on failure returns -1 and writes the message into errbuf. */
int cje_encode_gray(const uint8_t *samples, uint32_t width, uint32_t height, int quality,
                    uint8_t **out, size_t *out_len, char *errbuf, size_t errlen);
/* Encodes width x height 8-bit RGB pixels (rows packed R G B, stride = width * 3) as a baseline
   YCbCr JPEG (4:2:0, libjpeg's defaults) with a JFIF APP0 segment: a new primary image. Returns
   as cje_encode_gray. */
int cje_encode_rgb(const uint8_t *samples, uint32_t width, uint32_t height, int quality,
                   uint8_t **out, size_t *out_len, char *errbuf, size_t errlen);
void cje_free(uint8_t *p);

#endif
