// Every convolution the other kernels do not take, for the built-in backend (no XNNPACK): plain
// loops over output pixels and blocks of output channels, each output summing its terms in
// XNNPACK's order with fused multiply-adds (see CFastKernels.h), so that the built-in backend
// gives XNNPACK's bits. Simple on purpose: these nodes are a small share of each model (first
// layers, strided depthwise convolutions, fully connected heads).
#include <math.h>

#include "CFastKernels.h"
#include "Dispatch.h"

#if FK_X86
#include <immintrin.h>
#endif

/// Terms summed per output after the bias.
static size_t term_count(int depthwise, size_t input_channels, size_t kernel_height, size_t kernel_width) {
    return depthwise ? kernel_height * kernel_width : kernel_height * kernel_width * input_channels;
}

/// Output channels per packed block: 8 (lanes 8 and 16), or all of them for the portable code
/// (lanes 1), whose loops then run over whole rows of output channels and vectorize on any
/// processor.
static size_t block_width(size_t channels, size_t lanes) { return lanes == 1 ? channels : 8; }

static size_t block_count(size_t channels, size_t lanes) {
    const size_t width = block_width(channels, lanes);
    return (channels + width - 1) / width;
}

size_t fk_direct_conv_packed_count(size_t lanes, int depthwise, size_t input_channels, size_t output_channels,
                                   size_t kernel_height, size_t kernel_width) {
    return block_count(output_channels, lanes) * block_width(output_channels, lanes)
        * (1 + term_count(depthwise, input_channels, kernel_height, kernel_width));
}

void fk_direct_conv_pack(size_t lanes, int depthwise, size_t input_channels, size_t output_channels,
                         size_t kernel_height, size_t kernel_width, const float *weights, const float *bias,
                         float *packed) {
    const size_t KH = kernel_height, KW = kernel_width, I = input_channels, O = output_channels;
    const size_t terms = term_count(depthwise, I, KH, KW);
    const size_t blocks = block_count(O, lanes);
    lanes = block_width(O, lanes);
    for (size_t b = 0; b < blocks; b++) {
        float *block = packed + b * lanes * (1 + terms);
        for (size_t l = 0; l < lanes; l++) {
            const size_t o = b * lanes + l;
            const int real = o < O;
            block[l] = real && bias != NULL ? bias[o] : 0.0f;
            for (size_t ky = 0; ky < KH; ky++) {
                for (size_t kx = 0; kx < KW; kx++) {
                    if (depthwise) {
                        const size_t term = kx * KH + ky;
                        block[(1 + term) * lanes + l] = real ? weights[(ky * KW + kx) * O + o] : 0.0f;
                        continue;
                    }
                    for (size_t ci = 0; ci < I; ci++) {
                        const size_t term = (ky * KW + kx) * I + ci;
                        block[(1 + term) * lanes + l] = real ? weights[((o * KH + ky) * KW + kx) * I + ci] : 0.0f;
                    }
                }
            }
        }
    }
}

/// Input row of output row y and kernel row ky, or -1 outside the input.
static inline ptrdiff_t input_y(const fk_direct_conv *op, size_t y, size_t ky) {
    const ptrdiff_t iy = (ptrdiff_t)(y * op->stride_height + ky * op->dilation_height) - (ptrdiff_t)op->pad_top;
    return iy < (ptrdiff_t)op->input_height ? iy : -1;
}

/// Input column of output column x and kernel column kx, or -1 outside the input.
static inline ptrdiff_t input_x(const fk_direct_conv *op, size_t x, size_t kx) {
    const ptrdiff_t ix = (ptrdiff_t)(x * op->stride_width + kx * op->dilation_width) - (ptrdiff_t)op->pad_left;
    return ix < (ptrdiff_t)op->input_width ? ix : -1;
}

static inline const float *pixel(const fk_direct_conv *op, ptrdiff_t iy, ptrdiff_t ix) {
    return op->input + ((size_t)iy * op->input_width + (size_t)ix) * op->input_channels;
}

// MARK: Portable C

