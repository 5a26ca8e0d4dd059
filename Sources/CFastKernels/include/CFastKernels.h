// Hand-written float32 microkernels for convolution shapes that Debian's 2022 XNNPACK runs
// slowly (few channels at large spatial sizes). Each entry point picks at run time the widest
// instruction set this processor has (AVX-512F, AVX2 with FMA, else portable C). Layouts are NHWC, one image.
// Only the Inference module imports this header; no type from it appears in a public API.
#ifndef CFASTKERNELS_H
#define CFASTKERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Vector lanes of the widest implementation of the kernels below on this processor: 16 with
/// AVX-512F and AVX-512VL, 8 with AVX2 and FMA, else 1: portable C whose innermost loops run over
/// independent output sums (channels or pixels), which compilers vectorize (NEON on arm64), and
/// which sums in the same order with `fmaf`. Kernels take `lanes` from their caller (this value, or
/// 1 to test the portable code).
size_t fk_best_lanes(void);

/// The largest kernel height and width the kernels below accept.
#define FK_MAX_KERNEL 7

/// Depthwise convolution with dilation 1 and depth multiplier 1, and stride 1, or 2 when the
/// channels are a multiple of 8.
///
/// Output `[output_height, output_width, channels]`; input `[input_height, input_width, channels]`,
/// read at `(y·stride + ky - pad_top, x·stride + kx - pad_left)` with zeros outside. Per output element the sum
/// is `bias + Σ input × weight` over the taps, kx outer and ky inner (XNNPACK's tap order), with
/// one fused multiply-add per tap, then clamped to `[output_min, output_max]` (max, then min).
typedef struct fk_depthwise {
    /// 8 (AVX2 and FMA), 16 (the same 8-lane code, with AVX-512VL's 32 registers; only up to
    /// fk_best_lanes()) or 1, as given to `fk_depthwise_pack`. The results do not depend on it.
    size_t lanes;
    const float *input;
    float *output;
    /// Weights and bias arranged by `fk_depthwise_pack`.
    const float *packed;
    /// At least `input_width * channels` zeros (read for rows above and below the input).
    const float *zeros;
    size_t input_height, input_width, channels;
    size_t output_height, output_width;
    size_t kernel_height, kernel_width;
    /// The same along both axes.
    size_t stride;
    size_t pad_top, pad_left;
    float output_min, output_max;
    /// Output rows per task of `fk_depthwise_task`.
    size_t rows_per_task;
} fk_depthwise;

/// Floats `fk_depthwise_pack` writes for this many lanes, channels and taps.
size_t fk_depthwise_packed_count(size_t lanes, size_t channels, size_t kernel_height, size_t kernel_width);

/// Arranges TFLite weights `[kernel_height, kernel_width, channels]` and `bias` (`channels`
/// values, or NULL for zeros) for `fk_depthwise_rows` with `lanes` lanes into `packed`.
void fk_depthwise_pack(size_t lanes, size_t channels, size_t kernel_height, size_t kernel_width,
                       const float *weights, const float *bias, float *packed);

/// Computes output rows `row_start ..< row_end`.
void fk_depthwise_rows(const fk_depthwise *op, size_t row_start, size_t row_end);

/// Computes the `task`-th block of `rows_per_task` output rows of the `fk_depthwise` at `op`
/// (a pthreadpool 1-D task).
void fk_depthwise_task(void *op, size_t task);

/// Convolution with one output channel, stride 1 and dilation 1.
///
/// Output `[output_height, output_width, 1]`; input `[input_height, input_width, channels]`, read
/// at `(y + ky - pad_top, x + kx - pad_left)` with zeros outside; weights `[kernel_height,
/// kernel_width, channels]`. Per output pixel the sum is `bias + Σ input × weight` in the order
/// ky, kx, channel (XNNPACK's IGEMM order), one fused multiply-add each, then clamped.
typedef struct fk_conv_single_output {
    /// 16 or 8 (only up to fk_best_lanes()) or 1.
    size_t lanes;
    const float *input;
    float *output;
    const float *weights;
    float bias;
    /// Scratch of `fk_conv_single_output_scratch_count` floats per concurrently running call, all
    /// zeros before its first call: the zeros around the rows it splits into planes are kept.
    float *scratch;
    size_t input_height, input_width, channels;
    size_t output_height, output_width;
    size_t kernel_height, kernel_width;
    size_t pad_top, pad_left;
    float output_min, output_max;
    /// Output rows per task of `fk_conv_single_output_task`.
    size_t rows_per_task;
} fk_conv_single_output;

