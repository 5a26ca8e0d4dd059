// 1×1 convolution to 8 channels. Each output pixel is a dot product over the input channels, 8
// outputs wide: one 8-lane accumulator per pixel, eight pixels at a time, and per input channel
// one broadcast of the pixel's value times the channel's 8 weights.
#include "CFastKernels.h"
#include "Dispatch.h"

#if FK_X86
#include <immintrin.h>
#endif

// Layout: 16 floats per block: the bias twice, then for each input channel k its 8 weights twice.
size_t fk_pointwise8_packed_count(size_t input_channels) { return (input_channels + 1) * 16; }

void fk_pointwise8_pack(size_t input_channels, const float *weights, const float *bias, float *packed) {
    for (size_t l = 0; l < 16; l++) {
        packed[l] = bias != NULL ? bias[l % 8] : 0.0f;
        for (size_t k = 0; k < input_channels; k++) packed[(k + 1) * 16 + l] = weights[(l % 8) * input_channels + k];
    }
}

static inline float clamp(const fk_pointwise8 *op, float x) {
    x = x < op->output_min ? op->output_min : x;
    return x > op->output_max ? op->output_max : x;
}

static void pixels_scalar(const fk_pointwise8 *op, size_t start, size_t end) {
    const size_t K = op->input_channels;
    for (size_t p = start; p < end; p++) {
        const float *a = op->input + p * K;
        for (size_t o = 0; o < 8; o++) {
            float acc = op->packed[o];
            for (size_t k = 0; k < K; k++) acc += a[k] * op->packed[(k + 1) * 16 + o];
            op->output[p * 8 + o] = clamp(op, acc);
        }
    }
}

#if FK_X86
/// `count` (1 to 8) pixels from `p`, one 8-lane accumulator each. 256-bit fused multiply-adds with
/// the input value broadcast: Zen 4 runs two of them per cycle, as many multiply-adds as one
/// 512-bit instruction, with no lane left idle.
FK_AVX512VL static inline __attribute__((always_inline))
void block_avx512vl(const fk_pointwise8 *op, size_t p, const size_t count, const size_t K) {
    const float *a = op->input + p * K;
    __m256 acc[8];
    const __m256 vbias = _mm256_loadu_ps(op->packed);
    for (size_t i = 0; i < count; i++) acc[i] = vbias;
    for (size_t k = 0; k < K; k++) {
        const __m256 w = _mm256_loadu_ps(op->packed + (k + 1) * 16);
        for (size_t i = 0; i < count; i++) acc[i] = _mm256_fmadd_ps(_mm256_set1_ps(a[i * K + k]), w, acc[i]);
    }
    const __m256 vmin = _mm256_set1_ps(op->output_min), vmax = _mm256_set1_ps(op->output_max);
    for (size_t i = 0; i < count; i++) {
        _mm256_storeu_ps(op->output + (p + i) * 8, _mm256_min_ps(_mm256_max_ps(acc[i], vmin), vmax));
    }
}

FK_AVX512VL static inline __attribute__((always_inline))
void pixels_avx512(const fk_pointwise8 *op, size_t start, size_t end, const size_t K) {
    size_t p = start;
    for (; p + 8 <= end; p += 8) block_avx512vl(op, p, 8, K);
    for (; p < end; p++) block_avx512vl(op, p, 1, K);
}

FK_AVX512VL static void pixels_avx512_8(const fk_pointwise8 *op, size_t start, size_t end) { pixels_avx512(op, start, end, 8); }
FK_AVX512VL static void pixels_avx512_16(const fk_pointwise8 *op, size_t start, size_t end) { pixels_avx512(op, start, end, 16); }
FK_AVX512VL static void pixels_avx512_any(const fk_pointwise8 *op, size_t start, size_t end) {
    pixels_avx512(op, start, end, op->input_channels);
}
#endif

void fk_pointwise8_pixels(const fk_pointwise8 *op, size_t start, size_t end) {
#if FK_X86
    if (op->lanes == 16) {
        if (op->input_channels == 8) pixels_avx512_8(op, start, end);
        else if (op->input_channels == 16) pixels_avx512_16(op, start, end);
        else pixels_avx512_any(op, start, end);
        return;
    }
#endif
    pixels_scalar(op, start, end);
}

void fk_pointwise8_task(void *context, size_t task) {
    const fk_pointwise8 *op = (const fk_pointwise8 *)context;
    const size_t start = task * op->pixels_per_task;
    if (start >= op->pixels) return;
    const size_t end = op->pixels - start < op->pixels_per_task ? op->pixels : start + op->pixels_per_task;
    fk_pointwise8_pixels(op, start, end);
}
