// 1×1 convolution to 16 or more channels, as a matrix product of pixels × input channels by
// input channels × output channels. Output channels are cut into panels 32 wide (16 for the AVX2
// kernel), the last one 32, 16 or 8 wide (zero-padded). A block of 7 or 8 pixels times one panel keeps two accumulators of
// 16 lanes per pixel in registers, and each step over k loads the panel's weights once for all
// pixels of the block, with each pixel's value broadcast from memory. Debian's 2022 XNNPACK has
// only 16-wide tiles on AVX-512 (one weight vector per broadcast). An 8-wide last panel uses
// 256-bit vectors, which Zen 4 runs at twice the rate of 512-bit ones. The AVX2 kernel runs a
// layer in tiles of pixels, panel after panel over each tile (docs/engine.md §4.2).
#include <math.h>

#include "CFastKernels.h"
#include "Dispatch.h"
#include "PointwiseConvolution.h"

#if FK_X86
#include <immintrin.h>
#endif

/// The most pixels per register block: 2 × 8 accumulators, 2 weight vectors and the clamp bounds
/// fit in AVX-512's 32 registers.
#define FK_PANEL_ROWS 8

size_t fk_pointwise_panels_block_pixels(size_t pixels) { return pixels % 8 == 0 ? 8 : 7; }

/// The full panel width: 32 channels, or 16 for the 8-lane kernel (two of its vectors).
static size_t panel_size(size_t lanes) { return lanes == 8 ? 16 : 32; }

static size_t panel_count(size_t lanes, size_t output_channels) {
    return (output_channels + panel_size(lanes) - 1) / panel_size(lanes);
}

/// Width of panel `j`: the full width, except a last panel of 16 or 8 when at most that many
/// channels are left.
static size_t panel_width(size_t lanes, size_t output_channels, size_t j) {
    const size_t size = panel_size(lanes), left = output_channels - size * j;
    return left > 16 && size == 32 ? 32 : left > 8 ? 16 : 8;
}

/// The runs of input each output pixel reads: `op->patch` of them (1 for a 1×1 convolution),
/// `input_channels / patch` floats each.
static inline size_t pixel_runs(const fk_pointwise *op) { return op->patch > 1 ? op->patch : 1; }

/// The first input float of output pixel `p` (its window's first run).
static inline const float *pixel_input(const fk_pointwise *op, size_t p) {
    if (op->patch <= 1) return op->input + p * op->input_channels;
    const size_t y = p / op->output_width, x = p % op->output_width;
    return op->input + y * op->patch * op->input_row_floats + x * op->input_channels / op->patch;
}

/// The pixels from `from` that a register block may take (up to `to`): a block of windows stays
/// within one output row, where consecutive pixels' runs are equally far apart.
static inline size_t block_end(const fk_pointwise *op, size_t from, size_t to) {
    if (op->patch <= 1) return to;
    const size_t row_end = (from / op->output_width + 1) * op->output_width;
    return row_end < to ? row_end : to;
}

// Layout: panel after panel; each is its width's biases, then for each input channel k the
// panel's weights of k (zeros past the last output channel).
size_t fk_pointwise_panels_packed_count(size_t lanes, size_t input_channels, size_t output_channels) {
    size_t count = 0;
    for (size_t j = 0; j < panel_count(lanes, output_channels); j++) {
        count += (input_channels + 1) * panel_width(lanes, output_channels, j);
    }
    return count;
}

void fk_pointwise_panels_pack(size_t lanes, size_t input_channels, size_t output_channels, const float *weights,
                              const float *bias, float *packed) {
    const size_t K = input_channels, N = output_channels;
    for (size_t j = 0; j < panel_count(lanes, N); j++) {
        const size_t width = panel_width(lanes, N, j);
        for (size_t c = 0; c < width; c++) {
            const size_t o = panel_size(lanes) * j + c;
            const int real = o < N;
            packed[c] = real && bias != NULL ? bias[o] : 0.0f;
            for (size_t k = 0; k < K; k++) packed[(k + 1) * width + c] = real ? weights[o * K + k] : 0.0f;
        }
        packed += (K + 1) * width;
    }
}

