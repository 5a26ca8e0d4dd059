// Convolution with one output channel (e.g. a segmentation head: 3×3, 8 channels → 1). An output
// pixel is one long dot product; to vectorize across 16 neighbouring output pixels, each input row
// is first split into one plane per channel (with zeros around it), kept in a ring of
// kernel_height + 1 rows. Then every (ky, kx, channel) term is one unaligned load from a plane times
// a broadcast weight, in the same order as XNNPACK's IGEMM kernels. AVX-512F (16 lanes) or AVX2 with
// FMA (8 lanes, two output rows a step).
#include <stdint.h>
#include <string.h>

#include <math.h>

#include "CFastKernels.h"
#include "Dispatch.h"

#if FK_X86
#include <immintrin.h>
#endif

/// Output pixels one vector step computes (independent sums: 4 vectors of 16 lanes, or 8 of 8).
#define BLOCK 64

/// Floats per channel plane: room for pad_left zeros, the row, and reads of whole blocks.
static size_t plane_width(const fk_conv_single_output *op) {
    size_t width = (op->output_width + BLOCK - 1) / BLOCK * BLOCK + op->kernel_width + 16;
    const size_t needed = op->pad_left + op->input_width;
    if (width < needed) width = needed;
    return (width + 15) / 16 * 16;
}

/// Input rows whose planes are kept: a kernel's height, and one more for two output rows a step.
static size_t ring_count(const fk_conv_single_output *op) { return op->kernel_height + 1; }

size_t fk_conv_single_output_scratch_count(const fk_conv_single_output *op) {
    return ring_count(op) * op->channels * plane_width(op);
}

static inline const float *input_row(const fk_conv_single_output *op, ptrdiff_t iy) {
    if (iy < 0 || iy >= (ptrdiff_t)op->input_height) return NULL;
    return op->input + (size_t)iy * op->input_width * op->channels;
}

static inline float clamp(const fk_conv_single_output *op, float x) {
    x = x < op->output_min ? op->output_min : x;
    return x > op->output_max ? op->output_max : x;
}

// MARK: Portable C

static void rows_scalar(const fk_conv_single_output *op, size_t row_start, size_t row_end) {
    const size_t C = op->channels, KH = op->kernel_height, KW = op->kernel_width, OW = op->output_width;
    for (size_t y = row_start; y < row_end; y++) {
        // The output row is the accumulator: for each term (ky, kx, c) in order, one loop over
        // the output pixels it reaches, independent sums that vectorize on any processor.
        float *out = op->output + y * OW;
        for (size_t x = 0; x < OW; x++) out[x] = op->bias;
        for (size_t ky = 0; ky < KH; ky++) {
            const float *row = input_row(op, (ptrdiff_t)(y + ky) - (ptrdiff_t)op->pad_top);
            if (row == NULL) continue;
            for (size_t kx = 0; kx < KW; kx++) {
                // Output pixels x with 0 <= x + kx - pad_left < input_width.
                const ptrdiff_t shift = (ptrdiff_t)kx - (ptrdiff_t)op->pad_left;
                const size_t first = shift < 0 ? (size_t)-shift : 0;
                const ptrdiff_t limit = (ptrdiff_t)op->input_width - shift;
                const size_t end = limit < 0 ? 0 : ((size_t)limit < OW ? (size_t)limit : OW);
                for (size_t c = 0; c < C; c++) {
                    const float w = op->weights[(ky * KW + kx) * C + c];
                    const float *in = row + c;
                    for (size_t x = first; x < end; x++) out[x] = fmaf(in[(size_t)((ptrdiff_t)x + shift) * C], w, out[x]);
                }
            }
        }
        for (size_t x = 0; x < OW; x++) out[x] = clamp(op, out[x]);
    }
}