static void rows_scalar(const fk_direct_conv *op, size_t row_start, size_t row_end) {
    const size_t O = op->output_channels, I = op->input_channels, KH = op->kernel_height, KW = op->kernel_width;
    const float *bias = op->packed;  // one block of all O channels: bias, then one row of O weights per term
    for (size_t y = row_start; y < row_end; y++) {
        for (size_t x = 0; x < op->output_width; x++) {
            // The output pixel is the accumulator: each loop over o is over contiguous,
            // independent sums, each still adding its terms in order.
            float *out = op->output + (y * op->output_width + x) * O;
            for (size_t o = 0; o < O; o++) out[o] = bias[o];
            if (op->depthwise) {
                for (size_t kx = 0; kx < KW; kx++) {
                    const ptrdiff_t ix = input_x(op, x, kx);
                    if (ix < 0) continue;
                    for (size_t ky = 0; ky < KH; ky++) {
                        const ptrdiff_t iy = input_y(op, y, ky);
                        if (iy < 0) continue;
                        const float *in = pixel(op, iy, ix), *w = op->packed + (1 + kx * KH + ky) * O;
                        for (size_t o = 0; o < O; o++) out[o] = fmaf(in[o], w[o], out[o]);
                    }
                }
            } else {
                for (size_t ky = 0; ky < KH; ky++) {
                    const ptrdiff_t iy = input_y(op, y, ky);
                    if (iy < 0) continue;
                    for (size_t kx = 0; kx < KW; kx++) {
                        const ptrdiff_t ix = input_x(op, x, kx);
                        if (ix < 0) continue;
                        const float *in = pixel(op, iy, ix);
                        for (size_t ci = 0; ci < I; ci++) {
                            const float a = in[ci], *w = op->packed + (1 + (ky * KW + kx) * I + ci) * O;
                            for (size_t o = 0; o < O; o++) out[o] = fmaf(a, w[o], out[o]);
                        }
                    }
                }
            }
            for (size_t o = 0; o < O; o++) {
                const float v = out[o] < op->output_min ? op->output_min : out[o];
                out[o] = v > op->output_max ? op->output_max : v;
                if (op->slope != NULL) out[o] = fk_prelu(out[o], op->slope[o]);
            }
        }
    }
}

// MARK: AVX2 with FMA

#if FK_X86
/// Clamps the sums of output channels c0 ..< c0 + 8 of one pixel to the activation range, gives
/// them the slopes, if any, and stores those that exist at `out + c0` (the pixel's output).
FK_AVX2 static inline __attribute__((always_inline)) void store_block_avx2(
    const fk_direct_conv *op, __m256 sums, size_t c0, float *out) {
    const size_t O = op->output_channels, valid = O - c0 < 8 ? O - c0 : 8;
    __m256 y = _mm256_min_ps(_mm256_max_ps(sums, _mm256_set1_ps(op->output_min)), _mm256_set1_ps(op->output_max));
    if (op->slope != NULL) y = fk_prelu8(y, fk_load_first8(op->slope + c0, (ptrdiff_t)valid));
    fk_store_first8(out + c0, y, (ptrdiff_t)valid);
}

/// The lanes of blocks b0 ..< b0 + NB (of 8 output channels) of one output pixel. NB independent
/// accumulators hide the fused multiply-add's latency; each still sums its own terms in order.
FK_AVX2 static inline __attribute__((always_inline)) void pixel_blocks_avx2(
    const fk_direct_conv *op, size_t y, size_t x, size_t b0, const size_t NB, float *out) {
    const size_t O = op->output_channels, I = op->input_channels, KH = op->kernel_height, KW = op->kernel_width;
    const size_t stride = 8 * (1 + term_count(op->depthwise, I, KH, KW));
    const float *w[4];
    __m256 acc[4];
    for (size_t j = 0; j < NB; j++) {
        w[j] = op->packed + (b0 + j) * stride;
        acc[j] = _mm256_loadu_ps(w[j]);
    }
    if (op->depthwise) {
        for (size_t kx = 0; kx < KW; kx++) {
            const ptrdiff_t ix = input_x(op, x, kx);
            if (ix < 0) continue;
            for (size_t ky = 0; ky < KH; ky++) {
                const ptrdiff_t iy = input_y(op, y, ky);
                if (iy < 0) continue;
                const float *in = pixel(op, iy, ix) + b0 * 8;
                const size_t term = 8 * (1 + kx * KH + ky);
                for (size_t j = 0; j < NB; j++) {
                    const size_t valid = O - (b0 + j) * 8 < 8 ? O - (b0 + j) * 8 : 8;
                    const __m256 v = fk_load_first8(in + 8 * j, (ptrdiff_t)valid);
                    acc[j] = _mm256_fmadd_ps(v, _mm256_loadu_ps(w[j] + term), acc[j]);
                }
            }
        }
    } else {
        for (size_t ky = 0; ky < KH; ky++) {
            const ptrdiff_t iy = input_y(op, y, ky);
            if (iy < 0) continue;
            for (size_t kx = 0; kx < KW; kx++) {
                const ptrdiff_t ix = input_x(op, x, kx);
                if (ix < 0) continue;
                const float *in = pixel(op, iy, ix);
                const size_t first = 8 * (1 + (ky * KW + kx) * I);
                for (size_t ci = 0; ci < I; ci++) {
                    const __m256 a = _mm256_broadcast_ss(in + ci);
                    for (size_t j = 0; j < NB; j++) acc[j] = _mm256_fmadd_ps(a, _mm256_loadu_ps(w[j] + first + 8 * ci), acc[j]);
                }
            }
        }
    }
    for (size_t j = 0; j < NB; j++) store_block_avx2(op, acc[j], (b0 + j) * 8, out);
}

