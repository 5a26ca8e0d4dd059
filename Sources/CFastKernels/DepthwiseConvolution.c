// Depthwise convolution. An NHWC row of W pixels × C channels is W·C contiguous floats, and with
// stride 1 an output row is the sum over taps of input rows shifted by whole pixels
// (kx·C floats) times a weight vector that repeats every C floats. So whole vectors of 8 floats
// are computed at once whatever C is, with no per-pixel bookkeeping: the weights are arranged in
// periods of lcm(C, 8) floats, and the edges of a row use masked loads (zeros outside). AVX-512
// processors run the same 8-lane code: on Zen 4 it was faster than a 16-lane version of
// `row_avx2` (palm_detection_full's depthwise nodes 3.35 → 2.7 ms, hand_landmark_full's 1.6 →
// 1.45 ms), since two 256-bit multiply-adds a cycle match one 512-bit one and the pixel-blocked
// path below keeps more chains in flight. They run it compiled for AVX-512VL (lanes 16), whose 32
// vector registers hold a group's accumulators, input vectors and weights where AVX2's 16 spill
// some to the stack (the same sums; 5×5 layers in 0.81–0.93 of the time on Zen 4).
#include <math.h>

#include "CFastKernels.h"
#include "Dispatch.h"

#if FK_X86
#include <immintrin.h>
#endif

/// Floats in one packed vector: 8 (lanes 8 and 16 run the same 8-lane code), or every channel for
/// the portable code (lanes 1), whose loops then run over whole channel rows and vectorize on any
/// processor.
static size_t vector_width(size_t channels, size_t lanes) { return lanes == 1 ? channels : 8; }

/// Floats in one weight period: lcm(channels, vector width).
static size_t period(size_t channels, size_t lanes) {
    const size_t width = vector_width(channels, lanes);
    return channels / fk_gcd(channels, width) * width;
}

size_t fk_depthwise_packed_count(size_t lanes, size_t channels, size_t kernel_height, size_t kernel_width) {
    return (kernel_height * kernel_width + 1) * period(channels, lanes);
}

// Layout: for each vector k of a period (`width` floats each): the bias vector, then one weight
// vector per tap in the order kx outer, ky inner. Lane l of vector k is channel (k·width + l) mod C.
// For the portable code that is one vector of C channels: bias, then one row of C weights per tap.
void fk_depthwise_pack(size_t lanes, size_t channels, size_t kernel_height, size_t kernel_width,
                       const float *weights, const float *bias, float *packed) {
    const size_t taps = kernel_height * kernel_width, width = vector_width(channels, lanes);
    const size_t vectors = period(channels, lanes) / width;
    for (size_t k = 0; k < vectors; k++) {
        float *block = packed + k * (taps + 1) * width;
        for (size_t l = 0; l < width; l++) {
            const size_t c = (k * width + l) % channels;
            block[l] = bias != NULL ? bias[c] : 0.0f;
            for (size_t kx = 0; kx < kernel_width; kx++) {
                for (size_t ky = 0; ky < kernel_height; ky++) {
                    const size_t tap = kx * kernel_height + ky;
                    block[(tap + 1) * width + l] = weights[(ky * kernel_width + kx) * channels + c];
                }
            }
        }
    }
}

/// The input row feeding kernel row ky of output row y, or the zero row outside the input.
static inline const float *input_row(const fk_depthwise *op, size_t y, size_t ky) {
    const ptrdiff_t iy = (ptrdiff_t)(y * op->stride + ky) - (ptrdiff_t)op->pad_top;
    if (iy < 0 || iy >= (ptrdiff_t)op->input_height) return op->zeros;
    return op->input + (size_t)iy * op->input_width * op->channels;
}

/// Where output row y is stored.
static inline float *output_row(const fk_depthwise *op, size_t y) {
    return op->output + y * op->output_width * op->channels;
}

// MARK: Portable C