/// Splits an input row into channel planes of `width` floats, from pixel `x` on
/// (the zeros around the row, and the pixels before `x`, are the caller's).
static void fill_planes_from(const fk_conv_single_output *op, const float *row, float *planes, size_t width, size_t x) {
    const size_t C = op->channels, W = op->input_width, left = op->pad_left;
    for (; x < W; x++) {
        for (size_t c = 0; c < C; c++) planes[c * width + left + x] = row[x * C + c];
    }
}

/// The planes of input row `iy` in the ring of `ring_count` slots (`held`: the row each slot
/// holds), unless the slot already holds them: all zeros for a row outside the input, else filled
/// by `fill`. The zeros around a row inside the input are never written over, so they stay from
/// the scratch's first zeros (the caller's) or from a row outside it.
static inline __attribute__((always_inline))
const float *ring_planes(const fk_conv_single_output *op, float *scratch, ptrdiff_t *held, ptrdiff_t iy, size_t width,
                         void (*fill)(const fk_conv_single_output *, const float *, float *, size_t)) {
    const ptrdiff_t count = (ptrdiff_t)ring_count(op);
    const size_t s = (size_t)(((iy % count) + count) % count);
    float *planes = scratch + s * op->channels * width;
    if (held[s] != iy) {
        const float *row = input_row(op, iy);
        if (row == NULL) memset(planes, 0, op->channels * width * sizeof(float));
        else fill(op, row, planes, width);
        held[s] = iy;
    }
    return planes;
}

// MARK: AVX-512F

