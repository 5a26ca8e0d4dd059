// The depthwise convolution kernel of CFastKernels (fk_depthwise_rows) alone, on one thread, on
// the layer shapes of the pose, palm and face models: the multiply-adds per second it reaches when
// nothing else runs between its calls (its input stays in the caches from one call to the next,
// where in a model the layer before has just written it). Built and run by
// scripts/bench/depthwise-kernel, which can also run an older revision's kernel beside it.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "CFastKernels.h"
#include "kernel_timing.h"

typedef struct shape { size_t height, width, channels, kernel, stride; } shape;

/// Square inputs, "same" padding with stride 1; with stride 2, (kernel − 1) / 2 zeros before, as
/// the models' folded PADs give those layers.
static const shape shapes[] = {
    {128, 128, 24, 3, 1}, {128, 128, 16, 3, 1}, {64, 64, 144, 3, 1}, {64, 64, 48, 3, 1}, {256, 256, 8, 3, 1},
    {128, 128, 8, 3, 1},  {32, 32, 32, 3, 1},   {16, 16, 384, 3, 1}, {8, 8, 864, 3, 1},  {32, 32, 192, 5, 1},
    {16, 16, 528, 5, 1},  {8, 8, 864, 5, 1},    {128, 128, 64, 3, 2}, {64, 64, 144, 5, 2},
};

int main(int argc, char **argv) {
    int runs;
    double peak;  // multiply-adds per second, or 0
    kernel_benchmark_arguments(argc, argv, "depthwise_kernel", &runs, &peak);
    const size_t lanes = fk_best_lanes() >= 16 ? 16 : fk_best_lanes();
    printf("fk_depthwise_rows, %zu lanes, one thread, %d runs per shape (median, best)\n", lanes, runs);
    srand(1);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const size_t H = shapes[s].height, W = shapes[s].width, C = shapes[s].channels, K = shapes[s].kernel;
        const size_t S = shapes[s].stride, OH = (H + S - 1) / S, OW = (W + S - 1) / S;
        const size_t pad = S == 1 ? K / 2 : (K - 1) / 2;
        float *input = floats(H * W * C), *output = floats(OH * OW * C), *weights = floats(K * K * C);
        float *bias = floats(C), *zeros = floats(W * C + 16), *packed = floats(fk_depthwise_packed_count(lanes, C, K, K));
        for (size_t i = 0; i < H * W * C; i++) input[i] = (float)rand() / (float)RAND_MAX - 0.5f;
        for (size_t i = 0; i < K * K * C; i++) weights[i] = (float)rand() / (float)RAND_MAX - 0.5f;
        for (size_t i = 0; i < C; i++) bias[i] = (float)rand() / (float)RAND_MAX;
        for (size_t i = 0; i < W * C + 16; i++) zeros[i] = 0;
        fk_depthwise_pack(lanes, C, K, K, weights, bias, packed);
        const fk_depthwise op = {.lanes = lanes, .input = input, .output = output, .packed = packed, .zeros = zeros,
                                 .input_height = H, .input_width = W, .channels = C, .output_height = OH,
                                 .output_width = OW, .kernel_height = K, .kernel_width = K, .stride = S,
                                 .pad_top = pad, .pad_left = pad, .output_min = -INFINITY, .output_max = INFINITY,
                                 .rows_per_task = OH};
        double *times = malloc(sizeof(double) * (size_t)runs);
        for (int r = 0; r < runs; r++) {
            const double start = seconds();
            fk_depthwise_rows(&op, 0, OH);
            times[r] = seconds() - start;
        }
        // An interior output of the middle row, last channel, against a plain sum in the kernel's
        // order (kx outer, ky inner).
        const size_t y = OH / 2, x = OW / 2, c = C - 1;
        float expected = bias[c];
        for (size_t kx = 0; kx < K; kx++) {
            for (size_t ky = 0; ky < K; ky++) {
                const size_t iy = y * S + ky - pad, ix = x * S + kx - pad;
                expected = fmaf(input[(iy * W + ix) * C + c], weights[(ky * K + kx) * C + c], expected);
            }
        }
        if (output[(y * OW + x) * C + c] != expected) {
            fprintf(stderr, "depthwise-kernel: %zu×%zu×%zu k%zu s%zu computed %.9g, expected %.9g\n", H, W, C, K, S,
                    (double)output[(y * OW + x) * C + c], (double)expected);
            return 1;
        }
        printf("  %3zu×%3zu×%3zu %zu×%zu stride %zu", H, W, C, K, K, S);
        finish_result_line(times, runs, (double)(OH * OW * C * K * K), peak, 4);
        free(times);
        free(input);
        free(output);
        free(weights);
        free(bias);
        free(zeros);
        free(packed);
    }
    return 0;
}
