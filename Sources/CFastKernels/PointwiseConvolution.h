// The panel layout of the 1×1 convolution (PointwiseConvolutionPanels.c), used by
// PointwiseConvolution.c for 16 or more output channels other than 24 and 40, and the fused
// epilogue (docs/engine.md §4.3) that both kernels apply and store with.
#ifndef CFASTKERNELS_POINTWISE_H
#define CFASTKERNELS_POINTWISE_H

#include <math.h>

#include "CFastKernels.h"
#include "Dispatch.h"

size_t fk_pointwise_panels_packed_count(size_t lanes, size_t input_channels, size_t output_channels);
void fk_pointwise_panels_pack(size_t lanes, size_t input_channels, size_t output_channels, const float *weights,
                              const float *bias, float *packed);
void fk_pointwise_panels_pixels(const fk_pointwise *op, size_t start, size_t end);
/// Pixels per register block for a convolution of this many pixels: 8 if they divide it, else 7.
size_t fk_pointwise_panels_block_pixels(size_t pixels);

/// Whether the node has a fused epilogue (an ADD, a PRELU or both).
static inline int fk_pointwise_has_epilogue(const fk_pointwise *op) { return op->residual != NULL || op->slope != NULL; }

/// What a copy of an AVX2 kernel's loops applies after the multiply-adds (a constant in each
/// copy): a PRELU (`FK_SLOPES`), an ADD (`FK_RESIDUAL`), the convolution's clamp and the ADD's.
/// `FK_FULL`: every vector stored is whole and, with an ADD, has a residual channel in every lane
/// (no partial vectors to test for). `FK_IF_PRESENT`: the PRELU and the ADD apply where the node
/// has them, tested at each store (one copy of the loops for every epilogue).
enum { FK_SLOPES = 1, FK_RESIDUAL = 2, FK_CLAMP = 4, FK_ADD_CLAMP = 8, FK_FULL = 16, FK_IF_PRESENT = 32 };

/// Every variant `fk_pointwise_variant` returns, `X(name, variant)`, named in the order its steps
/// apply: the convolution's clamp, the ADD, the ADD's clamp, the PRELU.
#define FK_POINTWISE_VARIANTS(X)                                                                           \
    X(clamp, FK_CLAMP)                                                                                     \
    X(prelu, FK_SLOPES)                                                                                    \
    X(clamp_prelu, FK_CLAMP | FK_SLOPES)                                                                   \
    X(add, FK_RESIDUAL)                                                                                    \
    X(clamp_add, FK_CLAMP | FK_RESIDUAL)                                                                   \
    X(add_clamp, FK_RESIDUAL | FK_ADD_CLAMP)                                                               \
    X(clamp_add_clamp, FK_CLAMP | FK_RESIDUAL | FK_ADD_CLAMP)                                              \
    X(add_prelu, FK_RESIDUAL | FK_SLOPES)                                                                  \
    X(clamp_add_prelu, FK_CLAMP | FK_RESIDUAL | FK_SLOPES)                                                 \
    X(add_clamp_prelu, FK_RESIDUAL | FK_ADD_CLAMP | FK_SLOPES)                                             \
    X(clamp_add_clamp_prelu, FK_CLAMP | FK_RESIDUAL | FK_ADD_CLAMP | FK_SLOPES)

/// The copy a node runs. A node with an epilogue skips each clamp whose bounds are both infinite:
/// such a clamp leaves every number as it is (only a NaN would differ: the vector clamp makes it
/// −∞, the portable code's comparisons keep it), and without the bounds' vectors its stores fit in
/// the registers (docs/engine.md §4.3).
static inline int fk_pointwise_variant(const fk_pointwise *op) {
    if (!fk_pointwise_has_epilogue(op)) return FK_CLAMP;
    const int clamp = op->output_min != -INFINITY || op->output_max != INFINITY ? FK_CLAMP : 0;
    const int slopes = op->slope != NULL ? FK_SLOPES : 0;
    if (op->residual == NULL) return slopes | clamp;
    return FK_RESIDUAL | slopes | clamp | (op->residual_min != -INFINITY || op->residual_max != INFINITY ? FK_ADD_CLAMP : 0);
}

