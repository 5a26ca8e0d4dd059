// MAX_POOL_2D (see CFastKernels.h): XNNPACK takes 2×2 windows of stride 2 through its general
// pooling kernel, one indirection pointer per tap and pixel, about twice the time of reading the
// window's rows directly as here (face_landmarks_detector's 128² × 16 pool: 0.05 against 0.03 ms).
// Each output starts from the window's first tap inside the input and takes the maximum with every
// later one (`a > b ? a : b`), so that of equal values (+0 and −0) the last in the window wins,
// whether taken in order or, in the 2×2 loop, as the maximum of each row's pair's maximum.
#include <float.h>

#include "CFastKernels.h"
#include "Dispatch.h"

#if FK_X86
#include <immintrin.h>
#endif

/// The window of output index `o` along one axis, clipped to the input: taps `*first ..< *end`
/// of the kernel (an empty range is kept empty).
static inline void window(size_t o, size_t stride, size_t pad, size_t kernel, size_t input, size_t *first, size_t *end) {
    const ptrdiff_t start = (ptrdiff_t)(o * stride) - (ptrdiff_t)pad;
    const ptrdiff_t lo = start < 0 ? -start : 0;
    const ptrdiff_t hi = start + (ptrdiff_t)kernel > (ptrdiff_t)input ? (ptrdiff_t)input - start : (ptrdiff_t)kernel;
    *first = (size_t)lo;
    *end = hi > lo ? (size_t)hi : (size_t)lo;
}

/// `a > b ? a : b`, as the vector maximum takes it: of equal values (+0 and −0) the second.
static inline float maximum(float a, float b) { return a > b ? a : b; }

static inline const float *tap(const fk_max_pool *op, size_t y, size_t x, size_t ky, size_t kx) {
    const size_t iy = y * op->stride_height + ky - op->pad_top, ix = x * op->stride_width + kx - op->pad_left;
    return op->input + (iy * op->input_width + ix) * op->channels;
}

/// The portable code: the output pixel holds the running maximum, each loop over channels a
/// contiguous one (so that compilers vectorize it on any processor).
static void rows_scalar(const fk_max_pool *op, size_t row_start, size_t row_end) {
    const size_t C = op->channels;
    for (size_t y = row_start; y < row_end; y++) {
        size_t ky0, ky1;
        window(y, op->stride_height, op->pad_top, op->kernel_height, op->input_height, &ky0, &ky1);
        for (size_t x = 0; x < op->output_width; x++) {
            size_t kx0, kx1;
            window(x, op->stride_width, op->pad_left, op->kernel_width, op->input_width, &kx0, &kx1);
            float *out = op->output + (y * op->output_width + x) * C;
            if (ky0 == ky1 || kx0 == kx1) {
                for (size_t c = 0; c < C; c++) out[c] = -FLT_MAX;   // an empty window's, as the reference kernel leaves it
            }
            for (size_t ky = ky0; ky < ky1; ky++) {
                for (size_t kx = kx0; kx < kx1; kx++) {
                    const float *v = tap(op, y, x, ky, kx);
                    if (ky == ky0 && kx == kx0) {
                        for (size_t c = 0; c < C; c++) out[c] = v[c];
                    } else {
                        for (size_t c = 0; c < C; c++) out[c] = maximum(out[c], v[c]);
                    }
                }
            }
            for (size_t c = 0; c < C; c++) {
                const float m = maximum(out[c], op->output_min);
                out[c] = m < op->output_max ? m : op->output_max;
            }
        }
    }
}

#if FK_X86
/// 2×2 windows of stride 2 inside the input: the two input rows read straight through.
FK_AVX2 static void row_2x2_avx2(const fk_max_pool *op, size_t y, __m256 low, __m256 high) {
    const size_t C = op->channels, full = C / 8 * 8;
    const float *upper = op->input + (2 * y - op->pad_top) * op->input_width * C;
    const float *lower = upper + op->input_width * C;
    float *out = op->output + y * op->output_width * C;
    const ptrdiff_t left = (ptrdiff_t)(C - full);
    for (size_t x = 0; x < op->output_width; x++) {
        const float *a = upper + 2 * x * C, *b = lower + 2 * x * C;
        for (size_t c = 0; c < full; c += 8) {
            const __m256 m = _mm256_max_ps(_mm256_max_ps(_mm256_loadu_ps(a + c), _mm256_loadu_ps(a + C + c)),
                                           _mm256_max_ps(_mm256_loadu_ps(b + c), _mm256_loadu_ps(b + C + c)));
            _mm256_storeu_ps(out + x * C + c, _mm256_min_ps(_mm256_max_ps(m, low), high));
        }
        if (full < C) {
            const __m256 m = _mm256_max_ps(_mm256_max_ps(fk_load_first8(a + full, left), fk_load_first8(a + C + full, left)),
                                           _mm256_max_ps(fk_load_first8(b + full, left), fk_load_first8(b + C + full, left)));
            fk_store_first8(out + x * C + full, _mm256_min_ps(_mm256_max_ps(m, low), high), left);
        }
    }
}

FK_AVX2 static void rows_avx2(const fk_max_pool *op, size_t row_start, size_t row_end) {
    const __m256 low = _mm256_set1_ps(op->output_min), high = _mm256_set1_ps(op->output_max);
    const int two_by_two = op->kernel_height == 2 && op->kernel_width == 2 && op->stride_height == 2
        && op->stride_width == 2 && op->pad_left == 0 && 2 * op->output_width <= op->input_width;
    for (size_t y = row_start; y < row_end; y++) {
        if (two_by_two && 2 * y >= op->pad_top && 2 * y + 2 - op->pad_top <= op->input_height) {
            row_2x2_avx2(op, y, low, high);
        } else {
            rows_scalar(op, y, y + 1);
        }
    }
}
#endif

void fk_max_pool_rows(const fk_max_pool *op, size_t row_start, size_t row_end) {
#if FK_X86
    if (op->lanes >= 8) {
        rows_avx2(op, row_start, row_end);
        return;
    }
#endif
    rows_scalar(op, row_start, row_end);
}

void fk_max_pool_task(void *opaque, size_t task) {
    const fk_max_pool *op = (const fk_max_pool *)opaque;
    size_t start, end;
    if (!fk_task_range(task, op->rows_per_task, op->output_height, &start, &end)) return;
    fk_max_pool_rows(op, start, end);
}
