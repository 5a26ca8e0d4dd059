// A colour blended into a box of a YUV 4:2:0 image by a coverage map (Imaging's Canvas.blendYUV,
// which draws every shape and tints segmentation masks). The scalar pixel and block below are the
// definition; on x86-64 with AVX2, sixteen luma samples of a row (eight whole chroma blocks) are
// blended in vector lanes with the same operations in the same order, their coverage added to the
// blocks' sums in the same order, and the chroma samples of eight whole blocks blended at once.
// Imaging's ReferenceDrawing is the independent check of both.
#include "CPixelKernels.h"

// Each multiply and add is rounded on its own, as in the Swift definition.
#pragma STDC FP_CONTRACT OFF

/// The 16-bit fixed-point weight of coverage `c`: 0 for no coverage (or NaN), or where the blend
/// cannot change a byte; else `(int)(min(c, 1) · scale + 0.5)`.
static inline int32_t weight(float c, float scale) {
    if (!(c > 0)) return 0;
    const float a = (1 < c ? 1 : c) * scale;
    if (!(a * 255 >= 32768)) return 0;
    return (int32_t)(a + 0.5f);
}

/// `round(old·(1 − k/65536) + value·k/65536)` in fixed point.
static inline uint8_t mix(uint8_t old, int32_t value, int32_t k) {
    return (uint8_t)(((int32_t)old * (65536 - k) + value * k + 32768) >> 16);
}

/// Luma sample `x` of a row: blended, and its coverage added to its block's sum.
static inline void tint_pixel(const vt_yuv420_tint *t, const float *coverage, uint8_t *luma, size_t x, size_t first_block) {
    const float c = coverage[x];
    if (!(c > 0)) return;
    t->sums[(x >> 1) - first_block] += 1 < c ? 1 : c;
    const int32_t k = weight(c, t->scale);
    if (k > 0) luma[x] = mix(luma[x], t->y_value, k);
}

#if defined(__x86_64__)
#include <immintrin.h>
#define VT_AVX2 __attribute__((target("avx2")))

static int has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/// min(c, 1) where c > 0, else 0 (NaN included): what a sample adds to its block's sum.
VT_AVX2 static inline __m256 clamped8(__m256 c) {
    return _mm256_and_ps(_mm256_min_ps(c, _mm256_set1_ps(1)), _mm256_cmp_ps(c, _mm256_setzero_ps(), _CMP_GT_OQ));
}

/// Weights (16-bit fixed point) of eight coverages already `clamped8`, as `weight` computes one.
VT_AVX2 static inline __m256i weights8(__m256 clamped, __m256 scale) {
    const __m256 a = _mm256_mul_ps(clamped, scale);
    const __m256 changes = _mm256_cmp_ps(_mm256_mul_ps(a, _mm256_set1_ps(255)), _mm256_set1_ps(32768), _CMP_GE_OQ);
    return _mm256_and_si256(_mm256_cvttps_epi32(_mm256_add_ps(a, _mm256_set1_ps(0.5f))), _mm256_castps_si256(changes));
}

/// `mix` of eight bytes (in 32-bit lanes) with eight weights and values.
VT_AVX2 static inline __m256i mix8(__m256i old, __m256i value, __m256i k) {
    const __m256i sum = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(old, _mm256_sub_epi32(_mm256_set1_epi32(65536), k)),
                                                          _mm256_mullo_epi32(value, k)),
                                         _mm256_set1_epi32(32768));
    return _mm256_srai_epi32(sum, 16);
}

/// Sixteen bytes from two vectors of eight 32-bit lanes (each 0…255), in order.
VT_AVX2 static inline __m128i pack16(__m256i low, __m256i high) {
    const __m256i words = _mm256_permute4x64_epi64(_mm256_packus_epi32(low, high), 0xD8);
    return _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
}

/// Luma samples `x ..< end` of a row from an even `x`, sixteen at a time; returns where it stopped.
VT_AVX2 static size_t tint_row_avx2(const vt_yuv420_tint *t, const float *coverage, uint8_t *luma, size_t x, size_t end,
                                    size_t first_block) {
    const __m256 scale = _mm256_set1_ps(t->scale);
    const __m256i value = _mm256_set1_epi32(t->y_value);
    for (; x + 16 <= end; x += 16) {
        const __m256 m0 = clamped8(_mm256_loadu_ps(coverage + x)), m1 = clamped8(_mm256_loadu_ps(coverage + x + 8));
        // Block b's sum gets its left sample, then its right one (adding 0 for a skipped sample
        // leaves the sum, which is never −0, unchanged).
        const __m256 left = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(m0, m1, 0x88)), 0xD8));
        const __m256 right = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(m0, m1, 0xDD)), 0xD8));
        float *sums = t->sums + ((x >> 1) - first_block);
        _mm256_storeu_ps(sums, _mm256_add_ps(_mm256_add_ps(_mm256_loadu_ps(sums), left), right));

        const __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(luma + x));
        const __m256i low = mix8(_mm256_cvtepu8_epi32(bytes), value, weights8(m0, scale));
        const __m256i high = mix8(_mm256_cvtepu8_epi32(_mm_srli_si128(bytes, 8)), value, weights8(m1, scale));
        _mm_storeu_si128((__m128i *)(void *)(luma + x), pack16(low, high));
    }
    return x;
}