#if FK_X86
/// `rows` pixels from `p` times the panel at `panel` (`vectors` × 16 wide, of which `valid`
/// channels are stored, from output channel `column`).
FK_AVX512 static inline __attribute__((always_inline))
void block_avx512(const fk_pointwise *op, size_t p, const size_t rows, const float *panel, const size_t vectors,
                  size_t column, size_t valid, const int fused) {
    const size_t K = op->input_channels, N = op->output_channels;
    const float *a = op->input + p * K;
    __m512 acc[FK_PANEL_ROWS][2];
    for (size_t i = 0; i < rows; i++) {
        for (size_t v = 0; v < vectors; v++) acc[i][v] = _mm512_loadu_ps(panel + 16 * v);
    }
    const float *w = panel + 16 * vectors;
    for (size_t k = 0; k < K; k++, w += 16 * vectors) {
        __m512 wk[2];
        for (size_t v = 0; v < vectors; v++) wk[v] = _mm512_loadu_ps(w + 16 * v);
        for (size_t i = 0; i < rows; i++) {
            const __m512 x = _mm512_set1_ps(a[i * K + k]);
            for (size_t v = 0; v < vectors; v++) acc[i][v] = _mm512_fmadd_ps(x, wk[v], acc[i][v]);
        }
    }
    const __m512 vmin = _mm512_set1_ps(op->output_min), vmax = _mm512_set1_ps(op->output_max);
    for (size_t v = 0; v < vectors; v++) {
        const size_t lanes = valid > 16 * v ? valid - 16 * v : 0;
        const __mmask16 mask = lanes >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << lanes) - 1);
        for (size_t i = 0; i < rows; i++) {
            const size_t at = (p + i) * N + column + 16 * v;
            __m512 y = _mm512_min_ps(_mm512_max_ps(acc[i][v], vmin), vmax);
            if (fused) y = fk_pointwise_epilogue_avx512(op, y, p + i, column + 16 * v, mask);
            _mm512_mask_storeu_ps(op->output + at, mask, y);
        }
    }
}

/// The same for an 8-wide panel, with 256-bit vectors.
FK_AVX512VL static inline __attribute__((always_inline))
void block_avx512vl_8(const fk_pointwise *op, size_t p, const size_t rows, const float *panel, size_t column, size_t valid,
                      const int fused) {
    const size_t K = op->input_channels, N = op->output_channels;
    const float *a = op->input + p * K;
    __m256 acc[FK_PANEL_ROWS];
    for (size_t i = 0; i < rows; i++) acc[i] = _mm256_loadu_ps(panel);
    const float *w = panel + 8;
    for (size_t k = 0; k < K; k++, w += 8) {
        const __m256 wk = _mm256_loadu_ps(w);
        for (size_t i = 0; i < rows; i++) acc[i] = _mm256_fmadd_ps(_mm256_set1_ps(a[i * K + k]), wk, acc[i]);
    }
    const __m256 vmin = _mm256_set1_ps(op->output_min), vmax = _mm256_set1_ps(op->output_max);
    const __mmask8 mask = (__mmask8)((1u << valid) - 1);
    for (size_t i = 0; i < rows; i++) {
        __m256 y = _mm256_min_ps(_mm256_max_ps(acc[i], vmin), vmax);
        if (fused) y = fk_pointwise_epilogue_avx512vl(op, y, p + i, column, mask);
        _mm256_mask_storeu_ps(op->output + (p + i) * N + column, mask, y);
    }
}

/// All panels for `rows` pixels from `p`.
FK_AVX512VL static inline __attribute__((always_inline))
void panels_avx512(const fk_pointwise *op, size_t p, const size_t rows, const int fused) {
    const size_t K = op->input_channels, N = op->output_channels;
    const float *panel = op->packed;
    for (size_t j = 0; j < panel_count(16, N); j++) {
        const size_t width = panel_width(16, N, j), column = 32 * j;
        const size_t valid = N - column < width ? N - column : width;
        if (width == 32) block_avx512(op, p, rows, panel, 2, column, valid, fused);
        else if (width == 16) block_avx512(op, p, rows, panel, 1, column, valid, fused);
        else block_avx512vl_8(op, p, rows, panel, column, valid, fused);
        panel += (K + 1) * width;
    }
}

