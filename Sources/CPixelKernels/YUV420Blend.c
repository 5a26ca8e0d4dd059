// Groups of four pixels of a YUV 4:2:0 crop (Imaging's warp, group path), two groups per step:
// the luma and chroma of the 32 taps are read with one 4-byte load per pixel and row (a luma load
// holds the left and right columns; a chroma load holds the left sample and the next one, which
// the right column takes when x is odd, and for NV12 the V samples too), converted to RGB in
// 32-bit lanes as YUV.Decoder does, and blended with OpenCV's integer weights as PackedRGB.blend
// does, so the bytes are the per-pixel path's.
#include "CPixelKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define VT_AVX2 __attribute__((target("avx2")))

int vt_yuv420_blend_groups_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/// The 4 bytes at `base + offsets[i]` in lane i, by scalar loads (AVX2's gather is slower on the
/// AMD processors we measure).
VT_AVX2 static inline __m256i gather(const uint8_t *base, __m256i offsets) {
    int32_t at[8];
    _mm256_storeu_si256((__m256i *)(void *)at, offsets);
    int32_t lanes[8];
    for (int i = 0; i < 8; i++) __builtin_memcpy(&lanes[i], base + at[i], 4);
    return _mm256_loadu_si256((const __m256i *)(const void *)lanes);
}

/// Byte `shift / 8` of each lane.
VT_AVX2 static inline __m256i byte_at(__m256i lanes, int shift) {
    return _mm256_and_si256(_mm256_srli_epi32(lanes, shift), _mm256_set1_epi32(0xFF));
}

/// The right column's chroma sample from a read at the left one's: the next sample (`step` bytes
/// on) where x is odd, else the same.
VT_AVX2 static inline __m256i right_sample(__m256i lanes, __m256i odd, int step) {
    return _mm256_blendv_epi8(byte_at(lanes, 0), byte_at(lanes, 8 * step), odd);
}

/// `min(max(x, 0), 255)`.
VT_AVX2 static inline __m256i clamp_byte(__m256i x) {
    return _mm256_min_epi32(_mm256_max_epi32(x, _mm256_setzero_si256()), _mm256_set1_epi32(255));
}

/// The YUV → RGB coefficients in every lane.
typedef struct coefficients { __m256i cy, cub, cug, cvg, cvr, luma_offset; } coefficients;

/// `image`'s coefficients in every lane.
VT_AVX2 static inline coefficients coefficients_of(const vt_yuv420 *image) {
    return (coefficients){_mm256_set1_epi32(image->cy), _mm256_set1_epi32(image->cub), _mm256_set1_epi32(image->cug),
                          _mm256_set1_epi32(image->cvg), _mm256_set1_epi32(image->cvr), _mm256_set1_epi32(image->luma_offset)};
}

/// Four values of group `at` in lanes 0-3 and four of group `next` in lanes 4-7, from `offset`
/// (0: the X positions, 4: the Y positions).
VT_AVX2 static inline __m256i pair_lanes(const int32_t *at, const int32_t *next, int offset) {
    return _mm256_set_m128i(_mm_loadu_si128((const __m128i *)(const void *)(next + offset)),
                            _mm_loadu_si128((const __m128i *)(const void *)(at + offset)));
}

/// YUV.Decoder's conversion of 8 taps (values 0…255 in each 32-bit lane).
VT_AVX2 static inline void convert(const coefficients *c, __m256i y, __m256i u, __m256i v, __m256i rgb[3]) {
    const __m256i uc = _mm256_sub_epi32(u, _mm256_set1_epi32(128)), vc = _mm256_sub_epi32(v, _mm256_set1_epi32(128));
    const __m256i half = _mm256_set1_epi32(1 << 19);
    const __m256i luma = _mm256_mullo_epi32(_mm256_max_epi32(_mm256_sub_epi32(y, c->luma_offset), _mm256_setzero_si256()), c->cy);
    const __m256i ruv = _mm256_add_epi32(half, _mm256_mullo_epi32(c->cvr, vc));
    const __m256i guv = _mm256_add_epi32(_mm256_add_epi32(half, _mm256_mullo_epi32(c->cvg, vc)), _mm256_mullo_epi32(c->cug, uc));
    const __m256i buv = _mm256_add_epi32(half, _mm256_mullo_epi32(c->cub, uc));
    rgb[0] = clamp_byte(_mm256_srai_epi32(_mm256_add_epi32(luma, ruv), 20));
    rgb[1] = clamp_byte(_mm256_srai_epi32(_mm256_add_epi32(luma, guv), 20));
    rgb[2] = clamp_byte(_mm256_srai_epi32(_mm256_add_epi32(luma, buv), 20));
}

