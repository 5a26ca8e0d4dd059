// Pixel kernels of the Imaging module that need vector instructions Swift's baseline target lacks
// or cannot be made to use. Each has a definition the tests hold it to:
// - the YUV crop's group path (AVX2 or AVX-512, chosen at run time), against its Swift twin, byte
//   for byte;
// - the RGB8 crop's group paths, inside and at a replicated border (AVX2, chosen at run time),
//   against OpenCV's blend per pixel;
// - PNG's row filters (SSE2 on x86-64, scalar elsewhere), against the PNG definition and libpng;
// - PNG's Up filter and run-length DEFLATE for writing, against the decoders (libdeflate, zlib and
//   our own PNG reader give back the bytes);
// - float masks to bytes, against the cast it stands for;
// - the segmentation masks' float warp (AVX2 groups, chosen at run time), against Imaging's
//   ReferenceWarp and OpenCV's goldens;
// - the masks' sigmoid (AVX2 and FMA lanes, chosen at run time), against VisionCore's sigmoid;
// - the YUV 4:2:0 blend of drawing (AVX2 lanes, chosen at run time), against Imaging's
//   ReferenceDrawing.
// The cache hint `vt_prefetch_read` changes no result.
#ifndef CPIXELKERNELS_H
#define CPIXELKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// A YUV 4:2:0 image (NV12, NV21 or I420) and its YUV → RGB coefficients (× 2^20), as Imaging's
/// `YUV420Reader` and `YUV.Decoder` hold them.
typedef struct vt_yuv420 {
    const uint8_t *luma, *u, *v;
    /// Bytes readable from each pointer.
    size_t luma_count, u_count, v_count;
    ptrdiff_t luma_stride, u_stride, v_stride;
    /// 2 when U and V are interleaved (NV12, NV21), 1 for I420.
    ptrdiff_t chroma_step;
    int32_t width, height;
    int32_t cy, cub, cug, cvg, cvr, luma_offset;
} vt_yuv420;

/// An RGB8 image as Imaging's `RGB8Reader` holds it for its group path: the group limits keep
/// both taps' columns and rows in the image and an 8-byte read at each tap in the buffer (both −1
/// when the image is not eligible: its bytes beyond 32-bit offsets or its stride 32768 or more).
typedef struct vt_rgb8 {
    const uint8_t *base;
    ptrdiff_t row_stride;
    /// The largest column and row of a group's top-left taps.
    int32_t group_last_column, group_last_row;
    /// The picture's size in pixels, which a replicated border clamps the taps to.
    int32_t width, height;
} vt_rgb8;

/// The widest vector, in 32-bit lanes, `vt_rgb8_blend_groups` runs on this processor: 8 (x86-64
/// with AVX2) or 0 (no group path here).
int vt_rgb8_blend_lanes(void);

/// OpenCV's bilinear blend of groups of four pixels of `image` (Imaging's warp, group path), in
/// the layout of `vt_yuv420_blend_groups`: groups `first ..< end`, in order, each one's 12 bytes
/// R G B at `out + 12g`, or 16 (the last 4 holding nothing) for g < `overwriting`. Returns how
/// many it blended before the first with a top-left tap beyond the group limits, which it does not
/// write. Never call it where `vt_rgb8_blend_lanes()` is 0.
size_t vt_rgb8_blend_groups(vt_rgb8 image, const int32_t *positions, size_t first, size_t end,
                            size_t overwriting, uint8_t *out);

/// Groups `first ..< end` of `vt_rgb8_blend_groups`'s layout (and written as there) blended with
/// a replicated border: each tap's column and row clamped into the image (OpenCV's
/// `BORDER_REPLICATE`; nothing changes for a tap inside), each tap read as the 4 bytes that end
/// with its B (or start with its R, at the first pixel), stopping before a group whose top-left
/// taps are all within the group limits where a step of two groups would start (`first + 2k`,
/// k > 0), which `vt_rgb8_blend_groups` reads with less. Returns how many it blended: at least
/// one, or 0 without writing where it cannot (an image the group limits leave out, or a side of
/// 32768 or more). Never call it where `vt_rgb8_blend_lanes()` is 0.
size_t vt_rgb8_blend_replicated_groups(vt_rgb8 image, const int32_t *positions, size_t first, size_t end,
                                       size_t overwriting, uint8_t *out);

