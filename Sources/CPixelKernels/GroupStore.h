// The one store of the crops' group paths (RGB8Blend.c, YUV420Blend.c): a group of four pixels is
// 12 bytes R G B in the low 12 of 128 bits.
#ifndef VT_GROUP_STORE_H
#define VT_GROUP_STORE_H
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdint.h>

/// Stores a group's 12 bytes (the low 12 of `pixels`), or 16 when `may_overwrite` (the last 4
/// holding nothing, for the next group to write over).
__attribute__((target("avx2"))) static inline void store_group(__m128i pixels, int may_overwrite, uint8_t *destination) {
    if (may_overwrite) {
        _mm_storeu_si128((__m128i *)(void *)destination, pixels);
    } else {
        _mm_storel_epi64((__m128i *)(void *)destination, pixels);
        const int32_t last = _mm_extract_epi32(pixels, 2);
        __builtin_memcpy(destination + 8, &last, 4);
    }
}

#endif
#endif