/// Blocks `bx ..< end` of block row `by` whose two columns are in the image, eight at a time, with
/// `pixels` pixels each; returns where it stopped.
VT_AVX2 static size_t tint_chroma_avx2(const vt_yuv420_tint *t, size_t by, size_t bx, size_t end, size_t first_block, float pixels) {
    const __m256 scale = _mm256_set1_ps(t->scale), count = _mm256_set1_ps(pixels);
    for (; bx + 8 <= end; bx += 8) {
        const __m256 sum = _mm256_loadu_ps(t->sums + (bx - first_block));
        // A sum that is not positive (no covered pixel) gives a weight of 0 here too.
        const __m256i k = weights8(clamped8(_mm256_div_ps(sum, count)), scale);
        uint8_t *u = t->u + by * t->u_stride + bx * t->chroma_step, *v = t->v + by * t->v_stride + bx * t->chroma_step;
        if (t->chroma_step == 1) {
            const __m128i old = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)u),
                                                   _mm_loadl_epi64((const __m128i *)(const void *)v));
            const __m256i newU = mix8(_mm256_cvtepu8_epi32(old), _mm256_set1_epi32(t->u_value), k);
            const __m256i newV = mix8(_mm256_cvtepu8_epi32(_mm_srli_si128(old, 8)), _mm256_set1_epi32(t->v_value), k);
            const __m128i packed = pack16(newU, newV);
            _mm_storel_epi64((__m128i *)(void *)u, packed);
            _mm_storel_epi64((__m128i *)(void *)v, _mm_srli_si128(packed, 8));
        } else {
            // Interleaved: the pair of block b is bytes 2b and 2b + 1 from the lower pointer.
            uint8_t *pairs = u < v ? u : v;
            const int32_t first = u < v ? t->u_value : t->v_value, second = u < v ? t->v_value : t->u_value;
            const __m256i values = _mm256_setr_epi32(first, second, first, second, first, second, first, second);
            const __m128i old = _mm_loadu_si128((const __m128i *)(const void *)pairs);
            const __m256i low = mix8(_mm256_cvtepu8_epi32(old), values,
                                     _mm256_permutevar8x32_epi32(k, _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3)));
            const __m256i high = mix8(_mm256_cvtepu8_epi32(_mm_srli_si128(old, 8)), values,
                                      _mm256_permutevar8x32_epi32(k, _mm256_setr_epi32(4, 4, 5, 5, 6, 6, 7, 7)));
            _mm_storeu_si128((__m128i *)(void *)pairs, pack16(low, high));
        }
    }
    return bx;
}
#else
static int has_avx2(void) { return 0; }
static size_t tint_chroma_avx2(const vt_yuv420_tint *t, size_t by, size_t bx, size_t end, size_t first_block, float pixels) {
    (void)t; (void)by; (void)end; (void)first_block; (void)pixels;
    return bx;
}
static size_t tint_row_avx2(const vt_yuv420_tint *t, const float *coverage, uint8_t *luma, size_t x, size_t end,
                            size_t first_block) {
    (void)t; (void)coverage; (void)luma; (void)end; (void)first_block;
    return x;
}
#endif

void vt_yuv420_tint_blend(const vt_yuv420_tint *t) {
    const int vectorized = has_avx2();
    const size_t first_block = t->x0 / 2, end_block = (t->x1 + 1) / 2;
    for (size_t by = t->y0 / 2; by < (t->y1 + 1) / 2; by++) {
        for (size_t b = 0; b < end_block - first_block; b++) t->sums[b] = 0;
        const size_t top = 2 * by > t->y0 ? 2 * by : t->y0, bottom = 2 * by + 2 < t->y1 ? 2 * by + 2 : t->y1;
        for (size_t y = top; y < bottom; y++) {
            // Indexed by image column x.
            const float *coverage = t->coverage + (ptrdiff_t)(y - t->coverage_y) * (ptrdiff_t)t->coverage_stride - (ptrdiff_t)t->coverage_x;
            uint8_t *luma = t->luma + y * t->luma_stride;
            size_t x = t->x0;
            if (x % 2 == 1 && x < t->x1) tint_pixel(t, coverage, luma, x++, first_block);
            if (vectorized) x = tint_row_avx2(t, coverage, luma, x, t->x1, first_block);
            for (; x < t->x1; x++) tint_pixel(t, coverage, luma, x, first_block);
        }
        // Each chroma sample with the mean coverage of its block's pixels in the image (those
        // outside the box count as 0).
        const size_t rows = (2 * by + 2 < t->height ? 2 * by + 2 : t->height) - 2 * by;
        size_t bx = first_block;
        if (vectorized) {
            const size_t whole_end = end_block < t->width / 2 ? end_block : t->width / 2;
            bx = tint_chroma_avx2(t, by, bx, whole_end, first_block, (float)(rows * 2));
        }
        for (; bx < end_block; bx++) {
            const float sum = t->sums[bx - first_block];
            if (!(sum > 0)) continue;
            const size_t columns = (2 * bx + 2 < t->width ? 2 * bx + 2 : t->width) - 2 * bx;
            const int32_t k = weight(sum / (float)(rows * columns), t->scale);
            if (k == 0) continue;
            uint8_t *u = t->u + by * t->u_stride + bx * t->chroma_step, *v = t->v + by * t->v_stride + bx * t->chroma_step;
            *u = mix(*u, t->u_value, k);
            *v = mix(*v, t->v_value, k);
        }
    }
}
