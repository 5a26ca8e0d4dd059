// 1×1 convolution. To 8, 24 or 40 channels, each output pixel is a dot product over the input
// channels, N outputs wide: N / 8 accumulators of 8 lanes per pixel, several pixels at a time, and
// per input channel one broadcast of each pixel's value times the channel's N weights. Fewer than
// 8 channels (a detector's score and box heads: 2, 4 or 6) take one accumulator whose first N lanes
// are stored. Other channel counts from 16 on go to the panel kernel of
// PointwiseConvolutionPanels.c.
#include <math.h>

#include "CFastKernels.h"
#include "Dispatch.h"
#include "PointwiseConvolution.h"

#if FK_X86
#include <immintrin.h>
#endif

/// Whether `output_channels` go to the panel kernel.
static int uses_panels(size_t output_channels) {
    return output_channels >= 16 && output_channels != 24 && output_channels != 40;
}

int fk_pointwise_supports(size_t output_channels) {
    return (output_channels >= 2 && output_channels <= 8) || output_channels >= 16;
}

/// Floats per packed row (the bias, then each input channel's weights): the output channels, or
/// a whole vector of 8 when the vector code computes fewer (zeros after them).
static size_t row_width(size_t lanes, size_t output_channels) {
    return lanes != 1 && output_channels < 8 ? 8 : output_channels;
}

int fk_pointwise_supports_patches(size_t lanes, size_t output_channels) {
    return lanes != 16 && uses_panels(output_channels);
}

/// Pixels per block of the 8-lane kernels for M = output_channels / 8 accumulators per pixel:
/// accumulators, weights and the broadcast value within 16 registers (24 channels take 3 pixels:
/// by 4 they filled all 16, and one accumulator went to the stack; docs/engine.md §4.2).
#define BLOCK_PIXELS_AVX2(M) ((M) == 1 ? 12 : (M) == 3 ? 3 : 2)

size_t fk_pointwise_block_pixels(size_t lanes, size_t pixels, size_t output_channels) {
    if (uses_panels(output_channels)) return lanes == 8 ? 6 : fk_pointwise_panels_block_pixels(pixels);
    if (output_channels < 8) return 8;   // the copy that tests for each part of the epilogue
    return lanes == 8 ? BLOCK_PIXELS_AVX2(output_channels / 8) : 8;
}

// Layout: a row of the N biases, then for each input channel k a row of the N weights of k (rows
// of `row_width` floats).
size_t fk_pointwise_packed_count(size_t lanes, size_t input_channels, size_t output_channels) {
    if (uses_panels(output_channels)) return fk_pointwise_panels_packed_count(lanes, input_channels, output_channels);
    return (input_channels + 1) * row_width(lanes, output_channels);
}

void fk_pointwise_pack(size_t lanes, size_t input_channels, size_t output_channels, const float *weights,
                       const float *bias, float *packed) {
    if (uses_panels(output_channels)) {
        fk_pointwise_panels_pack(lanes, input_channels, output_channels, weights, bias, packed);
        return;
    }
    const size_t N = output_channels, width = row_width(lanes, N);
    for (size_t o = 0; o < width; o++) {
        packed[o] = bias != NULL && o < N ? bias[o] : 0.0f;
        for (size_t k = 0; k < input_channels; k++) packed[(k + 1) * width + o] = o < N ? weights[o * input_channels + k] : 0.0f;
    }
}

static inline float clamp(const fk_pointwise *op, float x) {
    x = x < op->output_min ? op->output_min : x;
    return x > op->output_max ? op->output_max : x;
}