#if FK_X86
/// Splits an input row into channel planes of `width` floats.
FK_AVX512 static void fill_planes(const fk_conv_single_output *op, const float *row, float *planes, size_t width) {
    const size_t C = op->channels, W = op->input_width, left = op->pad_left;
    size_t x = 0;
    if (C == 8) {
        // 16 pixels × 8 channels in 8 registers, transposed in three rounds of two-source permutes:
        // each round halves the channels per pixel group and doubles the pixels.
        const __m512i lo1 = _mm512_setr_epi32(0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
        const __m512i hi1 = _mm512_add_epi32(lo1, _mm512_set1_epi32(4));
        const __m512i lo2 = _mm512_setr_epi32(0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29);
        const __m512i hi2 = _mm512_add_epi32(lo2, _mm512_set1_epi32(2));
        const __m512i lo3 = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
        const __m512i hi3 = _mm512_add_epi32(lo3, _mm512_set1_epi32(1));
        for (; x + 16 <= W; x += 16) {
            const float *p = row + x * 8;
            __m512 r[8], a[8], b[8];
            for (int i = 0; i < 8; i++) r[i] = _mm512_loadu_ps(p + 16 * i);
            // a[0..3]: channels 0-3 of pixels 4i..4i+3; a[4..7]: channels 4-7.
            for (int i = 0; i < 4; i++) {
                a[i] = _mm512_permutex2var_ps(r[2 * i], lo1, r[2 * i + 1]);
                a[4 + i] = _mm512_permutex2var_ps(r[2 * i], hi1, r[2 * i + 1]);
            }
            // b: pairs of channels for 8 pixels: (0-1, px 0-7), (2-3, px 0-7), (0-1, px 8-15), (2-3, px 8-15), then 4-7.
            for (int g = 0; g < 2; g++) {
                for (int h = 0; h < 2; h++) {
                    const __m512 s = a[4 * g + 2 * h], t = a[4 * g + 2 * h + 1];
                    b[4 * g + 2 * h] = _mm512_permutex2var_ps(s, lo2, t);
                    b[4 * g + 2 * h + 1] = _mm512_permutex2var_ps(s, hi2, t);
                }
            }
            // Channel pairs (px 0-7 | px 8-15) → one channel for 16 pixels.
            for (int g = 0; g < 2; g++) {
                for (int q = 0; q < 2; q++) {
                    const __m512 s = b[4 * g + q], t = b[4 * g + 2 + q];
                    const size_t c = 4 * g + 2 * q;
                    _mm512_storeu_ps(planes + c * width + left + x, _mm512_permutex2var_ps(s, lo3, t));
                    _mm512_storeu_ps(planes + (c + 1) * width + left + x, _mm512_permutex2var_ps(s, hi3, t));
                }
            }
        }
    }
    fill_planes_from(op, row, planes, width, x);
}

FK_AVX512 static inline __attribute__((always_inline))
void rows_avx512(const fk_conv_single_output *op, float *scratch, size_t row_start, size_t row_end,
                 const size_t KH, const size_t KW, const size_t C) {
    const size_t width = plane_width(op), OW = op->output_width;
    ptrdiff_t held[FK_MAX_KERNEL + 1];  // input row in each ring slot
    for (size_t i = 0; i <= KH; i++) held[i] = PTRDIFF_MIN;
    const __m512 vmin = _mm512_set1_ps(op->output_min), vmax = _mm512_set1_ps(op->output_max);
    for (size_t y = row_start; y < row_end; y++) {
        const float *slot[FK_MAX_KERNEL];
        for (size_t ky = 0; ky < KH; ky++) {
            const ptrdiff_t iy = (ptrdiff_t)(y + ky) - (ptrdiff_t)op->pad_top;
            slot[ky] = ring_planes(op, scratch, held, iy, width, fill_planes);
        }
        float *out = op->output + y * OW;
        for (size_t x0 = 0; x0 < OW; x0 += BLOCK) {
            __m512 acc0 = _mm512_set1_ps(op->bias), acc1 = acc0, acc2 = acc0, acc3 = acc0;
            for (size_t ky = 0; ky < KH; ky++) {
                for (size_t kx = 0; kx < KW; kx++) {
                    for (size_t c = 0; c < C; c++) {
                        const float *p = slot[ky] + c * width + x0 + kx;
                        const __m512 w = _mm512_set1_ps(op->weights[(ky * KW + kx) * C + c]);
                        acc0 = _mm512_fmadd_ps(_mm512_loadu_ps(p), w, acc0);
                        acc1 = _mm512_fmadd_ps(_mm512_loadu_ps(p + 16), w, acc1);
                        acc2 = _mm512_fmadd_ps(_mm512_loadu_ps(p + 32), w, acc2);
                        acc3 = _mm512_fmadd_ps(_mm512_loadu_ps(p + 48), w, acc3);
                    }
                }
            }
            const __m512 results[4] = {acc0, acc1, acc2, acc3};
            for (size_t i = 0; i < 4; i++) {
                const size_t x = x0 + 16 * i;
                if (x >= OW) break;
                const __m512 r = _mm512_min_ps(_mm512_max_ps(results[i], vmin), vmax);
                const size_t left = OW - x;
                _mm512_mask_storeu_ps(out + x, left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1u), r);
            }
        }
    }
}

FK_AVX512 static void rows_avx512_3x3x8(const fk_conv_single_output *op, float *scratch, size_t start, size_t end) {
    rows_avx512(op, scratch, start, end, 3, 3, 8);
}

FK_AVX512 static void rows_avx512_any(const fk_conv_single_output *op, float *scratch, size_t start, size_t end) {
    rows_avx512(op, scratch, start, end, op->kernel_height, op->kernel_width, op->channels);
}

// MARK: AVX2 and FMA