static void rows_scalar(const fk_depthwise *op, size_t row_start, size_t row_end) {
    const size_t C = op->channels, KH = op->kernel_height, KW = op->kernel_width;
    const float *bias = op->packed;
    for (size_t y = row_start; y < row_end; y++) {
        for (size_t x = 0; x < op->output_width; x++) {
            // The output pixel is the accumulator: every loop over c is over contiguous,
            // independent sums, each still adding its taps in order.
            float *out = output_row(op, y) + x * C;
            for (size_t c = 0; c < C; c++) out[c] = bias[c];
            for (size_t kx = 0; kx < KW; kx++) {
                const ptrdiff_t ix = (ptrdiff_t)(x * op->stride + kx) - (ptrdiff_t)op->pad_left;
                if (ix < 0 || ix >= (ptrdiff_t)op->input_width) continue;
                for (size_t ky = 0; ky < KH; ky++) {
                    const float *in = input_row(op, y, ky) + (size_t)ix * C;
                    const float *w = op->packed + (1 + kx * KH + ky) * C;
                    for (size_t c = 0; c < C; c++) out[c] = fmaf(in[c], w[c], out[c]);
                }
            }
            for (size_t c = 0; c < C; c++) {
                const float v = out[c] < op->output_min ? op->output_min : out[c];
                out[c] = v > op->output_max ? op->output_max : v;
            }
        }
    }
}

#if FK_X86
// MARK: AVX2 and FMA

/// One output row of a stride-1 convolution; KH and KW are constants at each call site.
FK_AVX2 static inline __attribute__((always_inline))
void row_avx2(const fk_depthwise *op, size_t y, const size_t KH, const size_t KW) {
    const size_t C = op->channels, taps = KH * KW;
    const ptrdiff_t in_length = (ptrdiff_t)(op->input_width * C);
    const ptrdiff_t out_length = (ptrdiff_t)(op->output_width * C);
    const ptrdiff_t pad = (ptrdiff_t)(op->pad_left * C);
    const float *rows[FK_MAX_KERNEL];
    for (size_t ky = 0; ky < KH; ky++) rows[ky] = input_row(op, y, ky);
    float *out = output_row(op, y);

    const size_t vectors = period(C, 8) / 8;
    const ptrdiff_t count = (out_length + 7) / 8;
    const ptrdiff_t reach = (ptrdiff_t)((KW - 1) * C) - pad;
    const ptrdiff_t first = (pad + 7) / 8;
    ptrdiff_t end = in_length - reach - 8 < 0 ? 0 : (in_length - reach - 8) / 8 + 1;
    if (end > out_length / 8) end = out_length / 8;

    const __m256 vmin = _mm256_set1_ps(op->output_min), vmax = _mm256_set1_ps(op->output_max);
    const ptrdiff_t step = (ptrdiff_t)vectors;
    for (size_t k = 0; k < vectors; k++) {
        const float *block = op->packed + k * (taps + 1) * 8;
        const __m256 vbias = _mm256_loadu_ps(block);
        // Four interior vectors at a time where possible: four independent chains of
        // multiply-adds hide the FMA latency and share each weight load. Each chain adds its
        // terms in the same order as one vector alone.
        for (ptrdiff_t v = (ptrdiff_t)k; v < count; v += step) {
            if (v >= first && v + 3 * step < end) {
                const ptrdiff_t j = v * 8;
                __m256 acc0 = vbias, acc1 = vbias, acc2 = vbias, acc3 = vbias;
                for (size_t kx = 0; kx < KW; kx++) {
                    const ptrdiff_t o = j + (ptrdiff_t)(kx * C) - pad;
                    for (size_t ky = 0; ky < KH; ky++) {
                        const __m256 w = _mm256_loadu_ps(block + (kx * KH + ky + 1) * 8);
                        const float *row = rows[ky] + o;
                        acc0 = _mm256_fmadd_ps(_mm256_loadu_ps(row), w, acc0);
                        acc1 = _mm256_fmadd_ps(_mm256_loadu_ps(row + 8 * step), w, acc1);
                        acc2 = _mm256_fmadd_ps(_mm256_loadu_ps(row + 16 * step), w, acc2);
                        acc3 = _mm256_fmadd_ps(_mm256_loadu_ps(row + 24 * step), w, acc3);
                    }
                }
                _mm256_storeu_ps(out + j, _mm256_min_ps(_mm256_max_ps(acc0, vmin), vmax));
                _mm256_storeu_ps(out + j + 8 * step, _mm256_min_ps(_mm256_max_ps(acc1, vmin), vmax));
                _mm256_storeu_ps(out + j + 16 * step, _mm256_min_ps(_mm256_max_ps(acc2, vmin), vmax));
                _mm256_storeu_ps(out + j + 24 * step, _mm256_min_ps(_mm256_max_ps(acc3, vmin), vmax));
                v += 3 * step;
                continue;
            }
            const ptrdiff_t j = v * 8;
            __m256 acc = vbias;
            if (v >= first && v < end) {
                for (size_t kx = 0; kx < KW; kx++) {
                    const ptrdiff_t o = j + (ptrdiff_t)(kx * C) - pad;
                    for (size_t ky = 0; ky < KH; ky++) {
                        acc = _mm256_fmadd_ps(_mm256_loadu_ps(rows[ky] + o), _mm256_loadu_ps(block + (kx * KH + ky + 1) * 8), acc);
                    }
                }
                acc = _mm256_min_ps(_mm256_max_ps(acc, vmin), vmax);
                _mm256_storeu_ps(out + j, acc);
            } else {
                for (size_t kx = 0; kx < KW; kx++) {
                    const ptrdiff_t o = j + (ptrdiff_t)(kx * C) - pad;
                    const __m256i m = fk_lane_mask8(o, in_length);
                    for (size_t ky = 0; ky < KH; ky++) {
                        // Masked-off lanes read as zero and are not accessed.
                        const __m256 x = _mm256_maskload_ps((const float *)((const char *)rows[ky] + o * (ptrdiff_t)sizeof(float)), m);
                        acc = _mm256_fmadd_ps(x, _mm256_loadu_ps(block + (kx * KH + ky + 1) * 8), acc);
                    }
                }
                acc = _mm256_min_ps(_mm256_max_ps(acc, vmin), vmax);
                _mm256_maskstore_ps(out + j, fk_lane_mask8(j, out_length), acc);
            }
        }
    }
}

