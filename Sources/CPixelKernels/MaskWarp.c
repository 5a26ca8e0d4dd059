// The float bilinear warp of segmentation masks (Imaging's FloatImage.warpAffine, docs/pipeline.md
// §6.6): OpenCV's INTER_LINEAR with positions in 1/32 pixel and float weights. The scalar pixel
// below is the definition; on x86-64 with AVX2, groups of eight pixels whose taps are all inside
// the source are blended in vector lanes with the same operations in the same order (multiplies
// and adds, never fused), and groups whose taps are all outside are skipped. Imaging's
// ReferenceWarp is the independent check of both.
#include "CPixelKernels.h"

#include <string.h>

// A multiply and the add after it stay two roundings (no fused multiply-add), as in OpenCV and
// ReferenceWarp.
#pragma STDC FP_CONTRACT OFF

/// `x >> 5` of OpenCV's fixed-point position, saturated to int16 as OpenCV's `saturate_cast<short>`.
static inline int32_t source_index(int32_t position) {
    const int32_t x = position >> 5;
    return x < -32768 ? -32768 : x > 32767 ? 32767 : x;
}

/// The source value at (x, y), or 0 outside.
static inline float tap(const vt_mask_warp *warp, int32_t x, int32_t y) {
    if (x < 0 || y < 0 || x >= warp->source_width || y >= warp->source_height) return 0;
    return warp->source[(size_t)y * (size_t)warp->source_width + (size_t)x];
}

/// One output pixel from its positions in 1/32 pixel; left as it is when all four taps are outside.
static inline void warp_pixel(const vt_mask_warp *warp, int32_t xi, int32_t yi, float *out) {
    const int32_t w = warp->source_width, h = warp->source_height;
    const int32_t sx = source_index(xi), sy = source_index(yi);
    if (sx < -1 || sy < -1 || sx >= w || sy >= h) return;
    const float fx = (float)(xi & 31) * (1.0f / 32), fy = (float)(yi & 31) * (1.0f / 32);
    const float w00 = (1 - fy) * (1 - fx), w01 = (1 - fy) * fx, w10 = fy * (1 - fx), w11 = fy * fx;
    float p00, p01, p10, p11;
    if (sx >= 0 && sy >= 0 && sx < w - 1 && sy < h - 1) {
        const float *top = warp->source + (size_t)sy * (size_t)w + (size_t)sx;
        p00 = top[0];
        p01 = top[1];
        p10 = top[w];
        p11 = top[w + 1];
    } else {
        p00 = tap(warp, sx, sy);
        p01 = tap(warp, sx + 1, sy);
        p10 = tap(warp, sx, sy + 1);
        p11 = tap(warp, sx + 1, sy + 1);
    }
    float value = p00 * w00;
    value += p01 * w01;
    value += p10 * w10;
    value += p11 * w11;
    *out = value;
}

/// `a + b` wrapping, as OpenCV's int arithmetic does on x86.
static inline int32_t wrapping_add(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }

/// Pixels `first ..< end` of row `y`, one by one.
static void warp_pixels(const vt_mask_warp *warp, int32_t y, int32_t first, int32_t end) {
    float *out = warp->out + (size_t)y * (size_t)warp->width;
    for (int32_t x = first; x < end; x++) {
        warp_pixel(warp, wrapping_add(warp->row_x[y], warp->column_x[x]) >> 5,
                   wrapping_add(warp->row_y[y], warp->column_y[x]) >> 5, out + x);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>
#define VT_AVX2 __attribute__((target("avx2")))

/// The floats at `p[0], p[1]` and `q[0], q[1]`, in that order.
VT_AVX2 static inline __m128 two_pairs(const float *p, const float *q) {
    int64_t a, b;
    memcpy(&a, p, 8);
    memcpy(&b, q, 8);
    return _mm_castsi128_ps(_mm_set_epi64x(b, a));
}

/// Row `y` in groups of eight pixels, the rest (and groups with taps both inside and outside) one
/// by one. Only for sources at most 32767 pixels wide and high, where an unsaturated index is
/// inside or outside exactly when the saturated one is.
VT_AVX2 static void warp_row_avx2(const vt_mask_warp *warp, int32_t y) {
    const int32_t w = warp->source_width;
    const __m256i row_x = _mm256_set1_epi32(warp->row_x[y]), row_y = _mm256_set1_epi32(warp->row_y[y]);
    const __m256i last_x = _mm256_set1_epi32(w - 1), last_y = _mm256_set1_epi32(warp->source_height - 1);
    const __m256i minus_one = _mm256_set1_epi32(-1), minus_two = _mm256_set1_epi32(-2), fraction = _mm256_set1_epi32(31);
    const __m256i stride = _mm256_set1_epi32(w);
    const __m256 one = _mm256_set1_ps(1), step = _mm256_set1_ps(1.0f / 32);
    float *out = warp->out + (size_t)y * (size_t)warp->width;
    int32_t x = 0;
    for (; x + 8 <= warp->width; x += 8) {
        const __m256i xi = _mm256_srai_epi32(_mm256_add_epi32(row_x, _mm256_loadu_si256((const __m256i *)(const void *)(warp->column_x + x))), 5);
        const __m256i yi = _mm256_srai_epi32(_mm256_add_epi32(row_y, _mm256_loadu_si256((const __m256i *)(const void *)(warp->column_y + x))), 5);
        const __m256i sx = _mm256_srai_epi32(xi, 5), sy = _mm256_srai_epi32(yi, 5);
        const __m256i inside = _mm256_and_si256(
            _mm256_and_si256(_mm256_cmpgt_epi32(sx, minus_one), _mm256_cmpgt_epi32(last_x, sx)),
            _mm256_and_si256(_mm256_cmpgt_epi32(sy, minus_one), _mm256_cmpgt_epi32(last_y, sy)));
        if (_mm256_movemask_epi8(inside) != -1) {
            const __m256i outside = _mm256_or_si256(
                _mm256_or_si256(_mm256_cmpgt_epi32(minus_two, sx), _mm256_cmpgt_epi32(sx, last_x)),
                _mm256_or_si256(_mm256_cmpgt_epi32(minus_two, sy), _mm256_cmpgt_epi32(sy, last_y)));
            if (_mm256_movemask_epi8(outside) != -1) warp_pixels(warp, y, x, x + 8);
            continue;
        }
        const __m256 fx = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(xi, fraction)), step);
        const __m256 fy = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(yi, fraction)), step);
        const __m256 gx = _mm256_sub_ps(one, fx), gy = _mm256_sub_ps(one, fy);
        int32_t at[8];
        _mm256_storeu_si256((__m256i *)(void *)at, _mm256_add_epi32(_mm256_mullo_epi32(sy, stride), sx));
        const float *s = warp->source;
        // Pixels 0, 1 | 4, 5 and 2, 3 | 6, 7, so that one shuffle per 128-bit half puts them in order.
        const __m256 top_a = _mm256_setr_m128(two_pairs(s + at[0], s + at[1]), two_pairs(s + at[4], s + at[5]));
        const __m256 top_b = _mm256_setr_m128(two_pairs(s + at[2], s + at[3]), two_pairs(s + at[6], s + at[7]));
        const __m256 bottom_a = _mm256_setr_m128(two_pairs(s + at[0] + w, s + at[1] + w), two_pairs(s + at[4] + w, s + at[5] + w));
        const __m256 bottom_b = _mm256_setr_m128(two_pairs(s + at[2] + w, s + at[3] + w), two_pairs(s + at[6] + w, s + at[7] + w));
        const __m256 p00 = _mm256_shuffle_ps(top_a, top_b, 0x88), p01 = _mm256_shuffle_ps(top_a, top_b, 0xDD);
        const __m256 p10 = _mm256_shuffle_ps(bottom_a, bottom_b, 0x88), p11 = _mm256_shuffle_ps(bottom_a, bottom_b, 0xDD);
        __m256 value = _mm256_mul_ps(p00, _mm256_mul_ps(gy, gx));
        value = _mm256_add_ps(value, _mm256_mul_ps(p01, _mm256_mul_ps(gy, fx)));
        value = _mm256_add_ps(value, _mm256_mul_ps(p10, _mm256_mul_ps(fy, gx)));
        value = _mm256_add_ps(value, _mm256_mul_ps(p11, _mm256_mul_ps(fy, fx)));
        _mm256_storeu_ps(out + x, value);
    }
    warp_pixels(warp, y, x, warp->width);
}

static int avx2_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}
#endif

void vt_mask_warp_affine(const vt_mask_warp *warp, int32_t first_row, int32_t end_row) {
#if defined(__x86_64__)
    if (warp->source_width <= 32767 && warp->source_height <= 32767 && avx2_available()) {
        for (int32_t y = first_row; y < end_row; y++) warp_row_avx2(warp, y);
        return;
    }
#endif
    for (int32_t y = first_row; y < end_row; y++) warp_pixels(warp, y, 0, warp->width);
}
