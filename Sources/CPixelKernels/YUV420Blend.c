// Groups of four pixels of a YUV 4:2:0 crop (Imaging's warp, group path), LANES / 4 groups per
// step in 32-bit lanes (8 with AVX2, 16 with AVX-512): the luma and chroma of the taps are read with
// one 4-byte load per pixel and row (a luma load holds the left and right columns; a chroma load
// holds the left sample and the next one, which the right column takes when x is odd, and for
// NV12 the V samples too), converted to RGB as YUV.Decoder does, and blended with OpenCV's integer
// weights as PackedRGB.blend does, so the bytes are the per-pixel path's. The steps are written
// once, in YUV420BlendLanes.h, for both widths.
#include "CPixelKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

#include "GroupStore.h"

int vt_yuv420_blend_lanes(void) {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) return 16;
    return __builtin_cpu_supports("avx2") ? 8 : 0;
}

#define VT_AVX2 __attribute__((target("avx2")))
#define VT_AVX512 __attribute__((target("avx512f,avx512bw,avx2")))

/// The byte order `blend` shuffles each 128 bits into: bytes 0 4 8 1 5 9 2 6 10 3 7 11 (R G B per
/// pixel from r0..r3 g0..g3 b0..b3), then 12 13 14 15.
VT_AVX2 static inline __m128i byte_order_128(void) {
    return _mm_setr_epi8(0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15);
}

/// The end of the offsets a 4-byte read may start at in `count` bytes.
static inline int32_t read_limit(size_t count) {
    return count < 4 ? 0 : count - 3 > INT32_MAX ? INT32_MAX : (int32_t)(count - 3);
}

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define NAME(x) CAT(x, SUFFIX)

// MARK: AVX2, 8 lanes: two groups a step.
#define LANES 8
#define SUFFIX _8
#define VEC __m256i
#define V(op) _mm256_##op
#define VSI(op) _mm256_##op##_si256
#define TARGET VT_AVX2

/// Group `at` in lanes 0-3 and the next in lanes 4-7 (`at` again when `count` is 1).
VT_AVX2 static inline __m256i group_lanes_8(const int32_t *at, size_t count, int offset) {
    const int32_t *next = count > 1 ? at + 8 : at;
    return _mm256_set_m128i(_mm_loadu_si128((const __m128i *)(const void *)(next + offset)),
                            _mm_loadu_si128((const __m128i *)(const void *)(at + offset)));
}

/// By scalar loads: AVX2's gather is slower on some of the AMD processors that lack AVX-512.
VT_AVX2 static inline __m256i gather_8(const uint8_t *base, __m256i offsets) {
    int32_t at[8];
    _mm256_storeu_si256((__m256i *)(void *)at, offsets);
    int32_t lanes[8];
    for (int i = 0; i < 8; i++) __builtin_memcpy(&lanes[i], base + at[i], 4);
    return _mm256_loadu_si256((const __m256i *)(const void *)lanes);
}

VT_AVX2 static inline unsigned below_8(__m256i a, __m256i b) {
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(b, a)));
}

VT_AVX2 static inline __m256i byte_order_8(void) { return _mm256_broadcastsi128_si256(byte_order_128()); }

#include "YUV420BlendLanes.h"
#undef LANES
#undef SUFFIX
#undef VEC
#undef V
#undef VSI
#undef TARGET

// MARK: AVX-512, 16 lanes: four groups a step.
#define LANES 16
#define SUFFIX _16
#define VEC __m512i
#define V(op) _mm512_##op
#define VSI(op) _mm512_##op##_si512
#define TARGET VT_AVX512

/// Groups `at` … `at + 3` in lanes 0-3 … 12-15 (the last of `count` repeated).
VT_AVX512 static inline __m512i group_lanes_16(const int32_t *at, size_t count, int offset) {
    const __m128i g0 = _mm_loadu_si128((const __m128i *)(const void *)(at + offset));
    const __m128i g1 = _mm_loadu_si128((const __m128i *)(const void *)(at + 8 * (count > 1 ? 1 : 0) + offset));
    const __m128i g2 = _mm_loadu_si128((const __m128i *)(const void *)(at + 8 * (count > 2 ? 2 : count - 1) + offset));
    const __m128i g3 = _mm_loadu_si128((const __m128i *)(const void *)(at + 8 * (count > 3 ? 3 : count - 1) + offset));
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set_m128i(g1, g0)), _mm256_set_m128i(g3, g2), 1);
}

/// By the processor's gather, faster than scalar loads on the AVX-512 processors we measure.
VT_AVX512 static inline __m512i gather_16(const uint8_t *base, __m512i offsets) {
    return _mm512_i32gather_epi32(offsets, (const void *)base, 1);
}

VT_AVX512 static inline unsigned below_16(__m512i a, __m512i b) { return _mm512_cmplt_epi32_mask(a, b); }

VT_AVX512 static inline __m512i byte_order_16(void) { return _mm512_broadcast_i32x4(byte_order_128()); }

#include "YUV420BlendLanes.h"

size_t vt_yuv420_blend_groups(const vt_yuv420 *image, int lanes, const int32_t *positions, size_t first, size_t end,
                              size_t overwriting, uint8_t *out) {
    if (lanes == 16) return blend_groups_16(image, positions, first, end, overwriting, out);
    if (lanes == 8) return blend_groups_8(image, positions, first, end, overwriting, out);
    return 0;
}

size_t vt_yuv420_blend_replicated_groups(const vt_yuv420 *image, int lanes, const int32_t *positions, size_t first,
                                         size_t end, size_t overwriting, uint8_t *out) {
    if (lanes == 16) return blend_replicated_groups_16(image, positions, first, end, overwriting, out);
    if (lanes == 8) return blend_replicated_groups_8(image, positions, first, end, overwriting, out);
    return 0;
}
#else
int vt_yuv420_blend_lanes(void) { return 0; }

size_t vt_yuv420_blend_groups(const vt_yuv420 *image, int lanes, const int32_t *positions, size_t first, size_t end,
                              size_t overwriting, uint8_t *out) {
    (void)image; (void)lanes; (void)positions; (void)first; (void)end; (void)overwriting; (void)out;
    return 0;
}

size_t vt_yuv420_blend_replicated_groups(const vt_yuv420 *image, int lanes, const int32_t *positions, size_t first,
                                         size_t end, size_t overwriting, uint8_t *out) {
    (void)image; (void)lanes; (void)positions; (void)first; (void)end; (void)overwriting; (void)out;
    return 0;
}
#endif