// Whole pixels (channels a multiple of 8 with stride 1, any channels with stride 2): every vector
// holds 8 channels of one pixel (a pixel's last block, where its channels are not a multiple of 8,
// the channels left: the packed vector of the weight period that starts there, loaded and stored
// up to the pixel's last channel), so a pair of rows is computed in chunks of channel blocks,
// pixel group by pixel group along the rows for each chunk, so that the chunk's weights and the
// input in reach stay in the L1 cache. A group is four pixels of one block in both rows (the last group of a row overlaps the
// one before). Where every tap of the group is inside the input, its pixels are read stride·C
// floats apart; elsewhere each pixel's columns are clamped into the input and the taps outside
// masked to zeros (which the multiply-add then adds, as XNNPACK does). Rows narrower than four
// pixels take up to four blocks of one pixel at a time. Every way, each output vector is the bias
// plus its taps in the order kx, ky, one multiply-add each: the same sums as `row_avx2`, with
// independent accumulators instead of one chain per vector.

/// Channel blocks of 8 computed along a whole row before the next ones: their weights (at most
/// 26 vectors each) and the input pixels in reach stay in the L1 cache.
#define PIXELS_CHUNK 8

/// Input rows in reach of R output rows: KH for the first, S more for each next one.
#define ROWS_IN_REACH(KH, R, S) ((KH) + (S) * ((R) - 1))

/// Input row `row` of a group's rows in reach, its four pixels' vectors `x`, added to the group's
/// accumulators: to row r's as tap ky = row − r·S (where that is a tap), with block `block`'s
/// weight.
FK_AVX2 static inline __attribute__((always_inline))
void accumulate4(__m256 acc[2][4], const __m256 x[4], const float *block, size_t kx, size_t row, const size_t R,
                 const size_t S, const size_t KH) {
    for (size_t r = 0; r < R; r++) {
        if (row < r * S || row - r * S >= KH) continue;
        const __m256 w = _mm256_loadu_ps(block + (kx * KH + row - r * S + 1) * 8);
        for (size_t i = 0; i < 4; i++) acc[r][i] = _mm256_fmadd_ps(x[i], w, acc[r][i]);
    }
}

