#ifndef CVALUEROWS_H
#define CVALUEROWS_H
#include <stddef.h>
#include <stdint.h>

/* out[i] = offset + scale * (float)samples[i] for i < count, each step rounded as its own
   IEEE single operation (no fused multiply-add), so the result equals Swift's
   `offset + scale * Float(sample)` bit for bit. On x86-64 Linux an AVX2 version is chosen at
   load time when the processor has it. */
void cvr_linear_u8(const uint8_t *samples, float *out, size_t count, float offset, float scale);

#endif
