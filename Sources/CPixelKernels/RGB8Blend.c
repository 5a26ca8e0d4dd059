// Groups of four pixels of an RGB8 crop (Imaging's warp, group path) with AVX2, two groups a step:
// one 8-byte read per pixel and row holds both taps' R G B (the left column's 3 bytes, then the
// right's), the rows are interleaved byte by byte and blended vertically by `maddubs` with the
// weights 32 − fy and fy, then horizontally by `madd` with 32 − fx and fx:
//   ((32 − fx)·((32 − fy)·top_l + fy·bottom_l) + fx·((32 − fy)·top_r + fy·bottom_r) + 512) >> 10,
// which is OpenCV's `(Σ p·w + 2^14) >> 15` with `w00 = (32 − fx)(32 − fy)·32` and so on, divided
// by 32 (PackedRGB.blend; the same bytes as the Swift group path, RGB8Reader+Group.swift). At a
// replicated border each tap's column and row are clamped into the picture first and its 3 bytes
// read on their own, into the same layout as the 8-byte reads.
#include "CPixelKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

#include "GroupStore.h"

int vt_rgb8_blend_lanes(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 8 : 0;
}

#define VT_AVX2 __attribute__((target("avx2")))

/// Pixel a in the low 128 bits and pixel b in the high: each one's top and bottom 8 bytes (its
/// left tap's R G B, then its right tap's), interleaved byte by byte.
VT_AVX2 static inline __m256i rows_of_pair(__m128i top_a, __m128i bottom_a, __m128i top_b, __m128i bottom_b) {
    return _mm256_set_m128i(_mm_unpacklo_epi8(top_b, bottom_b), _mm_unpacklo_epi8(top_a, bottom_a));
}

/// One pair's three channels as 32-bit sums `(32 − fx)·V_l + fx·V_r + 512`, V the vertical blends.
VT_AVX2 static inline __m256i blend_pair(__m256i rows, __m256i vertical_weights, __m256i horizontal_weights) {
    // V of R G B (left), R G B (right) and two unused values, in 16-bit lanes (at most 8160).
    const __m256i vertical = _mm256_maddubs_epi16(rows, vertical_weights);
    // Left and right of each channel side by side: 16-bit lanes 0 3, 1 4, 2 5, 6 7.
    const __m256i order = _mm256_broadcastsi128_si256(_mm_setr_epi8(0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11, 12, 13, 14, 15));
    const __m256i sums = _mm256_madd_epi16(_mm256_shuffle_epi8(vertical, order), horizontal_weights);
    return _mm256_add_epi32(sums, _mm256_set1_epi32(512));
}

/// Blends two groups, pixel i of the first (lanes 0-3 of `xs`, `ys`) from `rows[i]`'s low 128
/// bits and pixel i of the second from its high, and stores the first group's bytes at `out`, the
/// second's after them when `store_second`.
VT_AVX2 static inline void blend_two_groups(const __m256i rows[4], __m256i xs, __m256i ys, int store_second,
                                            int first_may_overwrite, int second_may_overwrite, uint8_t *out) {
    const __m256i fractions = _mm256_set1_epi32(31), thirty_two = _mm256_set1_epi32(32);
    const __m256i fx = _mm256_and_si256(xs, fractions), fy = _mm256_and_si256(ys, fractions);
    // Bytes 32 − fy, fy repeated (maddubs: the pixel bytes unsigned, the weights signed); 16-bit
    // 32 − fx, fx repeated (madd).
    const __m256i pair = _mm256_or_si256(_mm256_sub_epi32(thirty_two, fy), _mm256_slli_epi32(fy, 8));
    const __m256i vertical = _mm256_or_si256(pair, _mm256_slli_epi32(pair, 16));
    const __m256i horizontal = _mm256_or_si256(_mm256_sub_epi32(thirty_two, fx), _mm256_slli_epi32(fx, 16));
    const __m256i s0 = blend_pair(rows[0], _mm256_shuffle_epi32(vertical, 0x00), _mm256_shuffle_epi32(horizontal, 0x00));
    const __m256i s1 = blend_pair(rows[1], _mm256_shuffle_epi32(vertical, 0x55), _mm256_shuffle_epi32(horizontal, 0x55));
    const __m256i s2 = blend_pair(rows[2], _mm256_shuffle_epi32(vertical, 0xAA), _mm256_shuffle_epi32(horizontal, 0xAA));
    const __m256i s3 = blend_pair(rows[3], _mm256_shuffle_epi32(vertical, 0xFF), _mm256_shuffle_epi32(horizontal, 0xFF));
    // Each sum >> 10 is at most 255: packing saturates nothing.
    const __m256i low = _mm256_packus_epi32(_mm256_srli_epi32(s0, 10), _mm256_srli_epi32(s1, 10));
    const __m256i high = _mm256_packus_epi32(_mm256_srli_epi32(s2, 10), _mm256_srli_epi32(s3, 10));
    // Per 128 bits: pixels 0 1 2 3 (or 4 5 6 7) as R G B ·, then R G B of each packed together.
    const __m256i bytes = _mm256_packus_epi16(low, high);
    const __m256i packed = _mm256_shuffle_epi8(
        bytes, _mm256_broadcastsi128_si256(_mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 3, 7, 11, 15)));
    store_group(_mm256_castsi256_si128(packed), first_may_overwrite, out);
    if (store_second) store_group(_mm256_extracti128_si256(packed, 1), second_may_overwrite, out + 12);
}