/// Clamps a group's sums and stores them: pixel i of row r at `out + r·W·C + k·8 + i·C`, its first
/// `lanes` channels (8, or fewer in a pixel's last block).
FK_AVX2 static inline __attribute__((always_inline))
void store4(const fk_depthwise *op, __m256 acc[2][4], float *out, size_t k, const size_t R, ptrdiff_t lanes, __m256 vmin,
            __m256 vmax) {
    const size_t C = op->channels;
    for (size_t r = 0; r < R; r++) {
        float *o = out + r * op->output_width * C + k * 8;
        for (size_t i = 0; i < 4; i++) fk_store_first8(o + i * C, _mm256_min_ps(_mm256_max_ps(acc[r][i], vmin), vmax), lanes);
    }
}

/// Four pixels `S·C` floats apart of channel block `k` (its first `lanes` channels, the others read
/// as zeros) in each of `R` output rows (1 or 2), from input offset `in` (pixel 0 of tap (0, 0)) in
/// `rows` (the input rows in reach). With two rows
/// the input vectors loaded for both feed both (as tap ky of the first row and ky - S of the
/// second): eight independent chains, where one row had four chains and a weight load per four.
/// Each chain still adds its taps in the order kx, ky.
FK_AVX2 static inline __attribute__((always_inline))
void pixels4_avx2(const fk_depthwise *op, const float *const *rows, ptrdiff_t in, float *out, size_t k, ptrdiff_t lanes,
                  const size_t R, const size_t S, const size_t KH, const size_t KW, __m256 vmin, __m256 vmax) {
    const float *block = op->packed + k * (KH * KW + 1) * 8;
    __m256 acc[2][4];
    for (size_t r = 0; r < R; r++) {
        for (size_t i = 0; i < 4; i++) acc[r][i] = _mm256_loadu_ps(block);
    }
    ptrdiff_t channels = (ptrdiff_t)op->channels;
    for (size_t kx = 0; kx < KW; kx++) {
        // An opaque channel count: otherwise the compiler keeps one pointer per row and pixel
        // across the kx loop, too many for the registers, and reloads them from the stack at
        // every tap.
        __asm__("" : "+r"(channels));
        const ptrdiff_t offset = in + (ptrdiff_t)kx * channels + (ptrdiff_t)(k * 8), apart = (ptrdiff_t)S * channels;
        for (size_t row = 0; row < ROWS_IN_REACH(KH, R, S); row++) {
            const float *p = rows[row] + offset;
            const __m256 x[4] = {fk_load_first8(p, lanes), fk_load_first8(p + apart, lanes),
                                 fk_load_first8(p + 2 * apart, lanes), fk_load_first8(p + 3 * apart, lanes)};
            accumulate4(acc, x, block, kx, row, R, S, KH);
        }
    }
    store4(op, acc, out, k, R, lanes, vmin, vmax);
}