/// Floats of scratch one call of `fk_conv_single_output_rows` needs.
size_t fk_conv_single_output_scratch_count(const fk_conv_single_output *op);

/// Computes output rows `row_start ..< row_end`, using `op->scratch + scratch_offset`.
void fk_conv_single_output_rows(const fk_conv_single_output *op, size_t scratch_offset,
                                size_t row_start, size_t row_end);

/// Computes the `task`-th block of `rows_per_task` output rows of the `fk_conv_single_output` at
/// `op`, with the task's own scratch (`task × fk_conv_single_output_scratch_count` floats in).
void fk_conv_single_output_task(void *op, size_t task);

/// 1×1 convolution with stride 1 and `output_channels` from 2 to 8 or at least 16:
/// `output[p][o] = clamp(bias[o] + Σ_k input[p][k] × weight[o][k])` for each pixel p, with the sum
/// in k order, one fused multiply-add per term (as XNNPACK's GEMM kernels). Where
/// `fk_pointwise_supports_patches` says so, also a convolution whose kernel is its stride (see
/// `patch`), whose windows are then the pixels' inputs, in XNNPACK's IGEMM order. With
/// AVX-512VL, 8, 24 and 40 channels get output_channels / 8 accumulators of 8 lanes per pixel,
/// where XNNPACK's 16-wide kernels leave half of the last vector of every pixel idle; other counts
/// are computed in panels of 32 channels (two 16-lane vectors per pixel and broadcast), 7 or 8
/// pixels at a time.
/// With AVX2 and FMA (8 lanes) the panels are 16 channels wide (two vectors), 6 pixels at a
/// time, and 8, 24 and 40 channels 12, 3 and 2 pixels at a time, within its 16 registers.
typedef struct fk_pointwise {
    /// 16 or 8 (only up to fk_best_lanes()) or 1.
    size_t lanes;
    /// `[pixels, input_channels]`.
    const float *input;
    /// `[pixels, output_channels]`.
    float *output;
    /// Weights and bias arranged by `fk_pointwise_pack`.
    const float *packed;
    size_t pixels, input_channels, output_channels;
    float output_min, output_max;
    /// The fused epilogue (docs/engine.md §4.3), applied after the clamp:
    /// `[pixels, residual_channels]` values added to the output (an ADD that read the
    /// convolution; zeros are added to the channels from `residual_channels` on, a channel PAD of
    /// the residual folded in), or NULL, the sum then clamped to `[residual_min, residual_max]`
    /// (the ADD's activation);
    /// then `output_channels` PReLU slopes, or NULL: a value whose sign bit is set is multiplied
    /// by its channel's slope (as XNNPACK's PReLU selects).
    const float *residual;
    size_t residual_channels;
    float residual_min, residual_max;
    const float *slope;
    /// Pixels per task of `fk_pointwise_task` (a multiple of `fk_pointwise_block_pixels`).
    size_t pixels_per_task;
    /// 1 for a 1×1 convolution (0 means 1 too). Above 1, the convolution's kernel is `patch` ×
    /// `patch` with that stride and no padding, on one image: output pixel p, at row p /
    /// `output_width` and column x = p % `output_width`, reads `patch` runs of `input_channels` /
    /// `patch` floats (its window's rows, from input column `patch` × x), run r from input row
    /// `patch` × (p / `output_width`) + r; `input_row_floats` apart. `input_channels` is then the
    /// window's `patch² × channels` values, in TFLite's (ky, kx, channel) weight order.
    size_t patch, output_width, input_row_floats;
} fk_pointwise;