/// The output pixel is the accumulator: the loops over o are over contiguous, independent sums
/// (which vectorize on any processor), each still adding its terms in k order.
static void pixels_scalar(const fk_pointwise *op, size_t start, size_t end) {
    const size_t K = op->input_channels, N = op->output_channels;
    for (size_t p = start; p < end; p++) {
        const float *a = op->input + p * K;
        float *out = op->output + p * N;
        for (size_t o = 0; o < N; o++) out[o] = op->packed[o];
        for (size_t k = 0; k < K; k++) {
            const float ak = a[k], *w = op->packed + (k + 1) * N;
            for (size_t o = 0; o < N; o++) out[o] = fmaf(ak, w[o], out[o]);
        }
        for (size_t o = 0; o < N; o++) out[o] = fk_pointwise_epilogue(op, clamp(op, out[o]), p, o);
    }
}

#if FK_X86
/// `count` pixels from `p`, M = N / 8 accumulators of 8 lanes each. 256-bit fused multiply-adds
/// with the input value broadcast: Zen 4 runs two of them per cycle, as many multiply-adds as one
/// 512-bit instruction, with no lane left idle.
FK_AVX512VL static inline __attribute__((always_inline))
void block_avx512vl(const fk_pointwise *op, size_t p, const size_t count, const size_t K, const size_t M, const int fused) {
    const size_t N = 8 * M;
    const float *a = op->input + p * K;
    __m256 acc[24];
    for (size_t i = 0; i < count; i++) {
        for (size_t m = 0; m < M; m++) acc[i * M + m] = _mm256_loadu_ps(op->packed + 8 * m);
    }
    for (size_t k = 0; k < K; k++) {
        const float *wk = op->packed + (k + 1) * N;
        __m256 w[5];
        for (size_t m = 0; m < M; m++) w[m] = _mm256_loadu_ps(wk + 8 * m);
        for (size_t i = 0; i < count; i++) {
            const __m256 x = _mm256_set1_ps(a[i * K + k]);
            for (size_t m = 0; m < M; m++) acc[i * M + m] = _mm256_fmadd_ps(x, w[m], acc[i * M + m]);
        }
    }
    const __m256 vmin = _mm256_set1_ps(op->output_min), vmax = _mm256_set1_ps(op->output_max);
    for (size_t i = 0; i < count; i++) {
        for (size_t m = 0; m < M; m++) {
            __m256 y = _mm256_min_ps(_mm256_max_ps(acc[i * M + m], vmin), vmax);
            if (fused) y = fk_pointwise_epilogue_avx512vl(op, y, p + i, 8 * m, 0xFF);
            _mm256_storeu_ps(op->output + (p + i) * N + 8 * m, y);
        }
    }
}

/// Pixels per block for M accumulators per pixel: as many as 24 accumulators allow (of the 32
/// registers, the rest hold weights and the broadcast value).
#define BLOCK_PIXELS(M) ((M) == 1 ? 8 : 24 / (M))

FK_AVX512VL static inline __attribute__((always_inline))
void pixels_avx512_with(const fk_pointwise *op, size_t start, size_t end, const size_t K, const size_t M, const int fused) {
    const size_t block = BLOCK_PIXELS(M);
    size_t p = start;
    for (; p + block <= end; p += block) block_avx512vl(op, p, block, K, M, fused);
    for (; p < end; p++) block_avx512vl(op, p, 1, K, M, fused);
}

/// A copy of the loops with the fused epilogue (`fused` a constant in each), one without, both
/// reading a local copy of the operation (see `PANEL_VARIANT_FUNCTION` in PointwiseConvolutionPanels.c).
FK_AVX512VL static inline __attribute__((always_inline))
void pixels_avx512(const fk_pointwise *operation, size_t start, size_t end, const size_t K, const size_t M) {
    const fk_pointwise local = *operation, *op = &local;
    if (fk_pointwise_has_epilogue(op)) pixels_avx512_with(op, start, end, K, M, 1);
    else pixels_avx512_with(op, start, end, K, M, 0);
}