/// `pixels4_avx2` for a group of four pixels some of whose taps fall outside the input (each pixel
/// where its own columns are, not `S·C` floats apart): pixel i's tap kx reads `offsets[kx][i]`
/// floats into a row (a column clamped into the input), and-ed with `masks[kx][i]`, all ones
/// inside and zero outside, so that outside taps add zeros as XNNPACK's do.
FK_AVX2 static inline __attribute__((always_inline))
void pixels4_edge_avx2(const fk_depthwise *op, const float *const *rows, const ptrdiff_t (*offsets)[4],
                       const __m256 (*masks)[4], float *out, size_t k, ptrdiff_t lanes, const size_t R, const size_t S,
                       const size_t KH, const size_t KW, __m256 vmin, __m256 vmax) {
    const float *block = op->packed + k * (KH * KW + 1) * 8;
    __m256 acc[2][4];
    for (size_t r = 0; r < R; r++) {
        for (size_t i = 0; i < 4; i++) acc[r][i] = _mm256_loadu_ps(block);
    }
    for (size_t kx = 0; kx < KW; kx++) {
        const ptrdiff_t o0 = offsets[kx][0] + (ptrdiff_t)(k * 8), o1 = offsets[kx][1] + (ptrdiff_t)(k * 8);
        const ptrdiff_t o2 = offsets[kx][2] + (ptrdiff_t)(k * 8), o3 = offsets[kx][3] + (ptrdiff_t)(k * 8);
        const __m256 m0 = masks[kx][0], m1 = masks[kx][1], m2 = masks[kx][2], m3 = masks[kx][3];
        for (size_t row = 0; row < ROWS_IN_REACH(KH, R, S); row++) {
            const float *p = rows[row];
            const __m256 x[4] = {
                _mm256_and_ps(fk_load_first8(p + o0, lanes), m0), _mm256_and_ps(fk_load_first8(p + o1, lanes), m1),
                _mm256_and_ps(fk_load_first8(p + o2, lanes), m2), _mm256_and_ps(fk_load_first8(p + o3, lanes), m3)};
            accumulate4(acc, x, block, kx, row, R, S, KH);
        }
    }
    store4(op, acc, out, k, R, lanes, vmin, vmax);
}

/// One input vector of a group with stride 1: channel block `k` of column `j` of the group's
/// window at tap column kx (the column of pixel j's tap kx, or of pixel 3's tap kx + j − 3), in
/// `row`. Inside the input the columns are C floats apart from `in`; at the edges (`offsets` not
/// NULL) each is clamped into the input and masked as in `pixels4_edge_avx2`.
FK_AVX2 static inline __attribute__((always_inline))
__m256 window_vector(const float *row, ptrdiff_t in, ptrdiff_t channels, const ptrdiff_t (*offsets)[4],
                     const __m256 (*masks)[4], size_t k, size_t kx, size_t j) {
    if (offsets == NULL) return _mm256_loadu_ps(row + in + (ptrdiff_t)(kx + j) * channels + (ptrdiff_t)(k * 8));
    return _mm256_and_ps(_mm256_loadu_ps(row + offsets[kx][j] + (ptrdiff_t)(k * 8)), masks[kx][j]);
}

/// `pixels4_avx2` (`offsets` NULL) or `pixels4_edge_avx2` with stride 1, for 3×3 kernels and
/// AVX-512VL's 32 registers: pixel i's tap kx + 1 is pixel i + 1's tap kx, so each row in reach
/// keeps its four vectors from one kx to the next and loads one new column, 6 loads a row where
/// the others load 12. Each chain still adds its taps in the order kx, ky. The kernel alone on
/// Zen 4 (scripts/bench/depthwise-kernel --against): 3×3 layers in 0.84–1.0 of the time, most on
/// the small ones. Where the kept vectors do not fit (AVX2's 16 registers; 5×5 kernels, six rows
/// in reach) they spill, and it was 1.2–1.8 times slower.
FK_AVX2 static inline __attribute__((always_inline))
void pixels4_sliding(const fk_depthwise *op, const float *const *rows, ptrdiff_t in, const ptrdiff_t (*offsets)[4],
                     const __m256 (*masks)[4], float *out, size_t k, const size_t R, const size_t KH, const size_t KW,
                     __m256 vmin, __m256 vmax) {
    const float *block = op->packed + k * (KH * KW + 1) * 8;
    const ptrdiff_t channels = (ptrdiff_t)op->channels;
    __m256 acc[2][4], window[ROWS_IN_REACH(FK_MAX_KERNEL, 2, 1)][4];
    for (size_t r = 0; r < R; r++) {
        for (size_t i = 0; i < 4; i++) acc[r][i] = _mm256_loadu_ps(block);
    }
    for (size_t kx = 0; kx < KW; kx++) {
        // All of a step's loads first: issued early, they are ready by the multiply-adds.
        for (size_t row = 0; row < ROWS_IN_REACH(KH, R, 1); row++) {
            if (kx == 0) {
                for (size_t j = 0; j < 4; j++) window[row][j] = window_vector(rows[row], in, channels, offsets, masks, k, 0, j);
            } else {
                for (size_t j = 0; j < 3; j++) window[row][j] = window[row][j + 1];
                window[row][3] = window_vector(rows[row], in, channels, offsets, masks, k, kx, 3);
            }
        }
        for (size_t row = 0; row < ROWS_IN_REACH(KH, R, 1); row++) accumulate4(acc, window[row], block, kx, row, R, 1, KH);
    }
    store4(op, acc, out, k, R, 8, vmin, vmax);
}