/// Whether the kernel with `lanes` lanes computes windows of `patch` > 1 (see `fk_pointwise`)
/// to this many output channels: the 8-lane and portable panel kernels do.
int fk_pointwise_supports_patches(size_t lanes, size_t output_channels);

/// Whether the kernel computes this many output channels (2 to 8, or 16 and more).
int fk_pointwise_supports(size_t output_channels);

/// Pixels the kernel computes together with `lanes` lanes for this many pixels and output
/// channels: tasks of a multiple of it waste no registers.
size_t fk_pointwise_block_pixels(size_t lanes, size_t pixels, size_t output_channels);

/// Floats `fk_pointwise_pack` writes for the kernel with `lanes` lanes.
size_t fk_pointwise_packed_count(size_t lanes, size_t input_channels, size_t output_channels);

/// Arranges TFLite weights `[output_channels, 1, 1, input_channels]` and `bias`
/// (`output_channels` values, or NULL for zeros) for the kernel with `lanes` lanes.
void fk_pointwise_pack(size_t lanes, size_t input_channels, size_t output_channels, const float *weights,
                       const float *bias, float *packed);

/// Computes pixels `start ..< end`.
void fk_pointwise_pixels(const fk_pointwise *op, size_t start, size_t end);

/// Computes the `task`-th block of `pixels_per_task` pixels of the `fk_pointwise` at `op`.
void fk_pointwise_task(void *op, size_t task);

/// Any other convolution, for the built-in backend (no XNNPACK): CONV_2D of any kernel size,
/// stride, dilation and padding; DEPTHWISE_CONV_2D with depth multiplier 1 at any stride and
/// dilation; FULLY_CONNECTED as a 1×1 CONV_2D over `rows` pixels. Each output element sums its
/// terms in XNNPACK's order with one fused multiply-add per term, so results are XNNPACK's bit for
/// bit: `bias`, then for a convolution ky, kx, input channel (its IGEMM order), for a depthwise
/// convolution kx outer and ky inner (its DWCONV tap order); taps outside the input are skipped.
/// Then clamped to `[output_min, output_max]` (max, then min), and, with `slope`, given a fused
/// PRELU as the 1×1 kernel gives it.
typedef struct fk_direct_conv {
    /// 8 (AVX2 and FMA), 16 (the same 8-lane blocks, with AVX-512VL's 32 registers for wider
    /// passes; only up to fk_best_lanes()) or 1. The results do not depend on it.
    size_t lanes;
    /// `[input_height, input_width, input_channels]`.
    const float *input;
    /// `[output_height, output_width, output_channels]`.
    float *output;
    /// Weights and bias arranged by `fk_direct_conv_pack`.
    const float *packed;
    size_t input_height, input_width, input_channels;
    size_t output_height, output_width, output_channels;
    size_t kernel_height, kernel_width, stride_height, stride_width, dilation_height, dilation_width;
    size_t pad_top, pad_left;
    /// Nonzero: depthwise (output channel c reads input channel c; `input_channels` = `output_channels`).
    int depthwise;
    float output_min, output_max;
    /// `output_channels` PReLU slopes applied after the clamp, or NULL: a value whose sign bit is
    /// set is multiplied by its channel's slope (as XNNPACK's PReLU selects).
    const float *slope;
    /// Output rows per task of `fk_direct_conv_task`.
    size_t rows_per_task;
} fk_direct_conv;

/// Floats `fk_direct_conv_pack` writes.
size_t fk_direct_conv_packed_count(size_t lanes, int depthwise, size_t input_channels, size_t output_channels,
                                   size_t kernel_height, size_t kernel_width);

/// Arranges TFLite weights (CONV_2D `[output_channels, kernel_height, kernel_width, input_channels]`,
/// DEPTHWISE_CONV_2D `[1, kernel_height, kernel_width, channels]`) and `bias` (`output_channels`
/// values, or NULL for zeros): per block of `lanes` output channels (the last one padded with
/// zeros), the bias, then one weight vector per term in the kernel's summation order. With lanes
/// 1 (the portable code) the block is all `output_channels`, so that its loops run over whole rows
/// of output channels, which compilers vectorize on any processor.
void fk_direct_conv_pack(size_t lanes, int depthwise, size_t input_channels, size_t output_channels,
                         size_t kernel_height, size_t kernel_width, const float *weights, const float *bias,
                         float *packed);