FK_AVX512VL static void pixels_8x8(const fk_pointwise *op, size_t start, size_t end) { pixels_avx512(op, start, end, 8, 1); }
FK_AVX512VL static void pixels_16x8(const fk_pointwise *op, size_t start, size_t end) { pixels_avx512(op, start, end, 16, 1); }
FK_AVX512VL static void pixels_any_x8(const fk_pointwise *op, size_t start, size_t end) {
    pixels_avx512(op, start, end, op->input_channels, 1);
}
FK_AVX512VL static void pixels_any_x24(const fk_pointwise *op, size_t start, size_t end) {
    pixels_avx512(op, start, end, op->input_channels, 3);
}
FK_AVX512VL static void pixels_any_x40(const fk_pointwise *op, size_t start, size_t end) {
    pixels_avx512(op, start, end, op->input_channels, 5);
}

/// `block_avx512vl` for AVX2 and FMA, with at most 15 accumulators (16 registers), the epilogue
/// applied in registers before the store as `variant` (a constant in each copy) says.
FK_AVX2 static inline __attribute__((always_inline))
void block_avx2(const fk_pointwise *op, size_t p, const size_t count, const size_t K, const size_t M, const int variant) {
    const size_t N = 8 * M;
    const float *a = op->input + p * K;
    __m256 acc[12];
    for (size_t i = 0; i < count; i++) {
        for (size_t m = 0; m < M; m++) acc[i * M + m] = _mm256_loadu_ps(op->packed + 8 * m);
    }
    for (size_t k = 0; k < K; k++) {
        const float *wk = op->packed + (k + 1) * N;
        __m256 w[5];
        for (size_t m = 0; m < M; m++) w[m] = _mm256_loadu_ps(wk + 8 * m);
        for (size_t i = 0; i < count; i++) {
            const __m256 x = _mm256_broadcast_ss(a + i * K + k);
            for (size_t m = 0; m < M; m++) acc[i * M + m] = _mm256_fmadd_ps(x, w[m], acc[i * M + m]);
        }
    }
    const __m256 vmin = _mm256_set1_ps(op->output_min), vmax = _mm256_set1_ps(op->output_max);
    for (size_t m = 0; m < M; m++) {
        // Fewer than 8 channels (only in the copies without FK_FULL): the first N lanes.
        const ptrdiff_t lanes = variant & FK_FULL || op->output_channels >= 8 ? 8 : (ptrdiff_t)op->output_channels;
        const fk_epilogue_avx2 epilogue =
            variant & (FK_SLOPES | FK_RESIDUAL) ? fk_epilogue_avx2_make(op, 8 * m, lanes) : (fk_epilogue_avx2){0};
        for (size_t i = 0; i < count; i++) {
            fk_pointwise_store_avx2(op, acc[i * M + m], vmin, vmax, &epilogue, p + i, 8 * m, lanes, variant);
        }
    }
}

/// The pixels `start ..< end`, M accumulators each, as `variant` says, reading a local copy of the
/// operation (see `PANEL_VARIANT_FUNCTION` in PointwiseConvolutionPanels.c).
FK_AVX2 static inline __attribute__((always_inline))
void pixels_avx2_with(const fk_pointwise *operation, size_t start, size_t end, const size_t M, const int variant) {
    const fk_pointwise local = *operation, *op = &local;
    const int fused = variant & (FK_SLOPES | FK_RESIDUAL);
    const size_t block = fused && M == 1 ? 8 : BLOCK_PIXELS_AVX2(M), K = op->input_channels;
    size_t p = start;
    for (; p + block <= end; p += block) block_avx2(op, p, block, K, M, variant);
    for (; p < end; p++) block_avx2(op, p, 1, K, M, variant);
}