/// `fill_planes` with AVX2: 8 pixels × 8 channels transposed in registers (unpacks within 128-bit
/// halves, shuffles, then the halves exchanged), the rest one value at a time.
FK_AVX2 static void fill_planes_avx2(const fk_conv_single_output *op, const float *row, float *planes, size_t width) {
    const size_t W = op->input_width, left = op->pad_left;
    size_t x = 0;
    if (op->channels == 8) {
        for (; x + 8 <= W; x += 8) {
            const float *p = row + x * 8;
            __m256 r[8], t[8], u[8];
            for (int i = 0; i < 8; i++) r[i] = _mm256_loadu_ps(p + 8 * i);
            // t: channels (0, 1, 4, 5) and (2, 3, 6, 7) of pixel pairs, interleaved.
            for (int i = 0; i < 4; i++) {
                t[2 * i] = _mm256_unpacklo_ps(r[2 * i], r[2 * i + 1]);
                t[2 * i + 1] = _mm256_unpackhi_ps(r[2 * i], r[2 * i + 1]);
            }
            // u[4h + k]: channel k (low half) and k + 4 (high half) of pixels 4h ..< 4h + 4.
            for (int h = 0; h < 2; h++) {
                const __m256 *q = t + 4 * h;
                u[4 * h + 0] = _mm256_shuffle_ps(q[0], q[2], _MM_SHUFFLE(1, 0, 1, 0));
                u[4 * h + 1] = _mm256_shuffle_ps(q[0], q[2], _MM_SHUFFLE(3, 2, 3, 2));
                u[4 * h + 2] = _mm256_shuffle_ps(q[1], q[3], _MM_SHUFFLE(1, 0, 1, 0));
                u[4 * h + 3] = _mm256_shuffle_ps(q[1], q[3], _MM_SHUFFLE(3, 2, 3, 2));
            }
            for (int k = 0; k < 4; k++) {
                _mm256_storeu_ps(planes + k * width + left + x, _mm256_permute2f128_ps(u[k], u[4 + k], 0x20));
                _mm256_storeu_ps(planes + (k + 4) * width + left + x, _mm256_permute2f128_ps(u[k], u[4 + k], 0x31));
            }
        }
    }
    fill_planes_from(op, row, planes, width, x);
}

/// Adds the terms of kernel row `w` (KW × C weights) for 32 output pixels from `planes` (the
/// input row they reach) to `acc`, in (kx, channel) order; with `w1` (else NULL), the same loads
/// also go to `acc1` with those weights: the row below's terms of the kernel row above.
FK_AVX2 static inline __attribute__((always_inline))
void kernel_row_avx2(const float *planes, size_t width, size_t x0, const float *w, __m256 acc[4],
                     const float *w1, __m256 acc1[4], const size_t KW, const size_t C) {
    for (size_t kx = 0; kx < KW; kx++) {
        // Not unrolled: unrolled, the compiler hoisted later loads and spilled them (about 5 % slower).
        _Pragma("clang loop unroll(disable)")
        for (size_t c = 0; c < C; c++) {
            const float *p = planes + c * width + x0 + kx;
            __m256 v[4];
            for (size_t i = 0; i < 4; i++) v[i] = _mm256_loadu_ps(p + 8 * i);
            if (w != NULL) {
                const __m256 b = _mm256_set1_ps(w[kx * C + c]);
                for (size_t i = 0; i < 4; i++) acc[i] = _mm256_fmadd_ps(v[i], b, acc[i]);
            }
            if (w1 != NULL) {
                const __m256 b = _mm256_set1_ps(w1[kx * C + c]);
                for (size_t i = 0; i < 4; i++) acc1[i] = _mm256_fmadd_ps(v[i], b, acc1[i]);
            }
        }
    }
}

FK_AVX2 static inline __attribute__((always_inline))
void store_32_avx2(const fk_conv_single_output *op, float *out, size_t x0, const __m256 acc[4]) {
    const __m256 vmin = _mm256_set1_ps(op->output_min), vmax = _mm256_set1_ps(op->output_max);
    FK_UNROLLED
    for (size_t i = 0; i < 4; i++) {
        const size_t x = x0 + 8 * i;
        if (x >= op->output_width) break;
        fk_store_first8(out + x, _mm256_min_ps(_mm256_max_ps(acc[i], vmin), vmax), (ptrdiff_t)(op->output_width - x));
    }
}