/// The fused epilogue on one value of output channel `channel` of pixel `pixel`.
static inline float fk_pointwise_epilogue(const fk_pointwise *op, float y, size_t pixel, size_t channel) {
    if (op->residual != NULL) {
        const size_t R = op->residual_channels;
        y = (channel < R ? op->residual[pixel * R + channel] : 0.0f) + y;
        y = y < op->residual_min ? op->residual_min : y;
        y = y > op->residual_max ? op->residual_max : y;
    }
    return op->slope != NULL ? fk_prelu(y, op->slope[channel]) : y;
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
fk_epilogue_avx2 fk_epilogue_avx2_make(const fk_pointwise *op, size_t channel, ptrdiff_t lanes) {
    fk_epilogue_avx2 e = {.channel = channel};
    const size_t R = op->residual_channels;
    e.residual_lanes = op->residual == NULL || channel >= R ? 0 : R - channel < (size_t)lanes ? (ptrdiff_t)(R - channel) : lanes;
    e.residual_mask = fk_lane_mask8(0, e.residual_lanes);
    e.low = _mm256_set1_ps(op->residual_min);
    e.high = _mm256_set1_ps(op->residual_max);
    if (op->slope != NULL) {
        e.slope = fk_load_first8(op->slope + channel, lanes);
    }
    return e;
}

/// The fused epilogue on one 8-lane vector `y` of clamped outputs of pixel `pixel`, in registers
/// before it is stored; the ADD's clamp only with `FK_ADD_CLAMP` in `variant` (a constant in each
/// copy of the loops).
FK_AVX2 static inline __attribute__((always_inline))
__m256 fk_epilogue_avx2_apply(const fk_pointwise *op, const fk_epilogue_avx2 *e, __m256 y, size_t pixel, const int variant) {
    if ((variant & FK_RESIDUAL) && (!(variant & FK_IF_PRESENT) || op->residual != NULL)) {
        const float *r0 = op->residual + pixel * op->residual_channels + e->channel;
        const __m256 r = (variant & FK_FULL) || e->residual_lanes == 8 ? _mm256_loadu_ps(r0)
                       : e->residual_lanes > 0 ? _mm256_maskload_ps(r0, e->residual_mask) : _mm256_setzero_ps();
        y = _mm256_add_ps(r, y);
        if (variant & FK_ADD_CLAMP) y = _mm256_min_ps(_mm256_max_ps(y, e->low), e->high);
    }
    if ((variant & FK_SLOPES) && (!(variant & FK_IF_PRESENT) || op->slope != NULL)) y = fk_prelu8(y, e->slope);
    return y;
}

/// One vector of outputs of pixel `p`, its channels `column ..< column + lanes`: the
/// accumulator `y` clamped and given the epilogue as `variant` (a constant in each copy of the
/// loops; `fk_pointwise_variant`) says, in registers, then stored.
FK_AVX2 static inline __attribute__((always_inline))
void fk_pointwise_store_avx2(const fk_pointwise *op, __m256 y, __m256 vmin, __m256 vmax, const fk_epilogue_avx2 *epilogue,
                             size_t p, size_t column, ptrdiff_t lanes, const int variant) {
    if (variant & FK_CLAMP) y = _mm256_min_ps(_mm256_max_ps(y, vmin), vmax);
    if (variant & (FK_SLOPES | FK_RESIDUAL)) y = fk_epilogue_avx2_apply(op, epilogue, y, p, variant);
    fk_store_first8(op->output + p * op->output_channels + column, y, variant & FK_FULL ? 8 : lanes);
}

/// The fused epilogue on one 16-lane vector `y` of clamped outputs, still in registers, before it
/// is stored: lanes `mask` of pixel `pixel`, channels from `channel`. With AVX-512's 32
/// registers the multiply-add loops keep theirs; the kernels call this only in the copies of
/// their loops made for fused nodes (a constant `fused` argument), so the others run unchanged.
FK_AVX512 static inline __attribute__((always_inline))
__m512 fk_pointwise_epilogue_avx512(const fk_pointwise *op, __m512 y, size_t pixel, size_t channel, __mmask16 mask) {
    if (op->residual != NULL) {
        // Channels past the residual's own add zeros (a channel PAD folded in).
        const size_t R = op->residual_channels;
        __mmask16 inside = mask;
        if (R != op->output_channels) {
            const size_t have = channel >= R ? 0 : R - channel;
            inside &= have >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << have) - 1);
        }
        const __m512 r = _mm512_maskz_loadu_ps(inside, op->residual + pixel * R + channel);
        y = _mm512_min_ps(_mm512_max_ps(_mm512_add_ps(r, y), _mm512_set1_ps(op->residual_min)), _mm512_set1_ps(op->residual_max));
    }
    if (op->slope != NULL) {
        const __m512 s = _mm512_maskz_loadu_ps(mask, op->slope + channel);
        y = _mm512_mask_mul_ps(y, _mm512_test_epi32_mask(_mm512_castps_si512(y), _mm512_set1_epi32(INT32_MIN)), y, s);
    }
    return y;
}

/// The same on an 8-lane vector (lanes `mask` of its 8).
FK_AVX512VL static inline __attribute__((always_inline))
__m256 fk_pointwise_epilogue_avx512vl(const fk_pointwise *op, __m256 y, size_t pixel, size_t channel, __mmask8 mask) {
    return _mm512_castps512_ps256(fk_pointwise_epilogue_avx512(op, _mm512_castps256_ps512(y), pixel, channel, mask));
}
#endif

#endif