/// Group `at` and the next in the lanes `blend_two_groups` takes: X in `*xs`, Y in `*ys`, the
/// first group in lanes 0-3 and the second in 4-7 (the first again when `second` is 0).
VT_AVX2 static inline void group_pair(const int32_t *at, int second, __m256i *xs, __m256i *ys) {
    const __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)at);
    const __m256i b = second ? _mm256_loadu_si256((const __m256i *)(const void *)(at + 8)) : a;
    *xs = _mm256_permute2x128_si256(a, b, 0x20);
    *ys = _mm256_permute2x128_si256(a, b, 0x31);
}

VT_AVX2 static inline __m128i load_8(const uint8_t *at) { return _mm_loadl_epi64((const __m128i *)(const void *)at); }

VT_AVX2 size_t vt_rgb8_blend_groups(vt_rgb8 image, const int32_t *positions, size_t first, size_t end,
                                    size_t overwriting, uint8_t *out) {
    const __m256i last_column = _mm256_set1_epi32(image.group_last_column);
    const __m256i last_row = _mm256_set1_epi32(image.group_last_row);
    const __m256i stride = _mm256_set1_epi32((int32_t)image.row_stride);
    const uint8_t *top = image.base;
    const ptrdiff_t below = image.row_stride;
    size_t group = first;
    while (group < end) {
        __m256i xs, ys;
        group_pair(positions + 8 * group, group + 1 < end, &xs, &ys);
        __m256i sx = _mm256_srai_epi32(xs, 5), sy = _mm256_srai_epi32(ys, 5);
        // Inside when no lane of the OR has its sign bit set: 0 ≤ sx ≤ last column, 0 ≤ sy ≤ last row.
        const __m256i outside = _mm256_or_si256(_mm256_or_si256(sx, sy), _mm256_or_si256(_mm256_sub_epi32(last_column, sx),
                                                                                      _mm256_sub_epi32(last_row, sy)));
        const int signs = _mm256_movemask_ps(_mm256_castsi256_ps(outside));
        if (signs & 0x0F) break;
        const int both = group + 1 < end && (signs & 0xF0) == 0;
        if (!both) {
            // The first group alone: its lanes repeated, so that no read leaves the image.
            group_pair(positions + 8 * group, 0, &xs, &ys);
            sx = _mm256_srai_epi32(xs, 5);
            sy = _mm256_srai_epi32(ys, 5);
        }
        // sy · stride + 3 · sx: sy < 32767 and the stride below 32768, a 16×16-bit product.
        int32_t at[8];
        _mm256_storeu_si256((__m256i *)(void *)at,
                            _mm256_add_epi32(_mm256_madd_epi16(sy, stride), _mm256_add_epi32(sx, _mm256_add_epi32(sx, sx))));
        __m256i rows[4];
        for (int i = 0; i < 4; i++) {
            const uint8_t *a = top + at[i], *b = top + at[i + 4];
            rows[i] = rows_of_pair(load_8(a), load_8(a + below), load_8(b), load_8(b + below));
        }
        blend_two_groups(rows, xs, ys, both, group < overwriting, group + 1 < overwriting, out + 12 * group);
        group += both ? 2 : 1;
        if (!both) break;
    }
    return group - first;
}

/// The 3 bytes R G B at `offset` in the low 24 bits, read as 4 bytes that stay in the picture:
/// those ending with B, or at the first pixel those starting with R.
static inline uint64_t pixel_at(const uint8_t *base, int32_t offset) {
    uint32_t value;
    if (offset > 0) {
        __builtin_memcpy(&value, base + offset - 1, 4);
        return value >> 8;
    }
    __builtin_memcpy(&value, base, 4);
    return value & 0xFFFFFF;
}