/// Adds `count` terms per accumulator: the `rows` pixels' inputs from `a`, `count` floats apart
/// (a 1×1 convolution's), times the panel's weights from `*w` (advanced past them).
FK_AVX2 static inline __attribute__((always_inline))
void accumulate_avx2(__m256 acc[6][2], const float *a, size_t count, const float **w, const size_t rows,
                     const size_t width, const size_t vectors) {
    const float *wk = *w;
    for (size_t k = 0; k < count; k++, wk += width) {
        __m256 weights[2];
        for (size_t v = 0; v < vectors; v++) weights[v] = _mm256_loadu_ps(wk + 8 * v);
        for (size_t i = 0; i < rows; i++) {
            const __m256 x = _mm256_broadcast_ss(a + i * count + k);
            for (size_t v = 0; v < vectors; v++) acc[i][v] = _mm256_fmadd_ps(x, weights[v], acc[i][v]);
        }
    }
    *w = wk;
}

/// Stores a register block `acc` of `rows` pixels from `p` (`valid` channels from output channel
/// `column`) as `variant` says, unrolled, so that the accumulators stay in registers.
FK_AVX2 static inline __attribute__((always_inline))
void stores_avx2(const fk_pointwise *op, __m256 acc[6][2], size_t p, const size_t rows, const size_t vectors,
                 size_t column, size_t valid, __m256 vmin, __m256 vmax, const int variant) {
    FK_UNROLLED
    for (size_t v = 0; v < vectors; v++) {
        const ptrdiff_t lanes = (ptrdiff_t)valid - (ptrdiff_t)(8 * v);
        if (lanes <= 0) break;
        const fk_epilogue_avx2 epilogue = variant & (FK_SLOPES | FK_RESIDUAL) ? fk_epilogue_avx2_make(op, column + 8 * v, lanes) : (fk_epilogue_avx2){0};
        FK_UNROLLED
        for (size_t i = 0; i < rows; i++) fk_pointwise_store_avx2(op, acc[i][v], vmin, vmax, &epilogue, p + i, column + 8 * v, lanes, variant);
    }
}

/// AVX2 and FMA: `rows` (at most 6) pixels from `p` times the panel at `panel` (`width` = 8 ×
/// `vectors` wide); `valid` channels are stored, from output channel `column`, as `variant` (a
/// constant in each copy) says. The stores are unrolled, so that the accumulators stay in
/// registers, except with a residual and both clamps: their bounds and the epilogue's values
/// took too many registers, and the accumulators went to the stack in the loop of multiply-adds
/// (docs/engine.md §4.3).
FK_AVX2 static inline __attribute__((always_inline))
void block_avx2(const fk_pointwise *op, size_t p, const size_t rows, const float *panel, const size_t width,
                const size_t vectors, size_t column, size_t valid, const int variant) {
    __m256 acc[6][2];
    for (size_t i = 0; i < rows; i++) {
        for (size_t v = 0; v < vectors; v++) acc[i][v] = _mm256_loadu_ps(panel + 8 * v);
    }
    const float *a = pixel_input(op, p), *w = panel + width;
    if (op->patch <= 1) {
        accumulate_avx2(acc, a, op->input_channels, &w, rows, width, vectors);
    } else {
        // One loop over the window's values, stepping to the next input row after each run.
        // (Called once per run, the loop above kept an accumulator on the stack: 2.5 times slower.)
        const size_t run = op->input_channels / op->patch, jump = op->input_row_floats - run;
        for (size_t k = 0, left = run; k < op->input_channels; k++, w += width, a++) {
            if (left-- == 0) {
                a += jump;
                left = run - 1;
            }
            __m256 weights[2];
            for (size_t v = 0; v < vectors; v++) weights[v] = _mm256_loadu_ps(w + 8 * v);
            for (size_t i = 0; i < rows; i++) {
                const __m256 x = _mm256_broadcast_ss(a + i * run);
                for (size_t v = 0; v < vectors; v++) acc[i][v] = _mm256_fmadd_ps(x, weights[v], acc[i][v]);
            }
        }
    }
    const __m256 vmin = _mm256_set1_ps(op->output_min), vmax = _mm256_set1_ps(op->output_max);
    if ((variant & FK_RESIDUAL) && (variant & FK_CLAMP) && (variant & FK_ADD_CLAMP)) {
        for (size_t v = 0; v < vectors; v++) {
            const ptrdiff_t lanes = (ptrdiff_t)valid - (ptrdiff_t)(8 * v);
            if (lanes <= 0) break;
            const fk_epilogue_avx2 epilogue = fk_epilogue_avx2_make(op, column + 8 * v, lanes);
            for (size_t i = 0; i < rows; i++) fk_pointwise_store_avx2(op, acc[i][v], vmin, vmax, &epilogue, p + i, column + 8 * v, lanes, variant);
        }
        return;
    }
    // A copy of the stores without tests for partial vectors, for panels that have none.
    if (valid == width && (!(variant & FK_RESIDUAL) || op->residual_channels >= column + width)) {
        stores_avx2(op, acc, p, rows, vectors, column, valid, vmin, vmax, variant | FK_FULL);
    } else {
        stores_avx2(op, acc, p, rows, vectors, column, valid, vmin, vmax, variant);
    }
}

