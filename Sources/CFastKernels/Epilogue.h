// The fused epilogue (docs/engine.md §4.3): an ADD and a PRELU applied by a convolution kernel
// to the outputs it computes, after its clamp and before the store. The 1×1 kernels and the direct
// kernel apply it through these functions, one scalar, one for AVX2's 8 lanes and one for
// AVX-512's 16.
#ifndef CFASTKERNELS_EPILOGUE_H
#define CFASTKERNELS_EPILOGUE_H

#include "CFastKernels.h"
#include "Dispatch.h"

/// Whether there is an epilogue to apply (an ADD, a PRELU or both).
static inline int fk_has_epilogue(const fk_epilogue *e) { return e->residual != NULL || e->slope != NULL; }

/// The fused epilogue on one value of output channel `channel` of pixel `pixel`.
static inline float fk_epilogue_apply(const fk_epilogue *epilogue, float y, size_t pixel, size_t channel) {
    if (epilogue->residual != NULL) {
        const size_t R = epilogue->residual_channels;
        y = (channel < R ? epilogue->residual[pixel * R + channel] : 0.0f) + y;
        y = y < epilogue->residual_min ? epilogue->residual_min : y;
        y = y > epilogue->residual_max ? epilogue->residual_max : y;
    }
    if (epilogue->slope != NULL && __builtin_signbit(y)) y = y * epilogue->slope[channel];   // the sign bit, as XNNPACK selects
    return y;
}

#if FK_X86
#include <immintrin.h>

/// What the fused epilogue needs for one 8-channel vector of outputs (channels `channel ..<
/// channel + lanes`), gathered once for all the pixels of a register block.
typedef struct fk_epilogue_avx2 {
    size_t channel;
    /// Residual channels present among the vector's (0 to 8; the rest add zeros, a channel PAD
    /// folded in).
    ptrdiff_t residual_lanes;
    __m256i residual_mask;
    __m256 low, high, slope;
} fk_epilogue_avx2;

FK_AVX2 static inline __attribute__((always_inline))
fk_epilogue_avx2 fk_epilogue_avx2_make(const fk_epilogue *epilogue, size_t channel, ptrdiff_t lanes) {
    fk_epilogue_avx2 e = {.channel = channel};
    const size_t R = epilogue->residual_channels;
    e.residual_lanes = epilogue->residual == NULL || channel >= R ? 0 : R - channel < (size_t)lanes ? (ptrdiff_t)(R - channel) : lanes;
    e.residual_mask = fk_lane_mask8(0, e.residual_lanes);
    e.low = _mm256_set1_ps(epilogue->residual_min);
    e.high = _mm256_set1_ps(epilogue->residual_max);
    if (epilogue->slope != NULL) {
        e.slope = lanes == 8 ? _mm256_loadu_ps(epilogue->slope + channel) : _mm256_maskload_ps(epilogue->slope + channel, fk_lane_mask8(0, lanes));
    }
    return e;
}

/// The fused epilogue on one 8-lane vector `y` of clamped outputs of pixel `pixel`, in registers
/// before it is stored.
FK_AVX2 static inline __attribute__((always_inline))
__m256 fk_epilogue_avx2_apply(const fk_epilogue *epilogue, const fk_epilogue_avx2 *e, __m256 y, size_t pixel) {
    if (epilogue->residual != NULL) {
        const float *r0 = epilogue->residual + pixel * epilogue->residual_channels + e->channel;
        const __m256 r = e->residual_lanes == 8 ? _mm256_loadu_ps(r0)
                       : e->residual_lanes > 0 ? _mm256_maskload_ps(r0, e->residual_mask) : _mm256_setzero_ps();
        y = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(r, y), e->low), e->high);
    }
    if (epilogue->slope != NULL) y = _mm256_blendv_ps(y, _mm256_mul_ps(y, e->slope), y);
    return y;
}

/// The fused epilogue on one 16-lane vector `y` of clamped outputs, still in registers, before it
/// is stored: lanes `mask` of pixel `pixel`, channels from `channel`. With AVX-512's 32
/// registers the multiply-add loops keep theirs; the kernels call this only in the copies of
/// their loops made for fused nodes (a constant `fused` argument), so the others run unchanged.
FK_AVX512 static inline __attribute__((always_inline))
__m512 fk_epilogue_avx512(const fk_epilogue *epilogue, __m512 y, size_t pixel, size_t channel, __mmask16 mask) {
    if (epilogue->residual != NULL) {
        // Channels past the residual's own add zeros (a channel PAD folded in).
        const size_t R = epilogue->residual_channels;
        const size_t have = channel >= R ? 0 : R - channel;
        const __mmask16 inside = mask & (have >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << have) - 1));
        const __m512 r = _mm512_maskz_loadu_ps(inside, epilogue->residual + pixel * R + channel);
        y = _mm512_min_ps(_mm512_max_ps(_mm512_add_ps(r, y), _mm512_set1_ps(epilogue->residual_min)), _mm512_set1_ps(epilogue->residual_max));
    }
    if (epilogue->slope != NULL) {
        const __m512 s = _mm512_maskz_loadu_ps(mask, epilogue->slope + channel);
        y = _mm512_mask_mul_ps(y, _mm512_test_epi32_mask(_mm512_castps_si512(y), _mm512_set1_epi32(INT32_MIN)), y, s);
    }
    return y;
}

/// The same on an 8-lane vector (lanes `mask` of its 8).
FK_AVX512VL static inline __attribute__((always_inline))
__m256 fk_epilogue_avx512vl(const fk_epilogue *epilogue, __m256 y, size_t pixel, size_t channel, __mmask8 mask) {
    return _mm512_castps512_ps256(fk_epilogue_avx512(epilogue, _mm512_castps256_ps512(y), pixel, channel, mask));
}
#endif

#endif