/// A pixel's row of taps as an 8-byte read inside the picture would give it: the left tap's R G B,
/// then the right's.
VT_AVX2 static inline __m128i taps_8(const uint8_t *base, int32_t left, int32_t right) {
    return _mm_cvtsi64_si128((long long)(pixel_at(base, left) | pixel_at(base, right) << 24));
}

VT_AVX2 static inline __m256i clamped(__m256i v, __m256i last) {
    return _mm256_min_epi32(_mm256_max_epi32(v, _mm256_setzero_si256()), last);
}

VT_AVX2 static size_t blend_replicated_avx2(vt_rgb8 image, const int32_t *positions, size_t first, size_t end,
                                            size_t overwriting, uint8_t *out) {
    const __m256i last_column = _mm256_set1_epi32(image.width - 1), last_row = _mm256_set1_epi32(image.height - 1);
    const __m256i stride = _mm256_set1_epi32((int32_t)image.row_stride), one = _mm256_set1_epi32(1);
    const __m256i group_last_column = _mm256_set1_epi32(image.group_last_column);
    const __m256i group_last_row = _mm256_set1_epi32(image.group_last_row);
    size_t group = first;
    for (; group < end; group += 2) {
        const int both = group + 1 < end;
        __m256i xs, ys;
        group_pair(positions + 8 * group, both, &xs, &ys);
        const __m256i sx = _mm256_srai_epi32(xs, 5), sy = _mm256_srai_epi32(ys, 5);
        if (group > first) {
            // A group inside the limits ends the run: vt_rgb8_blend_groups reads it with less.
            const __m256i outside = _mm256_or_si256(_mm256_or_si256(sx, sy),
                                                    _mm256_or_si256(_mm256_sub_epi32(group_last_column, sx),
                                                                    _mm256_sub_epi32(group_last_row, sy)));
            if ((_mm256_movemask_ps(_mm256_castsi256_ps(outside)) & 0x0F) == 0) break;
        }
        const __m256i left = clamped(sx, last_column), right = clamped(_mm256_add_epi32(sx, one), last_column);
        int32_t upper[8], lower[8], l[8], r[8];
        _mm256_storeu_si256((__m256i *)(void *)upper, _mm256_madd_epi16(clamped(sy, last_row), stride));
        _mm256_storeu_si256((__m256i *)(void *)lower, _mm256_madd_epi16(clamped(_mm256_add_epi32(sy, one), last_row), stride));
        _mm256_storeu_si256((__m256i *)(void *)l, _mm256_add_epi32(left, _mm256_add_epi32(left, left)));
        _mm256_storeu_si256((__m256i *)(void *)r, _mm256_add_epi32(right, _mm256_add_epi32(right, right)));
        __m256i rows[4];
        for (int i = 0; i < 4; i++) {
            const int j = i + 4;
            rows[i] = rows_of_pair(taps_8(image.base, upper[i] + l[i], upper[i] + r[i]),
                                   taps_8(image.base, lower[i] + l[i], lower[i] + r[i]),
                                   taps_8(image.base, upper[j] + l[j], upper[j] + r[j]),
                                   taps_8(image.base, lower[j] + l[j], lower[j] + r[j]));
        }
        blend_two_groups(rows, xs, ys, both, group < overwriting, group + 1 < overwriting, out + 12 * group);
    }
    return (group < end ? group : end) - first;
}

size_t vt_rgb8_blend_replicated_groups(vt_rgb8 image, const int32_t *positions, size_t first, size_t end,
                                       size_t overwriting, uint8_t *out) {
    if (image.group_last_column < 0 || image.width > 32767 || image.height > 32767) return 0;
    return blend_replicated_avx2(image, positions, first, end, overwriting, out);
}

#else

int vt_rgb8_blend_lanes(void) { return 0; }

size_t vt_rgb8_blend_groups(vt_rgb8 image, const int32_t *positions, size_t first, size_t end,
                            size_t overwriting, uint8_t *out) {
    (void)image, (void)positions, (void)first, (void)end, (void)overwriting, (void)out;
    return 0;
}

size_t vt_rgb8_blend_replicated_groups(vt_rgb8 image, const int32_t *positions, size_t first, size_t end,
                                       size_t overwriting, uint8_t *out) {
    (void)image, (void)positions, (void)first, (void)end, (void)overwriting, (void)out;
    return 0;
}

#endif