/// Every block of one output pixel, four at a time.
FK_AVX2 static void pixel_avx2(const fk_direct_conv *op, size_t y, size_t x, size_t blocks, float *out) {
    size_t b = 0;
    for (; b + 4 <= blocks; b += 4) pixel_blocks_avx2(op, y, x, b, 4, out);
    switch (blocks - b) {
    case 3: pixel_blocks_avx2(op, y, x, b, 3, out); break;
    case 2: pixel_blocks_avx2(op, y, x, b, 2, out); break;
    case 1: pixel_blocks_avx2(op, y, x, b, 1, out); break;
    default: break;
    }
}

/// Whether every kernel column of output columns x0 ..< x0 + P lies inside the input.
static inline int columns_inside(const fk_direct_conv *op, size_t x0, size_t P) {
    const ptrdiff_t first = (ptrdiff_t)(x0 * op->stride_width) - (ptrdiff_t)op->pad_left;
    const ptrdiff_t last = (ptrdiff_t)((x0 + P - 1) * op->stride_width + (op->kernel_width - 1) * op->dilation_width)
        - (ptrdiff_t)op->pad_left;
    return first >= 0 && last < (ptrdiff_t)op->input_width;
}

/// Blocks b0 ..< b0 + NB of P neighbouring output pixels x0 ..< x0 + P of a (non-depthwise)
/// convolution whose kernel columns all lie inside the input: P·NB accumulators share each weight
/// load and each input broadcast, which a first layer's few input channels need (one pixel at a
/// time loads a weight vector per multiply-add). Each output still sums its terms in order.
FK_AVX2 static inline __attribute__((always_inline)) void pixels_blocks_avx2(
    const fk_direct_conv *op, size_t y, size_t x0, const size_t P, size_t b0, const size_t NB, const size_t I,
    const size_t KH, const size_t KW, float *row) {
    const size_t O = op->output_channels;
    const size_t stride = 8 * (1 + term_count(0, I, KH, KW));
    const size_t step = op->stride_width * I;
    __m256 acc[8][3];
    for (size_t j = 0; j < NB; j++) {
        const __m256 bias = _mm256_loadu_ps(op->packed + (b0 + j) * stride);
        for (size_t p = 0; p < P; p++) acc[p][j] = bias;
    }
    for (size_t ky = 0; ky < KH; ky++) {
        const ptrdiff_t iy = input_y(op, y, ky);
        if (iy < 0) continue;
        for (size_t kx = 0; kx < KW; kx++) {
            const float *in = pixel(op, iy, input_x(op, x0, kx));
            const float *w = op->packed + b0 * stride + 8 * (1 + (ky * KW + kx) * I);
            for (size_t ci = 0; ci < I; ci++) {
                __m256 weights[3];
                for (size_t j = 0; j < NB; j++) weights[j] = _mm256_loadu_ps(w + j * stride + 8 * ci);
                for (size_t p = 0; p < P; p++) {
                    const __m256 a = _mm256_broadcast_ss(in + p * step + ci);
                    for (size_t j = 0; j < NB; j++) acc[p][j] = _mm256_fmadd_ps(a, weights[j], acc[p][j]);
                }
            }
        }
    }
    FK_UNROLLED
    for (size_t p = 0; p < P; p++) {
        FK_UNROLLED
        for (size_t j = 0; j < NB; j++) store_block_avx2(op, acc[p][j], (b0 + j) * 8, row + (x0 + p) * O);
    }
}

/// Blocks b0 ..< b0 + NB of output row y, P pixels at a time where their kernel columns lie inside
/// the input, then 4 at a time, the others pixel by pixel.
FK_AVX2 static inline __attribute__((always_inline)) void few_channel_blocks_avx2(
    const fk_direct_conv *op, size_t y, size_t b0, const size_t NB, const size_t P, const size_t I, const size_t KH,
    const size_t KW, float *row) {
    size_t x = 0;
    while (x < op->output_width) {
        if (x + P <= op->output_width && columns_inside(op, x, P)) {
            pixels_blocks_avx2(op, y, x, P, b0, NB, I, KH, KW, row);
            x += P;
            continue;
        }
        if (P > 4 && x + 4 <= op->output_width && columns_inside(op, x, 4)) {
            pixels_blocks_avx2(op, y, x, 4, b0, NB, I, KH, KW, row);
            x += 4;
            continue;
        }
        pixel_blocks_avx2(op, y, x, b0, NB, row + x * op->output_channels);
        x += 1;
    }
}