/// `rows_avx512` with 8 lanes, two output rows at a time, 32 pixels of each a step, in the same
/// order of multiply-adds. Rows y and y + 1 share the input rows y + 1 ..< y + KH: the step over
/// input row y + s adds kernel row s to row y and kernel row s − 1 to row y + 1, from the same
/// loads, so each input vector is loaded once for both (one row a step loaded one a multiply-add).
/// The lower row runs one kernel row behind, so each output still sums in (ky, kx, channel) order.
FK_AVX2 static inline __attribute__((always_inline))
void rows_avx2(const fk_conv_single_output *op, float *scratch, size_t row_start, size_t row_end,
               const size_t KH, const size_t KW, const size_t C) {
    const size_t width = plane_width(op), OW = op->output_width;
    ptrdiff_t held[FK_MAX_KERNEL + 1];  // input row in each ring slot
    for (size_t i = 0; i <= KH; i++) held[i] = PTRDIFF_MIN;
    const float *weights = op->weights;
    for (size_t y = row_start; y < row_end; y += 2) {
        const int pair = y + 1 < row_end;
        const float *slot[FK_MAX_KERNEL + 1];
        for (size_t s = 0; s < KH + (size_t)pair; s++) {
            slot[s] = ring_planes(op, scratch, held, (ptrdiff_t)(y + s) - (ptrdiff_t)op->pad_top, width, fill_planes_avx2);
        }
        float *out = op->output + y * OW;
        for (size_t x0 = 0; x0 < OW; x0 += 32) {
            __m256 acc[4], below[4];
            for (size_t i = 0; i < 4; i++) acc[i] = below[i] = _mm256_set1_ps(op->bias);
            if (pair) {
                kernel_row_avx2(slot[0], width, x0, weights, acc, NULL, below, KW, C);
                for (size_t s = 1; s < KH; s++) {
                    kernel_row_avx2(slot[s], width, x0, weights + s * KW * C, acc, weights + (s - 1) * KW * C, below, KW, C);
                }
                kernel_row_avx2(slot[KH], width, x0, NULL, acc, weights + (KH - 1) * KW * C, below, KW, C);
                store_32_avx2(op, out + OW, x0, below);
            } else {
                for (size_t s = 0; s < KH; s++) kernel_row_avx2(slot[s], width, x0, weights + s * KW * C, acc, NULL, below, KW, C);
            }
            store_32_avx2(op, out, x0, acc);
        }
    }
}

FK_AVX2 static void rows_avx2_3x3x8(const fk_conv_single_output *op, float *scratch, size_t start, size_t end) {
    rows_avx2(op, scratch, start, end, 3, 3, 8);
}

FK_AVX2 static void rows_avx2_any(const fk_conv_single_output *op, float *scratch, size_t start, size_t end) {
    rows_avx2(op, scratch, start, end, op->kernel_height, op->kernel_width, op->channels);
}
#endif

void fk_conv_single_output_rows(const fk_conv_single_output *op, size_t scratch_offset,
                                size_t row_start, size_t row_end) {
#if FK_X86
    if (op->lanes == 16) {
        float *scratch = op->scratch + scratch_offset;
        if (op->kernel_height == 3 && op->kernel_width == 3 && op->channels == 8) rows_avx512_3x3x8(op, scratch, row_start, row_end);
        else rows_avx512_any(op, scratch, row_start, row_end);
        return;
    }
    if (op->lanes == 8) {
        float *scratch = op->scratch + scratch_offset;
        if (op->kernel_height == 3 && op->kernel_width == 3 && op->channels == 8) rows_avx2_3x3x8(op, scratch, row_start, row_end);
        else rows_avx2_any(op, scratch, row_start, row_end);
        return;
    }
#endif
    rows_scalar(op, row_start, row_end);
}

void fk_conv_single_output_task(void *context, size_t task) {
    const fk_conv_single_output *op = (const fk_conv_single_output *)context;
    size_t start, end;
    if (!fk_task_range(task, op->rows_per_task, op->output_height, &start, &end)) return;
    fk_conv_single_output_rows(op, task * fk_conv_single_output_scratch_count(op), start, end);
}
