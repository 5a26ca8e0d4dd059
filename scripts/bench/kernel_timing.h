// What the kernel benchmarks (pointwise_kernel.c, depthwise_kernel.c) share: their arguments, a
// monotonic clock, 64-byte aligned buffers, and the end of each shape's result line.
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

/// Sorts one shape's `runs` call times (seconds) and ends its result line: the median and best in
/// milliseconds with `decimals` digits, the multiply-adds per second of the median for `work`
/// multiply-adds a call, and its share of `peak` when that is known (above 0).
static void finish_result_line(double *times, int runs, double work, double peak, int decimals) {
    qsort(times, (size_t)runs, sizeof(double), ascending);
    const double median = times[runs / 2], best = times[0];
    printf("  %.*f ms  %.*f ms  %5.1f G/s", decimals, median * 1e3, decimals, best * 1e3, work / median * 1e-9);
    if (peak > 0) printf("  %3.0f %% of peak", 100 * work / median / peak);
    printf("\n");
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