/// A copy of the loops for 8, 24 and 40 channels and each variant (`FK_POINTWISE_VARIANTS`), a
/// function of its own (see `PANEL_VARIANT_FUNCTION` in PointwiseConvolutionPanels.c), whose
/// vectors are all whole (`FK_FULL`); and one that tests for each part of the epilogue
/// (`FK_IF_PRESENT`), for a residual narrower than the output (a channel PAD folded in) and for
/// fewer than 8 channels.
#define POINTWISE_FUNCTIONS(name, variant)                                                                 \
    FK_AVX2 static __attribute__((noinline)) void x8_##name##_avx2(const fk_pointwise *op, size_t start,  \
                                                                    size_t end) {                          \
        pixels_avx2_with(op, start, end, 1, variant);                                                      \
    }                                                                                                      \
    FK_AVX2 static __attribute__((noinline)) void x24_##name##_avx2(const fk_pointwise *op, size_t start, \
                                                                     size_t end) {                         \
        pixels_avx2_with(op, start, end, 3, variant);                                                      \
    }                                                                                                      \
    FK_AVX2 static __attribute__((noinline)) void x40_##name##_avx2(const fk_pointwise *op, size_t start, \
                                                                     size_t end) {                         \
        pixels_avx2_with(op, start, end, 5, variant);                                                      \
    }
#define WHOLE_POINTWISE_FUNCTIONS(name, variant) POINTWISE_FUNCTIONS(name, (variant) | FK_FULL)
FK_POINTWISE_VARIANTS(WHOLE_POINTWISE_FUNCTIONS)
POINTWISE_FUNCTIONS(if_present, FK_SLOPES | FK_RESIDUAL | FK_CLAMP | FK_ADD_CLAMP | FK_IF_PRESENT)
#undef WHOLE_POINTWISE_FUNCTIONS
#undef POINTWISE_FUNCTIONS

/// The 8-, 24- or 40-channel copy (`M` = 1, 3 or 5 accumulators per pixel) for the node's variant,
/// or with fewer than 8 channels (`M` = 1) the one that tests for each part.
FK_AVX2 static void pixels_avx2(const fk_pointwise *op, size_t start, size_t end, size_t M) {
#define POINTWISE_CALL(name) \
    (M == 1 ? x8_##name##_avx2 : M == 3 ? x24_##name##_avx2 : x40_##name##_avx2)(op, start, end)
    if (op->output_channels < 8 || (op->residual != NULL && op->residual_channels < op->output_channels)) {
        POINTWISE_CALL(if_present);
        return;
    }
    switch (fk_pointwise_variant(op)) {
#define POINTWISE_CASE(name, variant) \
    case variant: POINTWISE_CALL(name); break;
    FK_POINTWISE_VARIANTS(POINTWISE_CASE)
#undef POINTWISE_CASE
    default: break;   // fk_pointwise_variant returns one of the variants
    }
#undef POINTWISE_CALL
}
#endif

void fk_pointwise_pixels(const fk_pointwise *op, size_t start, size_t end) {
    if (uses_panels(op->output_channels)) {
        fk_pointwise_panels_pixels(op, start, end);
        return;
    }
#if FK_X86
    if (op->lanes >= 8 && op->output_channels < 8) {
        // AVX-512 too: a pixel's channels fill less than one 8-lane vector.
        pixels_avx2(op, start, end, 1);
        return;
    }
    if (op->lanes == 16) {
        const size_t K = op->input_channels;
        switch (op->output_channels) {
        case 8:
            if (K == 8) pixels_8x8(op, start, end);
            else if (K == 16) pixels_16x8(op, start, end);
            else pixels_any_x8(op, start, end);
            return;
        case 24: pixels_any_x24(op, start, end); return;
        case 40: pixels_any_x40(op, start, end); return;
        default: break;
        }
    }
    if (op->lanes == 8) {
        switch (op->output_channels) {
        case 8: pixels_avx2(op, start, end, 1); return;
        case 24: pixels_avx2(op, start, end, 3); return;
        case 40: pixels_avx2(op, start, end, 5); return;
        default: break;
        }
    }
#endif
    pixels_scalar(op, start, end);
}

void fk_pointwise_task(void *context, size_t task) {
    const fk_pointwise *op = (const fk_pointwise *)context;
    size_t start, end;
    if (!fk_task_range(task, op->pixels_per_task, op->pixels, &start, &end)) return;
    fk_pointwise_pixels(op, start, end);
}
