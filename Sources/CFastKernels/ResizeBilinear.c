// RESIZE_BILINEAR with XNNPACK's arithmetic (see CFastKernels.h), for the built-in backend. Every
// operation is rounded on its own, as in XNNPACK's kernel: no contraction into fused
// multiply-adds, whatever the compiler's default.
#include <stdint.h>

#include "CFastKernels.h"
#include "Dispatch.h"

#pragma STDC FP_CONTRACT OFF

/// The two source pixels of output index `o` along one axis and the weight of the second.
static void source(size_t o, size_t input_size, size_t output_size, int align_corners, int half_pixel_centers,
                   size_t *lower, size_t *upper, float *alpha) {
    const int32_t adjustment = align_corners && output_size != 1;
    const float scale = (float)((int32_t)input_size - adjustment) / (float)((int32_t)output_size - adjustment);
    const float last = (float)(input_size - 1);
    float v = (float)(int32_t)o * scale;
    if (half_pixel_centers && !align_corners) {
        const float half_scale = 0.5f * scale;
        v = v + (half_scale - 0.5f);
        v = v > 0.0f ? v : 0.0f;
        v = v < last ? v : last;
    }
    *lower = (size_t)(int32_t)v;
    *upper = *lower + 1 < input_size ? *lower + 1 : input_size - 1;
    *alpha = v - (float)*lower;
}

void fk_resize_bilinear_rows(const fk_resize_bilinear *op, size_t row_start, size_t row_end) {
    const size_t C = op->channels, W = op->input_width;
    for (size_t oy = row_start; oy < row_end; oy++) {
        size_t top, bottom;
        float alpha_y;
        source(oy, op->input_height, op->output_height, op->align_corners, op->half_pixel_centers, &top, &bottom, &alpha_y);
        float *out = op->output + oy * op->output_width * C;
        for (size_t ox = 0; ox < op->output_width; ox++) {
            size_t left, right;
            float alpha_x;
            source(ox, W, op->output_width, op->align_corners, op->half_pixel_centers, &left, &right, &alpha_x);
            const float *tl = op->input + (top * W + left) * C, *tr = op->input + (top * W + right) * C;
            const float *bl = op->input + (bottom * W + left) * C, *br = op->input + (bottom * W + right) * C;
            for (size_t c = 0; c < C; c++) {
                const float top_step = (tr[c] - tl[c]) * alpha_x;
                const float bottom_step = (br[c] - bl[c]) * alpha_x;
                const float upper = tl[c] + top_step, lower = bl[c] + bottom_step;
                const float vertical_step = (lower - upper) * alpha_y;
                out[ox * C + c] = upper + vertical_step;
            }
        }
    }
}

void fk_resize_bilinear_task(void *opaque, size_t task) {
    const fk_resize_bilinear *op = (const fk_resize_bilinear *)opaque;
    size_t start, end;
    if (!fk_task_range(task, op->rows_per_task, op->output_height, &start, &end)) return;
    fk_resize_bilinear_rows(op, start, end);
}
