// What the kernel benchmarks (pointwise_kernel.c, depthwise_kernel.c) share: their arguments, a
// monotonic clock, an order for qsort, and 64-byte aligned buffers.
#ifndef KERNEL_TIMING_H
#define KERNEL_TIMING_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/// A kernel benchmark's arguments, `[RUNS [PEAK_PER_SECOND]]`: the calls per shape (default 200)
/// and one thread's multiply-add peak per second (0, the default, when unknown). Exits with a
/// usage message naming `program` when RUNS is below 1.
static void kernel_benchmark_arguments(int argc, char **argv, const char *program, int *runs, double *peak) {
    *runs = argc > 1 ? atoi(argv[1]) : 200;
    *peak = argc > 2 ? atof(argv[2]) : 0;
    if (*runs < 1) {
        fprintf(stderr, "usage: %s [RUNS [PEAK_PER_SECOND]]\n", program);
        exit(2);
    }
}

/// Seconds on the monotonic clock.
static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/// qsort's comparison of doubles, ascending.
static int ascending(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/// `count` floats, 64-byte aligned, with at least 16 floats of slack after them (a vector read
/// past the last value stays inside the buffer); exits with a message when memory runs out.
static float *floats(size_t count) {
    float *values = aligned_alloc(64, (count * sizeof(float) + 63) / 64 * 64 + 64);
    if (values == NULL) {
        fprintf(stderr, "kernel benchmark: out of memory\n");
        exit(1);
    }
    return values;
}

#endif
