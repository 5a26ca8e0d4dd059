// The 1×1 convolution kernel of CFastKernels (fk_pointwise_pixels) alone, on one thread, on
// layer shapes like those of the face, hand and pose models: the multiply-adds per second it
// reaches when nothing else runs between its calls (its inputs stay in the caches from one call
// to the next). A model's rate is lower; the difference is what the other operators, the memory
// traffic between layers and the dispatch cost. Built and run by scripts/bench/pointwise-kernel.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "CFastKernels.h"
#include "kernel_timing.h"
#include "PointwiseConvolution.h"

typedef struct shape { size_t pixels, input_channels, output_channels; } shape;

static const shape shapes[] = {
    {128 * 128, 16, 32}, {128 * 128, 32, 16}, {128 * 128, 24, 96}, {64 * 64, 96, 24}, {64 * 64, 32, 128},
    {64 * 64, 128, 32},  {32 * 32, 64, 128},  {32 * 32, 128, 64},  {16 * 16, 128, 128}, {8 * 8, 256, 256},
};

int main(int argc, char **argv) {
    int runs;
    double peak;  // multiply-adds per second, or 0
    kernel_benchmark_arguments(argc, argv, "pointwise_kernel", &runs, &peak);
    const size_t lanes = fk_best_lanes();
    printf("fk_pointwise_pixels, %zu lanes, one thread, %d runs per shape (median, best)\n", lanes, runs);
    srand(1);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const size_t M = shapes[s].pixels, K = shapes[s].input_channels, N = shapes[s].output_channels;
        float *input = floats(M * K), *output = floats(M * N + 16), *weights = floats(N * K), *bias = floats(N);
        float *packed = floats(fk_pointwise_packed_count(lanes, K, N));
        for (size_t i = 0; i < M * K; i++) input[i] = (float)rand() / (float)RAND_MAX - 0.5f;
        for (size_t i = 0; i < N * K; i++) weights[i] = (float)rand() / (float)RAND_MAX - 0.5f;
        for (size_t i = 0; i < N; i++) bias[i] = (float)rand() / (float)RAND_MAX;
        fk_pointwise_pack(lanes, K, N, weights, bias, packed);
        const fk_pointwise op = {.lanes = lanes, .input = input, .output = output, .packed = packed, .pixels = M,
                                 .input_channels = K, .output_channels = N, .output_min = -INFINITY,
                                 .output_max = INFINITY};
        double *times = malloc(sizeof(double) * (size_t)runs);
        for (int r = 0; r < runs; r++) {
            const double start = seconds();
            fk_pointwise_pixels(&op, 0, M);
            times[r] = seconds() - start;
        }
        // The last pixel's last channel against a plain sum in k order (the kernel's order).
        float expected = bias[N - 1];
        for (size_t k = 0; k < K; k++) expected = fmaf(input[(M - 1) * K + k], weights[(N - 1) * K + k], expected);
        if (output[M * N - 1] != expected) {
            fprintf(stderr, "pointwise-kernel: %zu×%zu→%zu computed %.9g, expected %.9g\n", M, K, N,
                    (double)output[M * N - 1], (double)expected);
            return 1;
        }
        printf("  %5zu pixels  %3zu → %3zu channels", M, K, N);
        finish_result_line(times, runs, (double)M * (double)K * (double)N, peak, 3);
        free(times);
        free(input);
        free(output);
        free(weights);
        free(bias);
        free(packed);
    }
    return 0;
}