/// `(a | b << 16)·(wa | wb << 16)` summed in 32-bit lanes: `a·wa + b·wb` for a, b ≤ 8160 and
/// weights ≤ 32.
VT_AVX2 static inline __m256i weigh(__m256i a, __m256i b, __m256i weights) {
    return _mm256_madd_epi16(_mm256_or_si256(a, _mm256_slli_epi32(b, 16)), weights);
}

/// PackedRGB.blend of the converted taps (top left and right, bottom left and right) of 8 pixels
/// with the fractions of their positions `px`, `py` (1/32 px): per 128-bit half, the 4 pixels'
/// bytes R G B, then 4 bytes of zeros.
VT_AVX2 static inline __m256i blend(const __m256i lt[3], const __m256i rt[3], const __m256i lb[3], const __m256i rb[3],
                                    __m256i px, __m256i py) {
    // ((32 − fy)·((32 − fx)·p00 + fx·p01) + fy·((32 − fx)·p10 + fx·p11) + 512) >> 10.
    const __m256i fraction = _mm256_set1_epi32(31), thirty_two = _mm256_set1_epi32(32);
    const __m256i fx = _mm256_and_si256(px, fraction), fy = _mm256_and_si256(py, fraction);
    const __m256i horizontal = _mm256_or_si256(_mm256_sub_epi32(thirty_two, fx), _mm256_slli_epi32(fx, 16));
    const __m256i vertical = _mm256_or_si256(_mm256_sub_epi32(thirty_two, fy), _mm256_slli_epi32(fy, 16));
    __m256i channel[3];
    for (int k = 0; k < 3; k++) {
        const __m256i upper_sum = weigh(lt[k], rt[k], horizontal), lower_sum = weigh(lb[k], rb[k], horizontal);
        channel[k] = _mm256_srli_epi32(_mm256_add_epi32(weigh(upper_sum, lower_sum, vertical), _mm256_set1_epi32(512)), 10);
    }
    // Per 128-bit half: bytes r0..r3 g0..g3 b0..b3 0 0 0 0, then R G B per pixel.
    const __m256i order = _mm256_setr_epi8(0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15,
                                           0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15);
    const __m256i bytes = _mm256_packus_epi16(_mm256_packus_epi32(channel[0], channel[1]),
                                              _mm256_packus_epi32(channel[2], _mm256_setzero_si256()));
    return _mm256_shuffle_epi8(bytes, order);
}

/// Stores a group's 12 bytes (`pixels`, as `blend` leaves a half), or 16 when `may_overwrite`.
VT_AVX2 static inline void store_group(__m128i pixels, int may_overwrite, uint8_t *destination) {
    if (may_overwrite) {
        _mm_storeu_si128((__m128i *)(void *)destination, pixels);
    } else {
        _mm_storel_epi64((__m128i *)(void *)destination, pixels);
        const int32_t last = _mm_extract_epi32(pixels, 2);
        __builtin_memcpy(destination + 8, &last, 4);
    }
}

/// Whether every lane of `offsets` in `half_mask` (movemask bytes) is below `limit`.
VT_AVX2 static inline int below(__m256i offsets, __m256i limit, int half_mask) {
    return (_mm256_movemask_epi8(_mm256_cmpgt_epi32(limit, offsets)) & half_mask) == half_mask;
}

/// In every lane, the end of the offsets a 4-byte read may start at in `count` bytes.
VT_AVX2 static inline __m256i read_limit(size_t count) {
    return _mm256_set1_epi32(count < 4 ? 0 : count - 3 > INT32_MAX ? INT32_MAX : (int32_t)(count - 3));
}

