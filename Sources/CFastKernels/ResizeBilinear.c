// RESIZE_BILINEAR with XNNPACK's arithmetic (see CFastKernels.h). Every operation is rounded on its
// own, as in XNNPACK's kernel: no contraction into fused multiply-adds, whatever the compiler's
// default. The columns' taps and weights are worked out once per call for all its rows; with AVX2,
// channel counts that are a multiple of 8 take eight channels a vector, the same operations.
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

/// Output columns whose taps and weights are worked out at a time (on the stack), once for all rows.
#define COLUMN_CHUNK 256

/// Output columns `first ..< end`: each one's left and right source column and the right one's weight.
typedef struct column_chunk {
    size_t first, end;
    size_t left[COLUMN_CHUNK], right[COLUMN_CHUNK];
    float alpha[COLUMN_CHUNK];
} column_chunk;

/// Output row `oy` at column `first`: its two source rows, the lower one's weight, and its output.
typedef struct output_row {
    const float *upper, *lower;
    float alpha;
    float *out;
} output_row;

static inline output_row row_at(const fk_resize_bilinear *op, size_t oy, size_t first) {
    size_t top, bottom;
    float alpha;
    source(oy, op->input_height, op->output_height, op->align_corners, op->half_pixel_centers, &top, &bottom, &alpha);
    const size_t row_floats = op->input_width * op->channels;
    return (output_row){op->input + top * row_floats, op->input + bottom * row_floats, alpha,
                        op->output + (oy * op->output_width + first) * op->channels};
}

/// One output pixel's `C` channels from its four source pixels.
static inline void blend(const float *tl, const float *tr, const float *bl, const float *br, float alpha_x,
                         float alpha_y, size_t C, float *out) {
    for (size_t c = 0; c < C; c++) {
        const float top_step = (tr[c] - tl[c]) * alpha_x;
        const float bottom_step = (br[c] - bl[c]) * alpha_x;
        const float upper = tl[c] + top_step, lower = bl[c] + bottom_step;
        const float vertical_step = (lower - upper) * alpha_y;
        out[c] = upper + vertical_step;
    }
}

#if FK_X86
/// `blend` for C a multiple of 8, eight channels a vector: the same operations, each rounded.
FK_AVX2 static inline void blend8(const float *tl, const float *tr, const float *bl, const float *br, float alpha_x,
                                  float alpha_y, size_t C, float *out) {
    const __m256 ax = _mm256_set1_ps(alpha_x), ay = _mm256_set1_ps(alpha_y);
    for (size_t c = 0; c < C; c += 8) {
        const __m256 a = _mm256_loadu_ps(tl + c), b = _mm256_loadu_ps(tr + c);
        const __m256 d = _mm256_loadu_ps(bl + c), e = _mm256_loadu_ps(br + c);
        const __m256 upper = _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), ax));
        const __m256 lower = _mm256_add_ps(d, _mm256_mul_ps(_mm256_sub_ps(e, d), ax));
        _mm256_storeu_ps(out + c, _mm256_add_ps(upper, _mm256_mul_ps(_mm256_sub_ps(lower, upper), ay)));
    }
}

FK_AVX2 static void rows_avx2(const fk_resize_bilinear *op, size_t row_start, size_t row_end, const column_chunk *x) {
    const size_t C = op->channels;
    for (size_t oy = row_start; oy < row_end; oy++) {
        const output_row r = row_at(op, oy, x->first);
        for (size_t k = 0; k < x->end - x->first; k++) {
            blend8(r.upper + x->left[k] * C, r.upper + x->right[k] * C, r.lower + x->left[k] * C, r.lower + x->right[k] * C,
                   x->alpha[k], r.alpha, C, r.out + k * C);
        }
    }
}
#endif

void fk_resize_bilinear_rows(const fk_resize_bilinear *op, size_t row_start, size_t row_end) {
    const size_t C = op->channels;
    column_chunk x;
#if FK_X86
    const int vectors = C % 8 == 0 && fk_best_lanes() >= 8;
#endif
    for (x.first = 0; x.first < op->output_width; x.first += COLUMN_CHUNK) {
        x.end = op->output_width - x.first < COLUMN_CHUNK ? op->output_width : x.first + COLUMN_CHUNK;
        for (size_t k = 0; k < x.end - x.first; k++) {
            source(x.first + k, op->input_width, op->output_width, op->align_corners, op->half_pixel_centers, &x.left[k],
                   &x.right[k], &x.alpha[k]);
        }
#if FK_X86
        if (vectors) {
            rows_avx2(op, row_start, row_end, &x);
            continue;
        }
#endif
        for (size_t oy = row_start; oy < row_end; oy++) {
            const output_row r = row_at(op, oy, x.first);
            for (size_t k = 0; k < x.end - x.first; k++) {
                blend(r.upper + x.left[k] * C, r.upper + x.right[k] * C, r.lower + x.left[k] * C, r.lower + x.right[k] * C,
                      x.alpha[k], r.alpha, C, r.out + k * C);
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