/// The pixels `start ..< end` times one panel, 6 at a time.
FK_AVX2 static inline __attribute__((always_inline))
void rows_avx2(const fk_pointwise *op, size_t start, size_t end, const float *panel, const size_t width,
               const size_t vectors, size_t column, size_t valid, const int variant) {
    size_t p = start;
    for (; p + 6 <= end; p += 6) block_avx2(op, p, 6, panel, width, vectors, column, valid, variant);
    switch (end - p) {
    case 5: block_avx2(op, p, 5, panel, width, vectors, column, valid, variant); break;
    case 4: block_avx2(op, p, 4, panel, width, vectors, column, valid, variant); break;
    case 3: block_avx2(op, p, 3, panel, width, vectors, column, valid, variant); break;
    case 2: block_avx2(op, p, 2, panel, width, vectors, column, valid, variant); break;
    case 1: block_avx2(op, p, 1, panel, width, vectors, column, valid, variant); break;
    default: break;
    }
}

/// Panel `j` (16 wide, or a last one of 16 or 8) for the pixels `start ..< end`, 6 at a time.
FK_AVX2 static inline __attribute__((always_inline))
void panel_pixels_avx2(const fk_pointwise *op, size_t start, size_t end, const float *panel, size_t j, const int variant) {
    const size_t N = op->output_channels, width = panel_width(8, N, j), column = 16 * j;
    const size_t valid = N - column < width ? N - column : width;
    if (width == 16) rows_avx2(op, start, end, panel, 16, 2, column, valid, variant);
    else rows_avx2(op, start, end, panel, 8, 1, column, valid, variant);
}

/// Pixels per tile: a tile's inputs (about 16 KB) stay in the L1 cache while each panel's
/// weights pass over them, so that every panel is read once a tile instead of once every 6
/// pixels (a layer's weights exceed the L1 cache from 64 × 128 channels on).
static size_t tile_pixels(size_t input_channels) {
    const size_t pixels = 4096 / input_channels / 6 * 6;
    return pixels < 6 ? 6 : pixels;
}