/// Asks the processor to bring the cache line holding `address` into its caches for reading. Any
/// address is allowed: a prefetch never faults.
static inline void vt_prefetch_read(const void *address) { __builtin_prefetch(address, 0, 3); }

/// The widest vector, in 32-bit lanes, `vt_yuv420_blend_groups` runs on this processor: 16
/// (x86-64 with AVX-512 F and BW), 8 (AVX2) or 0 (neither: no group path).
int vt_yuv420_blend_lanes(void);

/// OpenCV's bilinear blend of groups of four pixels of `image`, each tap converted to RGB first
/// (Imaging's warp, group path), in vectors of `lanes` 32-bit lanes (8 or 16, at most
/// `vt_yuv420_blend_lanes()`; the bytes are the same): groups `first ..< end`, in order. Group g's
/// fixed-point source positions (1/32 px) are `positions[8g ..< 8g + 4]` (X) and
/// `positions[8g + 4 ..< 8g + 8]` (Y); its 12 bytes R G B go to `out + 12g`, or 16 (the last 4
/// holding nothing) for g < `overwriting`. Returns how many groups it blended before the first with
/// a tap outside the image (or at 32767 px or beyond) or a 4-byte tap read leaving its plane, which
/// it does not write: the caller samples that one pixel by pixel. Returns 0 for other `lanes`;
/// never call it with more than `vt_yuv420_blend_lanes()`.
size_t vt_yuv420_blend_groups(const vt_yuv420 *image, int lanes, const int32_t *positions, size_t first, size_t end,
                              size_t overwriting, uint8_t *out);

/// Groups `first ..< end` of `vt_yuv420_blend_groups`'s layout (and written as there) blended
/// with a replicated border: each tap's column and row clamped into the image (OpenCV's
/// `BORDER_REPLICATE`; nothing changes for a tap inside), converted and blended as there. Returns
/// how many it blended: all, or 0 without writing where it cannot (a side or stride of 32768 or
/// more, a plane of fewer than 4 bytes, `lanes` other than 8 or 16). The same `lanes` limit.
size_t vt_yuv420_blend_replicated_groups(const vt_yuv420 *image, int lanes, const int32_t *positions, size_t first,
                                         size_t end, size_t overwriting, uint8_t *out);

/// Undoes PNG's row filters in place (docs/image-decoding.md §2). `data` holds `height` rows of
/// `1 + row_bytes` bytes, each a filter type (0…4) and the row's filtered bytes; afterwards its first
/// `height × row_bytes` bytes are the unfiltered rows, packed. `bytes_per_pixel` is 1…4 (8-bit
/// samples). Returns 0, or −1 for a filter type above 4 or a pixel size outside 1…4 (the data is
/// then partly overwritten).
int vt_png_unfilter(uint8_t *data, size_t height, size_t row_bytes, size_t bytes_per_pixel);

/// PNG's Up filter for writing: `height` rows of `row_bytes` bytes from `pixels` (rows
/// `row_stride` apart) become `height` rows of `1 + row_bytes` bytes in `out`, each the filter
/// type 2 and then every byte minus the byte above it (the first row unchanged).
void vt_png_filter_up(const uint8_t *pixels, size_t row_stride, size_t row_bytes, size_t height, uint8_t *out);

/// The most bytes `vt_deflate_runs` writes for `count` input bytes.
size_t vt_deflate_runs_bound(size_t count);

/// Raw DEFLATE (RFC 1951, no zlib header) of `data[0 ..< count]` with runs (matches at distance 1)
/// as the only matches and a block of Huffman codes per 256 KiB of input, each block stored
/// instead where that is smaller (docs/image-decoding.md §4). Returns the bytes written to `out`,
/// or 0 when `count` is 0, memory runs out, or `capacity` bytes are too few (never with
/// `vt_deflate_runs_bound(count)`).
size_t vt_deflate_runs(const uint8_t *data, size_t count, uint8_t *out, size_t capacity);

