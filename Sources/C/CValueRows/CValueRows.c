#include "CValueRows.h"

/* Separate multiply and add: the same two roundings as the Swift expression and the table. */
#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__) && defined(__linux__) && defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void cvr_linear_u8(const uint8_t *restrict samples, float *restrict out, size_t count, float offset, float scale) {
    for (size_t i = 0; i < count; i++) {
        float product = scale * (float)samples[i];
        out[i] = offset + product;
    }
}