VT_AVX2 size_t vt_yuv420_blend_groups(const vt_yuv420 *image, const int32_t *positions, size_t first, size_t end,
                                      size_t overwriting, uint8_t *out) {
    // Offsets are computed in 32 bits: strides below 32768 and rows below 32767.
    if (image->luma_stride > 32767 || image->u_stride > 32767 || image->v_stride > 32767) return 0;
    // 0 <= sx <= last column and 0 <= sy <= last row, both below 32767 (OpenCV saturates to int16).
    const __m256i last_column = _mm256_set1_epi32((image->width - 1 < 32767 ? image->width - 1 : 32767) - 1);
    const __m256i last_row = _mm256_set1_epi32((image->height - 1 < 32767 ? image->height - 1 : 32767) - 1);
    const __m256i luma_limit = read_limit(image->luma_count), u_limit = read_limit(image->u_count);
    const __m256i v_limit = read_limit(image->v_count);
    const __m256i luma_stride = _mm256_set1_epi32((int32_t)image->luma_stride);
    const __m256i u_stride = _mm256_set1_epi32((int32_t)image->u_stride), v_stride = _mm256_set1_epi32((int32_t)image->v_stride);
    const __m256i one = _mm256_set1_epi32(1);
    const int step = (int)image->chroma_step;
    const __m256i chroma_step = _mm256_set1_epi32(step);
    const int interleaved = step == 2 && image->v == image->u + 1;
    const coefficients c = coefficients_of(image);
    size_t group = first;
    while (group < end) {
        // Two groups at a time: group g in lanes 0-3, group g + 1 in lanes 4-7 (or g again when
        // there is none, or when it cannot be blended; then only g is written).
        const int32_t *at = positions + 8 * group;
        const int32_t *next = group + 1 < end ? at + 8 : at;
        int pair = group + 1 < end;
        __m256i px, py, sx, sy, top, bottom, column, upper, lower, u_upper, u_lower, v_upper, v_lower;
        for (;;) {
            px = pair_lanes(at, next, 0);
            py = pair_lanes(at, next, 4);
            sx = _mm256_srai_epi32(px, 5);
            sy = _mm256_srai_epi32(py, 5);
            top = _mm256_add_epi32(_mm256_mullo_epi32(sy, luma_stride), sx);
            bottom = _mm256_add_epi32(top, luma_stride);
            column = _mm256_mullo_epi32(_mm256_srai_epi32(sx, 1), chroma_step);
            upper = _mm256_srai_epi32(sy, 1);
            lower = _mm256_srai_epi32(_mm256_add_epi32(sy, one), 1);
            u_upper = _mm256_add_epi32(_mm256_mullo_epi32(upper, u_stride), column);
            u_lower = _mm256_add_epi32(_mm256_mullo_epi32(lower, u_stride), column);
            v_upper = _mm256_add_epi32(_mm256_mullo_epi32(upper, v_stride), column);
            v_lower = _mm256_add_epi32(_mm256_mullo_epi32(lower, v_stride), column);
            const __m256i outside = _mm256_or_si256(_mm256_or_si256(sx, sy), _mm256_or_si256(_mm256_sub_epi32(last_column, sx),
                                                                                             _mm256_sub_epi32(last_row, sy)));
            const int signs = _mm256_movemask_ps(_mm256_castsi256_ps(outside));
            const int low_ok = (signs & 0x0F) == 0 && below(bottom, luma_limit, 0xFFFF) && below(u_lower, u_limit, 0xFFFF)
                && below(v_lower, v_limit, 0xFFFF);
            if (!low_ok) return group - first;
            const int high_ok = (signs & 0xF0) == 0 && below(bottom, luma_limit, (int)0xFFFF0000) && below(u_lower, u_limit, (int)0xFFFF0000)
                && below(v_lower, v_limit, (int)0xFFFF0000);
            if (high_ok || next == at) break;
            // Group g + 1 has a tap outside: blend g alone (its taps in both halves).
            next = at;
            pair = 0;
        }
        const __m256i odd = _mm256_cmpeq_epi32(_mm256_and_si256(sx, one), one);

        // Per tap (left top, right top, left bottom, right bottom) Y, U and V of the 8 pixels.
        const __m256i luma_top = gather(image->luma, top), luma_bottom = gather(image->luma, bottom);
        __m256i u_top, u_bottom, v_top, v_bottom;
        if (interleaved) {
            // NV12: one read per row holds U and V of the left sample and of the next.
            u_top = gather(image->u, u_upper);
            u_bottom = gather(image->u, u_lower);
            v_top = _mm256_srli_epi32(u_top, 8);
            v_bottom = _mm256_srli_epi32(u_bottom, 8);
        } else {
            u_top = gather(image->u, u_upper);
            u_bottom = gather(image->u, u_lower);
            v_top = gather(image->v, v_upper);
            v_bottom = gather(image->v, v_lower);
        }
        __m256i lt[3], rt[3], lb[3], rb[3];
        convert(&c, byte_at(luma_top, 0), byte_at(u_top, 0), byte_at(v_top, 0), lt);
        convert(&c, byte_at(luma_top, 8), right_sample(u_top, odd, step), right_sample(v_top, odd, step), rt);
        convert(&c, byte_at(luma_bottom, 0), byte_at(u_bottom, 0), byte_at(v_bottom, 0), lb);
        convert(&c, byte_at(luma_bottom, 8), right_sample(u_bottom, odd, step), right_sample(v_bottom, odd, step), rb);

        const __m256i pixels = blend(lt, rt, lb, rb, px, py);
        const __m128i low = _mm256_castsi256_si128(pixels), high = _mm256_extracti128_si256(pixels, 1);
        uint8_t *destination = out + 12 * group;
        store_group(low, group < overwriting, destination);
        if (!pair) return group + 1 - first;
        store_group(high, group + 1 < overwriting, destination + 12);
        group += 2;
    }
    return group - first;
}