/// `NK` channel blocks from `k` of one pixel in each of `R` output rows (1 or 2), the last one's
/// first `last_lanes` channels, reading `rows` as `pixels4_avx2` does; the pixel's input column for
/// tap kx starts `columns[kx]` floats into a row, or is -1 outside the input, where the zeros are
/// read (and added, as XNNPACK does).
FK_AVX2 static inline __attribute__((always_inline))
void blocks_avx2(const fk_depthwise *op, const float *const *rows, const ptrdiff_t *columns, float *out, size_t k,
                 const size_t NK, ptrdiff_t last_lanes, const size_t R, const size_t S, const size_t KH, const size_t KW,
                 __m256 vmin, __m256 vmax) {
    const size_t next = (KH * KW + 1) * 8;
    const float *block = op->packed + k * next;
    __m256 acc[2][4];
    for (size_t r = 0; r < R; r++) {
        for (size_t b = 0; b < NK; b++) acc[r][b] = _mm256_loadu_ps(block + b * next);
    }
    for (size_t kx = 0; kx < KW; kx++) {
        for (size_t row = 0; row < ROWS_IN_REACH(KH, R, S); row++) {
            const float *x = (columns[kx] < 0 ? op->zeros : rows[row] + columns[kx]) + k * 8;
            for (size_t b = 0; b < NK; b++) {
                const __m256 xb = fk_load_first8(x + b * 8, b + 1 == NK ? last_lanes : 8);
                for (size_t r = 0; r < R; r++) {
                    if (row < r * S || row - r * S >= KH) continue;
                    acc[r][b] = _mm256_fmadd_ps(xb, _mm256_loadu_ps(block + b * next + (kx * KH + row - r * S + 1) * 8),
                                                acc[r][b]);
                }
            }
        }
    }
    for (size_t r = 0; r < R; r++) {
        float *o = out + r * op->output_width * op->channels + k * 8;
        for (size_t b = 0; b < NK; b++) {
            fk_store_first8(o + b * 8, _mm256_min_ps(_mm256_max_ps(acc[r][b], vmin), vmax), b + 1 == NK ? last_lanes : 8);
        }
    }
}

/// Channel blocks `k0..<k1` of pixel `x` in each of `R` output rows, up to four blocks at a time
/// (rows narrower than a group of four pixels); block k1 − 1's first `last_lanes` channels.
FK_AVX2 static inline __attribute__((always_inline))
void pixel_blocks_avx2(const fk_depthwise *op, const float *const *rows, size_t x, float *out, size_t k0, size_t k1,
                       ptrdiff_t last_lanes, const size_t R, const size_t S, const size_t KH, const size_t KW, __m256 vmin,
                       __m256 vmax) {
    const ptrdiff_t C = (ptrdiff_t)op->channels, in_width = (ptrdiff_t)op->input_width;
    ptrdiff_t columns[FK_MAX_KERNEL];
    for (size_t kx = 0; kx < KW; kx++) {
        const ptrdiff_t column = (ptrdiff_t)(x * S + kx) - (ptrdiff_t)op->pad_left;
        columns[kx] = column >= 0 && column < in_width ? column * C : -1;
    }
    float *o = out + (ptrdiff_t)x * C;
    size_t k = k0;
    for (; k + 4 <= k1; k += 4) blocks_avx2(op, rows, columns, o, k, 4, k + 4 == k1 ? last_lanes : 8, R, S, KH, KW, vmin, vmax);
    switch (k1 - k) {
    case 3: blocks_avx2(op, rows, columns, o, k, 3, last_lanes, R, S, KH, KW, vmin, vmax); break;
    case 2: blocks_avx2(op, rows, columns, o, k, 2, last_lanes, R, S, KH, KW, vmin, vmax); break;
    case 1: blocks_avx2(op, rows, columns, o, k, 1, last_lanes, R, S, KH, KW, vmin, vmax); break;
    default: break;
    }
}