/// Computes output rows `row_start ..< row_end`.
void fk_direct_conv_rows(const fk_direct_conv *op, size_t row_start, size_t row_end);

/// Computes the `task`-th block of `rows_per_task` output rows of the `fk_direct_conv` at `op`.
void fk_direct_conv_task(void *op, size_t task);

/// RESIZE_BILINEAR of one image `[input_height, input_width, channels]` to
/// `[output_height, output_width, channels]`, computed as XNNPACK computes it, for the built-in
/// backend: per output axis `scale = in / out` (`(in - 1) / (out - 1)` with align corners), the
/// source `o × scale` (legacy mode and align corners) or `o × scale + (0.5 × scale − 0.5)` clamped
/// to `[0, in − 1]` (half-pixel centres), its integer part and the next pixel (at most `in − 1`),
/// and the fraction `alpha`; then `top = tl + (tr − tl) × αx`, `bottom = bl + (br − bl) × αx`,
/// `out = top + (bottom − top) × αy`, each operation rounded on its own (no fused multiply-add).
typedef struct fk_resize_bilinear {
    const float *input;
    float *output;
    size_t input_height, input_width, channels, output_height, output_width;
    int align_corners, half_pixel_centers;
    /// Output rows per task of `fk_resize_bilinear_task`.
    size_t rows_per_task;
} fk_resize_bilinear;

/// Computes output rows `row_start ..< row_end`.
void fk_resize_bilinear_rows(const fk_resize_bilinear *op, size_t row_start, size_t row_end);

/// Computes the `task`-th block of `rows_per_task` output rows of the `fk_resize_bilinear` at `op`.
void fk_resize_bilinear_task(void *op, size_t task);

/// IEEE 754 binary16 values to binary32, `out[i]` from `in[i]` for i < `count`, exact for every
/// value (subnormals, infinities and NaN payloads kept); F16C where the processor has it.
void fk_half_to_float(const uint16_t *in, float *out, size_t count);

/// LOGISTIC, `output[i] = 1 / (1 + e^−input[i])` for i < `count`, with the arithmetic of XNNPACK's
/// AVX2 kernel (see `Sigmoid.c`), for the built-in backend: its results are XNNPACK's bit for bit
/// on processors where XNNPACK runs that kernel (AVX2 without AVX-512), when run as XNNPACK runs
/// it, with denormals flushed to zero (through the thread pool's flag).
typedef struct fk_sigmoid {
    const float *input;
    float *output;
    size_t count;
    /// Elements per task of `fk_sigmoid_task`.
    size_t elements_per_task;
} fk_sigmoid;

/// Computes the `task`-th block of `elements_per_task` elements of the `fk_sigmoid` at `op`.
void fk_sigmoid_task(void *op, size_t task);

/// MAX_POOL_2D of one image `[input_height, input_width, channels]` to
/// `[output_height, output_width, channels]`: per output pixel and channel, the largest of the
/// window's values inside the input (padded positions count for nothing; of equal values, +0 and
/// −0, the last in the window, kernel rows outer and columns inner), then clamped to
/// `[output_min, output_max]` (max, then min).
typedef struct fk_max_pool {
    const float *input;
    float *output;
    size_t input_height, input_width, channels, output_height, output_width;
    size_t kernel_height, kernel_width, stride_height, stride_width, pad_top, pad_left;
    float output_min, output_max;
    /// Output rows per task of `fk_max_pool_task`.
    size_t rows_per_task;
    /// 8 (AVX2) or 1 (portable C). The results do not depend on it.
    size_t lanes;
} fk_max_pool;

/// Computes output rows `row_start ..< row_end`.
void fk_max_pool_rows(const fk_max_pool *op, size_t row_start, size_t row_end);

/// Computes the `task`-th block of `rows_per_task` output rows of the `fk_max_pool` at `op`.
void fk_max_pool_task(void *op, size_t task);

#ifdef __cplusplus
}
#endif

#endif