/// `bytes[i] = (uint8_t)(min(max(values[i] · 255, 0), 255))`, truncated toward zero, NaN → 0:
/// iOS's float-mask-to-bytes cast, made total, for i in `0 ..< count`.
void vt_unit_floats_to_bytes(const float *values, uint8_t *bytes, size_t count);

/// A float image warped by an affine map with OpenCV's `warpAffine` (`INTER_LINEAR |
/// WARP_INVERSE_MAP`, `BORDER_CONSTANT` 0), its rounding of the map done by the caller: output
/// pixel (x, y) samples the source at `(row_x[y] + column_x[x]) >> 5` and
/// `(row_y[y] + column_y[x]) >> 5`, in 1/32 pixel (docs/pipeline.md §6.6).
typedef struct vt_mask_warp {
    /// `source_width × source_height` floats, row-major.
    const float *source;
    int32_t source_width, source_height;
    /// Per output column: `round(T00·x·1024)` and `round(T10·x·1024)`.
    const int32_t *column_x, *column_y;
    /// Per output row: `round((T01·y + T02)·1024) + 16` and `round((T11·y + T12)·1024) + 16`.
    const int32_t *row_x, *row_y;
    /// The output's size; `out` holds `width × height` floats, row-major.
    int32_t width, height;
    float *out;
} vt_mask_warp;

/// `out[i] = 1 / (1 + (float)exp(-(double)in[i]))` for i in `0 ..< count`, with the C library's
/// `exp`: MediaPipe's sigmoid, bit for bit (AVX2 and FMA lanes where available, see Sigmoid.c).
/// `in` and `out` may be the same array.
void vt_sigmoid(const float *in, float *out, size_t count);

/// Writes every output pixel of rows `first_row ..< end_row` with a tap inside the source:
/// `p00·w00 + p01·w01 + p10·w10 + p11·w11` in float, taps outside reading 0; pixels whose four taps
/// are all outside keep their value. Calls for disjoint rows may run on several threads at once.
void vt_mask_warp_affine(const vt_mask_warp *warp, int32_t first_row, int32_t end_row);

/// A colour blended into the box `x0 ..< x1` × `y0 ..< y1` of a YUV 4:2:0 image by a coverage map
/// (Imaging's `Canvas`). Each luma sample is blended with its pixel's coverage, each chroma sample
/// with the mean coverage of the 2×2 block it belongs to (the sum of the box's positive coverages,
/// each at most 1, in row order, over the block's pixel count in the image): weight
/// `k = (int)(min(c, 1) · scale + 0.5)` (0 unless c > 0 and `min(c, 1) · scale · 255 ≥ 32768`),
/// `new = (old · (65536 − k) + value · k + 32768) >> 16`.
typedef struct vt_yuv420_tint {
    /// Pixel (x, y)'s coverage is `coverage[(y − coverage_y) · coverage_stride + x − coverage_x]`.
    const float *coverage;
    size_t coverage_stride;
    size_t coverage_x, coverage_y;
    uint8_t *luma;
    size_t luma_stride;
    /// Block (bx, by)'s samples are `u[by · u_stride + bx · chroma_step]` and likewise `v`.
    uint8_t *u, *v;
    size_t u_stride, v_stride, chroma_step;
    /// The image's size in pixels, and the box (within it and the coverage map).
    size_t width, height;
    size_t x0, x1, y0, y1;
    /// The colour's opacity α/255 · 65536, and its Y, U and V.
    float scale;
    int32_t y_value, u_value, v_value;
    /// Scratch: room for one float per block column of the box, `(x1 + 1) / 2 − x0 / 2`.
    float *sums;
} vt_yuv420_tint;

/// Blends as `vt_yuv420_tint` describes (AVX2 lanes where available).
void vt_yuv420_tint_blend(const vt_yuv420_tint *t);

#endif