/// Output row y of a convolution with `I` ≤ 4 input channels (first layers), in passes of up to 12
/// accumulators: 3 pixels of 3 blocks (4 pixels' 12 accumulators, 3 weight vectors and the
/// broadcast input took all 16 registers and the compiler kept one on the stack: 0.6 of the time on
/// Zen 3, docs/engine.md §4.2), or 6 pixels of 2 blocks when the blocks come in pairs (so that 4
/// blocks do not leave a pass of one block, whose 4 accumulators wait on the multiply-add's
/// latency); a last single block takes 8 pixels. With AVX-512VL's 32 registers (`wide`), passes of
/// 3 blocks take 8 pixels, 24 accumulators: two broadcasts and one weight load fewer per pair of
/// multiply-adds.
FK_AVX2 static inline __attribute__((always_inline)) void few_channel_row_avx2(
    const fk_direct_conv *op, size_t y, size_t blocks, const size_t I, const size_t KH, const size_t KW, const int wide) {
    float *row = op->output + y * op->output_width * op->output_channels;
    size_t b = 0;
    if (blocks % 3 != 0 && blocks % 2 == 0) {
        for (; b < blocks; b += 2) few_channel_blocks_avx2(op, y, b, 2, 6, I, KH, KW, row);
        return;
    }
    for (; b + 3 <= blocks; b += 3) few_channel_blocks_avx2(op, y, b, 3, wide ? 8 : 3, I, KH, KW, row);
    switch (blocks - b) {
    case 2: few_channel_blocks_avx2(op, y, b, 2, 6, I, KH, KW, row); break;
    case 1: few_channel_blocks_avx2(op, y, b, 1, 8, I, KH, KW, row); break;
    default: break;
    }
}

/// First layers' rows `row_start ..< row_end` of `blocks` blocks, with the input channel count as
/// a constant so that its loop unrolls, and for three channels the models' 3×3 and 5×5 kernels as
/// constants too: their loops unrolled, the 3×3 layer from 256² to 24 channels took 0.93 of the
/// time on Zen 3, the 5×5 ones 0.96–0.99 (docs/engine.md §4.2).
#define FEW_CHANNEL_ROWS(WIDE)                                                                          \
    const size_t KH = op->kernel_height, KW = op->kernel_width;                                         \
    for (size_t y = row_start; y < row_end; y++) {                                                      \
        switch (op->input_channels) {                                                                   \
        case 1: few_channel_row_avx2(op, y, blocks, 1, KH, KW, WIDE); break;                            \
        case 2: few_channel_row_avx2(op, y, blocks, 2, KH, KW, WIDE); break;                            \
        case 3:                                                                                         \
            if (KH == 3 && KW == 3) few_channel_row_avx2(op, y, blocks, 3, 3, 3, WIDE);                 \
            else if (KH == 5 && KW == 5) few_channel_row_avx2(op, y, blocks, 3, 5, 5, WIDE);            \
            else few_channel_row_avx2(op, y, blocks, 3, KH, KW, WIDE);                                  \
            break;                                                                                      \
        default: few_channel_row_avx2(op, y, blocks, 4, KH, KW, WIDE); break;                           \
        }                                                                                               \
    }

FK_AVX512VL FK_AVX2 static void few_channel_rows_avx512vl(const fk_direct_conv *operation, size_t row_start, size_t row_end) {
    const fk_direct_conv local = *operation, *op = &local;   // see rows_avx2
    const size_t blocks = block_count(op->output_channels, 8);
    FEW_CHANNEL_ROWS(1)
}

FK_AVX2 static void rows_avx2(const fk_direct_conv *operation, size_t row_start, size_t row_end) {
    // A local copy: read through `operation`, its fields would be loaded again after every vector
    // store, which the intrinsics make through a type that may alias anything (docs/engine.md §4.2).
    const fk_direct_conv local = *operation, *op = &local;
    const size_t blocks = block_count(op->output_channels, 8);
    if (!op->depthwise && op->input_channels <= 4) {
        if (op->lanes == 16) {
            few_channel_rows_avx512vl(op, row_start, row_end);
            return;
        }
        FEW_CHANNEL_ROWS(0)
        return;
    }
    for (size_t y = row_start; y < row_end; y++) {
        for (size_t x = 0; x < op->output_width; x++) {
            pixel_avx2(op, y, x, blocks, op->output + (y * op->output_width + x) * op->output_channels);
        }
    }
}
#endif

void fk_direct_conv_rows(const fk_direct_conv *op, size_t row_start, size_t row_end) {
#if FK_X86
    if (op->lanes >= 8) {
        rows_avx2(op, row_start, row_end);
        return;
    }
#endif
    rows_scalar(op, row_start, row_end);
}

void fk_direct_conv_task(void *opaque, size_t task) {
    const fk_direct_conv *op = (const fk_direct_conv *)opaque;
    size_t start, end;
    if (!fk_task_range(task, op->rows_per_task, op->output_height, &start, &end)) return;
    fk_direct_conv_rows(op, start, end);
}