/// One pixel `p` (its input `a`, contiguous) times the four 16-wide panels from `panel` (output
/// channels from `column`). Alone, a panel's two accumulators are two chains of multiply-adds,
/// each waiting on the one before, fed by one stream of weights; four panels make eight chains
/// and four streams. Each output still adds its terms in k order.
FK_AVX2 static inline __attribute__((always_inline))
void four_panels_avx2(const fk_pointwise *op, size_t p, const float *a, const float *panel, size_t column, const int variant) {
    const size_t K = op->input_channels, N = op->output_channels, next = (K + 1) * 16;
    __m256 acc[4][2];
    for (size_t g = 0; g < 4; g++) {
        for (size_t v = 0; v < 2; v++) acc[g][v] = _mm256_loadu_ps(panel + g * next + 8 * v);
    }
    for (size_t k = 0; k < K; k++) {
        const __m256 x = _mm256_broadcast_ss(a + k);
        const float *w = panel + (k + 1) * 16;
        for (size_t g = 0; g < 4; g++) {
            for (size_t v = 0; v < 2; v++) acc[g][v] = _mm256_fmadd_ps(x, _mm256_loadu_ps(w + g * next + 8 * v), acc[g][v]);
        }
    }
    const __m256 vmin = _mm256_set1_ps(op->output_min), vmax = _mm256_set1_ps(op->output_max);
    for (size_t g = 0; g < 4; g++) {
        for (size_t v = 0; v < 2; v++) {
            const size_t channel = column + 16 * g + 8 * v;
            const ptrdiff_t lanes = N - channel < 8 ? (ptrdiff_t)(N - channel) : 8;
            const fk_epilogue_avx2 epilogue = variant & (FK_SLOPES | FK_RESIDUAL) ? fk_epilogue_avx2_make(op, channel, lanes) : (fk_epilogue_avx2){0};
            fk_pointwise_store_avx2(op, acc[g][v], vmin, vmax, &epilogue, p, channel, lanes, variant);
        }
    }
}

/// A layer of one pixel (a fully connected one: face_landmarks_detector's last, 512 → 1434),
/// whose input is contiguous: four panels at a time while four full ones are left, the rest one by
/// one. Taken from 16384 weights on: below, a few microseconds either way.
FK_AVX2 static inline __attribute__((always_inline))
void one_pixel_avx2(const fk_pointwise *op, size_t p, const int variant) {
    const size_t K = op->input_channels, N = op->output_channels, panels = panel_count(8, N);
    const float *panel = op->packed, *a = pixel_input(op, p);
    size_t j = 0;
    for (; j + 4 <= panels && panel_width(8, N, j + 3) == 16; j += 4) {
        four_panels_avx2(op, p, a, panel, 16 * j, variant);
        panel += 4 * (K + 1) * 16;
    }
    for (; j < panels; j++) {
        panel_pixels_avx2(op, p, p + 1, panel, j, variant);
        panel += (K + 1) * panel_width(8, N, j);
    }
}

FK_AVX2 static inline __attribute__((always_inline))
void pixels_panels_avx2_with(const fk_pointwise *op, size_t start, size_t end, const int variant) {
    const size_t K = op->input_channels, N = op->output_channels, tile = tile_pixels(K);
    const int contiguous = op->patch <= 1 || op->input_row_floats * op->patch == K;
    if (end - start == 1 && contiguous && K * N >= 16384) {
        one_pixel_avx2(op, start, variant);
        return;
    }
    for (size_t from = start, to; from < end; from = to) {
        to = block_end(op, from, end - from < tile ? end : from + tile);
        const float *panel = op->packed;
        for (size_t j = 0; j < panel_count(8, N); j++) {
            panel_pixels_avx2(op, from, to, panel, j, variant);
            panel += (K + 1) * panel_width(8, N, j);
        }
    }
}

/// A copy of the loops for each variant, a function of its own (in one function, the eleven
/// copies were too large for builds with AddressSanitizer to keep the accumulators in registers,
/// and the kernel ran ten times slower there). Each reads the operation from a local copy:
/// through `operation`, its fields would be loaded again after every vector store, which the
/// intrinsics make through a type that may alias anything (docs/engine.md §4.2).
#define PANEL_VARIANT_FUNCTION(name, variant)                                                              \
    FK_AVX2 static __attribute__((noinline)) void panels_##name##_avx2(const fk_pointwise *operation,      \
                                                                        size_t start, size_t end) {         \
        const fk_pointwise local = *operation;                                                             \
        pixels_panels_avx2_with(&local, start, end, variant);                                              \
    }