/// `R` output rows from `y` (1 or 2) by whole pixels; R, S (the stride), KH and KW are constants at
/// each call site.
FK_AVX2 static inline __attribute__((always_inline))
void row_pixels_avx2(const fk_depthwise *op, size_t y, const size_t R, const size_t S, const size_t KH, const size_t KW,
                     const size_t registers) {
    const int sliding = S == 1 && KW == 3 && registers == 32;
    const size_t C = op->channels, blocks = (C + 7) / 8, W = op->output_width;
    // Channels in each pixel's last block.
    const ptrdiff_t last_lanes = C % 8 == 0 ? 8 : (ptrdiff_t)(C % 8);
    const ptrdiff_t pad = (ptrdiff_t)op->pad_left, in_width = (ptrdiff_t)op->input_width;
    const float *rows[ROWS_IN_REACH(FK_MAX_KERNEL, 2, 2)];
    for (size_t row = 0; row < ROWS_IN_REACH(KH, R, S); row++) rows[row] = input_row(op, y, row);
    float *out = output_row(op, y);
    const __m256 vmin = _mm256_set1_ps(op->output_min), vmax = _mm256_set1_ps(op->output_max);
    for (size_t k0 = 0; k0 < blocks; k0 += PIXELS_CHUNK) {
        const size_t k1 = blocks - k0 < PIXELS_CHUNK ? blocks : k0 + PIXELS_CHUNK;
        const ptrdiff_t lanes_k1 = k1 == blocks ? last_lanes : 8;
        if (W < 4) {
            for (size_t x = 0; x < W; x++) pixel_blocks_avx2(op, rows, x, out, k0, k1, lanes_k1, R, S, KH, KW, vmin, vmax);
            continue;
        }
        // Groups of four pixels; the last starts at W - 4, overlapping the one before (the pixels
        // both compute get the same values twice).
        for (size_t x = 0; x < W; x += 4) {
            if (x + 4 > W) x = W - 4;
            // Input column of the group's first pixel's tap kx = 0; every tap of the group is
            // inside the input when that is not negative and the last pixel's last tap is.
            const ptrdiff_t ix = (ptrdiff_t)(x * S) - pad;
            if (ix >= 0 && ix + (ptrdiff_t)(3 * S + KW - 1) < in_width) {
                for (size_t k = k0; k < k1; k++) {
                    if (sliding) pixels4_sliding(op, rows, ix * (ptrdiff_t)C, NULL, NULL, out + x * C, k, R, KH, KW, vmin, vmax);
                    else if (k + 1 < blocks || last_lanes == 8) {
                        pixels4_avx2(op, rows, ix * (ptrdiff_t)C, out + x * C, k, 8, R, S, KH, KW, vmin, vmax);
                    } else {
                        pixels4_avx2(op, rows, ix * (ptrdiff_t)C, out + x * C, k, last_lanes, R, S, KH, KW, vmin, vmax);
                    }
                }
                continue;
            }
            ptrdiff_t offsets[FK_MAX_KERNEL][4];
            __m256 masks[FK_MAX_KERNEL][4];
            for (size_t kx = 0; kx < KW; kx++) {
                for (size_t i = 0; i < 4; i++) {
                    const ptrdiff_t column = ix + (ptrdiff_t)(i * S + kx);
                    const int inside = column >= 0 && column < in_width;
                    offsets[kx][i] = (column < 0 ? 0 : column >= in_width ? in_width - 1 : column) * (ptrdiff_t)C;
                    masks[kx][i] = _mm256_castsi256_ps(_mm256_set1_epi32(inside ? -1 : 0));
                }
            }
            for (size_t k = k0; k < k1; k++) {
                if (sliding) pixels4_sliding(op, rows, 0, offsets, masks, out + x * C, k, R, KH, KW, vmin, vmax);
                else if (k + 1 < blocks || last_lanes == 8) {
                    pixels4_edge_avx2(op, rows, offsets, masks, out + x * C, k, 8, R, S, KH, KW, vmin, vmax);
                } else {
                    pixels4_edge_avx2(op, rows, offsets, masks, out + x * C, k, last_lanes, R, S, KH, KW, vmin, vmax);
                }
            }
        }
    }
}