/// Byte `offsets[i]` of `base` in lane i.
VT_AVX2 static inline __m256i gather_bytes(const uint8_t *base, __m256i offsets) {
    int32_t at[8];
    _mm256_storeu_si256((__m256i *)(void *)at, offsets);
    return _mm256_setr_epi32(base[at[0]], base[at[1]], base[at[2]], base[at[3]], base[at[4]], base[at[5]], base[at[6]],
                             base[at[7]]);
}

/// `min(max(x, 0), last)` in each lane.
VT_AVX2 static inline __m256i clamp_to(__m256i x, int32_t last) {
    return _mm256_min_epi32(_mm256_max_epi32(x, _mm256_setzero_si256()), _mm256_set1_epi32(last));
}

/// One tap of 8 pixels at the clamped columns `x` and rows `y`: Y, U and V read as single bytes
/// and converted to RGB.
VT_AVX2 static inline void clamped_tap(const vt_yuv420 *image, const coefficients *c, __m256i x, __m256i y, __m256i rgb[3]) {
    const __m256i luma = _mm256_add_epi32(_mm256_mullo_epi32(y, _mm256_set1_epi32((int32_t)image->luma_stride)), x);
    const __m256i column = _mm256_mullo_epi32(_mm256_srai_epi32(x, 1), _mm256_set1_epi32((int32_t)image->chroma_step));
    const __m256i row = _mm256_srai_epi32(y, 1);
    const __m256i u = _mm256_add_epi32(_mm256_mullo_epi32(row, _mm256_set1_epi32((int32_t)image->u_stride)), column);
    const __m256i v = _mm256_add_epi32(_mm256_mullo_epi32(row, _mm256_set1_epi32((int32_t)image->v_stride)), column);
    convert(c, gather_bytes(image->luma, luma), gather_bytes(image->u, u), gather_bytes(image->v, v), rgb);
}

VT_AVX2 size_t vt_yuv420_blend_replicated_groups(const vt_yuv420 *image, const int32_t *positions, size_t first,
                                                 size_t end, size_t overwriting, uint8_t *out) {
    // Offsets are computed in 32 bits, and clamping the raw column and row gives what clamping
    // OpenCV's int16-saturated ones does, below 32768.
    if (image->luma_stride > 32767 || image->u_stride > 32767 || image->v_stride > 32767 || image->width > 32767
        || image->height > 32767 || image->width < 1 || image->height < 1) {
        return 0;
    }
    const coefficients c = coefficients_of(image);
    const __m256i one = _mm256_set1_epi32(1);
    for (size_t group = first; group < end; group += 2) {
        // Group g in lanes 0-3, group g + 1 in lanes 4-7 (g again when there is none).
        const int32_t *at = positions + 8 * group, *next = group + 1 < end ? at + 8 : at;
        const __m256i px = pair_lanes(at, next, 0), py = pair_lanes(at, next, 4);
        const __m256i sx = _mm256_srai_epi32(px, 5), sy = _mm256_srai_epi32(py, 5);
        const __m256i left = clamp_to(sx, image->width - 1), right = clamp_to(_mm256_add_epi32(sx, one), image->width - 1);
        const __m256i upper = clamp_to(sy, image->height - 1), lower = clamp_to(_mm256_add_epi32(sy, one), image->height - 1);
        __m256i lt[3], rt[3], lb[3], rb[3];
        clamped_tap(image, &c, left, upper, lt);
        clamped_tap(image, &c, right, upper, rt);
        clamped_tap(image, &c, left, lower, lb);
        clamped_tap(image, &c, right, lower, rb);
        const __m256i pixels = blend(lt, rt, lb, rb, px, py);
        store_group(_mm256_castsi256_si128(pixels), group < overwriting, out + 12 * group);
        if (group + 1 < end) store_group(_mm256_extracti128_si256(pixels, 1), group + 1 < overwriting, out + 12 * (group + 1));
    }
    return end - first;
}
#else
int vt_yuv420_blend_groups_available(void) { return 0; }

size_t vt_yuv420_blend_groups(const vt_yuv420 *image, const int32_t *positions, size_t first, size_t end,
                              size_t overwriting, uint8_t *out) {
    (void)image; (void)positions; (void)first; (void)end; (void)overwriting; (void)out;
    return 0;
}

size_t vt_yuv420_blend_replicated_groups(const vt_yuv420 *image, const int32_t *positions, size_t first, size_t end,
                                         size_t overwriting, uint8_t *out) {
    (void)image; (void)positions; (void)first; (void)end; (void)overwriting; (void)out;
    return 0;
}
#endif