FK_POINTWISE_VARIANTS(PANEL_VARIANT_FUNCTION)
#undef PANEL_VARIANT_FUNCTION

FK_AVX2 static void pixels_panels_avx2(const fk_pointwise *op, size_t start, size_t end) {
    switch (fk_pointwise_variant(op)) {
#define PANEL_VARIANT_CASE(name, variant) \
    case variant: panels_##name##_avx2(op, start, end); break;
    FK_POINTWISE_VARIANTS(PANEL_VARIANT_CASE)
#undef PANEL_VARIANT_CASE
    default: break;   // fk_pointwise_variant returns one of the variants above
    }
}

FK_AVX512VL static inline __attribute__((always_inline))
void pixels_panels_avx512_with(const fk_pointwise *op, size_t start, size_t end, const int fused) {
    size_t p = start;
    if (fk_pointwise_panels_block_pixels(op->pixels) == 8) {
        for (; p + 8 <= end; p += 8) panels_avx512(op, p, 8, fused);
    } else {
        for (; p + 7 <= end; p += 7) panels_avx512(op, p, 7, fused);
    }
    switch (end - p) {
    case 7: panels_avx512(op, p, 7, fused); break;
    case 6: panels_avx512(op, p, 6, fused); break;
    case 5: panels_avx512(op, p, 5, fused); break;
    case 4: panels_avx512(op, p, 4, fused); break;
    case 3: panels_avx512(op, p, 3, fused); break;
    case 2: panels_avx512(op, p, 2, fused); break;
    case 1: panels_avx512(op, p, 1, fused); break;
    default: break;
    }
}

/// A copy of the loops with the fused epilogue (`fused` a constant in each), one without, both
/// reading a local copy of the operation (see `PANEL_VARIANT_FUNCTION`).
FK_AVX512VL static void pixels_panels_avx512(const fk_pointwise *operation, size_t start, size_t end) {
    const fk_pointwise local = *operation, *op = &local;
    if (fk_pointwise_has_epilogue(op)) pixels_panels_avx512_with(op, start, end, 1);
    else pixels_panels_avx512_with(op, start, end, 0);
}
#endif

static void pixels_panels_scalar(const fk_pointwise *op, size_t start, size_t end) {
    const size_t K = op->input_channels, N = op->output_channels, size = panel_size(op->lanes);
    const size_t runs = pixel_runs(op), run = K / runs;
    const float *panel = op->packed;
    for (size_t j = 0; j < panel_count(op->lanes, N); j++) {
        const size_t width = panel_width(op->lanes, N, j);
        const size_t n = N - size * j < width ? N - size * j : width;
        for (size_t p = start; p < end; p++) {
            // The output is the accumulator: loops over c vectorize, each sum keeps k order.
            const float *a = pixel_input(op, p);
            float *out = op->output + p * N + size * j;
            for (size_t c = 0; c < n; c++) out[c] = panel[c];
            for (size_t r = 0, k = 0; r < runs; r++) {
                for (size_t i = 0; i < run; i++, k++) {
                    const float ak = a[r * op->input_row_floats + i], *w = panel + (k + 1) * width;
                    for (size_t c = 0; c < n; c++) out[c] = fmaf(ak, w[c], out[c]);
                }
            }
            for (size_t c = 0; c < n; c++) {
                float v = out[c] < op->output_min ? op->output_min : out[c];
                v = v > op->output_max ? op->output_max : v;
                out[c] = fk_pointwise_epilogue(op, v, p, size * j + c);
            }
        }
        panel += (K + 1) * width;
    }
}

void fk_pointwise_panels_pixels(const fk_pointwise *op, size_t start, size_t end) {
#if FK_X86
    if (op->lanes == 16) {
        pixels_panels_avx512(op, start, end);
        return;
    }
    if (op->lanes == 8) {
        pixels_panels_avx2(op, start, end);
        return;
    }
#endif
    pixels_panels_scalar(op, start, end);
}