/// Rows `row_start..<row_end` by whole pixels, two at a time.
#define ROWS_PIXELS_AVX2(S, KH, KW)                                                           \
    do {                                                                                      \
        size_t y = row_start;                                                                 \
        for (; y + 2 <= row_end; y += 2) row_pixels_avx2(op, y, 2, S, KH, KW, registers);     \
        if (y < row_end) row_pixels_avx2(op, y, 1, S, KH, KW, registers);                     \
    } while (0)

/// Rows `row_start..<row_end` with 8-lane vectors and `registers` vector registers (16 or 32), the
/// kernel size and stride constants in each copy of the loops.
FK_AVX2 static inline __attribute__((always_inline))
void rows_8_lanes(const fk_depthwise *operation, size_t row_start, size_t row_end, const size_t registers) {
    // A local copy: read through `operation`, its fields would be loaded again after every vector
    // store, which the intrinsics make through a type that may alias anything (docs/engine.md §4.2).
    const fk_depthwise local = *operation, *op = &local;
    const size_t KH = op->kernel_height, KW = op->kernel_width;
    const int whole = op->channels % 8 == 0;
    if (op->stride == 2 && KH == 3 && KW == 3) ROWS_PIXELS_AVX2(2, 3, 3);
    else if (op->stride == 2 && KH == 5 && KW == 5) ROWS_PIXELS_AVX2(2, 5, 5);
    else if (whole && KH == 3 && KW == 3) ROWS_PIXELS_AVX2(1, 3, 3);
    else if (whole && KH == 5 && KW == 5) ROWS_PIXELS_AVX2(1, 5, 5);
    else if (KH == 3 && KW == 3) {
        for (size_t y = row_start; y < row_end; y++) row_avx2(op, y, 3, 3);
    } else if (KH == 5 && KW == 5) {
        for (size_t y = row_start; y < row_end; y++) row_avx2(op, y, 5, 5);
    } else {
        for (size_t y = row_start; y < row_end; y++) row_avx2(op, y, KH, KW);
    }
}

/// The 8-lane code for AVX2 and FMA (16 vector registers).
FK_AVX2 static void rows_avx2(const fk_depthwise *op, size_t row_start, size_t row_end) {
    rows_8_lanes(op, row_start, row_end, 16);
}

/// The same code for AVX-512VL (32 vector registers).
FK_AVX512VL FK_AVX2 static void rows_avx512vl(const fk_depthwise *op, size_t row_start, size_t row_end) {
    rows_8_lanes(op, row_start, row_end, 32);
}
#endif

void fk_depthwise_rows(const fk_depthwise *op, size_t row_start, size_t row_end) {
#if FK_X86
    if (op->lanes == 16) {
        rows_avx512vl(op, row_start, row_end);
        return;
    }
    if (op->lanes == 8) {
        rows_avx2(op, row_start, row_end);
        return;
    }
#endif
    rows_scalar(op, row_start, row_end);
}

void fk_depthwise_task(void *context, size_t task) {
    const fk_depthwise *op = (const fk_depthwise *)context;
    size_t start, end;
    if (!fk_task_range(task, op->rows_per_task, op->output_height, &start, &end)) return;
    fk_depthwise_rows(op, start, end);
}
