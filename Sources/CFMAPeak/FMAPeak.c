// The multiply-add peak: enough independent accumulators that the fused multiply-add units never
// wait for a result (latency 4-5 cycles, up to 2 units: 12 chains), nothing but the FMAs in the loop.
#include "CFMAPeak.h"

#include <math.h>
#include <time.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#define VT_CHAINS 12
#define VT_ROUNDS 4096

static double vt_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/// Keeps the sums alive, so the loops are not optimized away.
static volatile float vt_sink;

#if defined(__x86_64__)
__attribute__((target("avx512f"))) static void vt_rounds_avx512(long repeats) {
    __m512 sums[VT_CHAINS];
    const __m512 scale = _mm512_set1_ps(0.999999f), step = _mm512_set1_ps(1e-7f);
    for (int c = 0; c < VT_CHAINS; c++) sums[c] = _mm512_set1_ps((float)c);
    for (long r = 0; r < repeats * VT_ROUNDS; r++) {
        for (int c = 0; c < VT_CHAINS; c++) sums[c] = _mm512_fmadd_ps(sums[c], scale, step);
    }
    float total = 0;
    for (int c = 0; c < VT_CHAINS; c++) total += _mm512_reduce_add_ps(sums[c]);
    vt_sink = total;
}

__attribute__((target("avx2,fma"))) static void vt_rounds_avx2(long repeats) {
    __m256 sums[VT_CHAINS];
    const __m256 scale = _mm256_set1_ps(0.999999f), step = _mm256_set1_ps(1e-7f);
    for (int c = 0; c < VT_CHAINS; c++) sums[c] = _mm256_set1_ps((float)c);
    for (long r = 0; r < repeats * VT_ROUNDS; r++) {
        for (int c = 0; c < VT_CHAINS; c++) sums[c] = _mm256_fmadd_ps(sums[c], scale, step);
    }
    float lanes[8], total = 0;
    for (int c = 0; c < VT_CHAINS; c++) {
        _mm256_storeu_ps(lanes, sums[c]);
        for (int i = 0; i < 8; i++) total += lanes[i];
    }
    vt_sink = total;
}
#endif

static void vt_rounds_scalar(long repeats) {
    float sums[VT_CHAINS];
    for (int c = 0; c < VT_CHAINS; c++) sums[c] = (float)c;
    for (long r = 0; r < repeats * VT_ROUNDS; r++) {
        for (int c = 0; c < VT_CHAINS; c++) sums[c] = fmaf(sums[c], 0.999999f, 1e-7f);
    }
    float total = 0;
    for (int c = 0; c < VT_CHAINS; c++) total += sums[c];
    vt_sink = total;
}

double vt_fma_peak(double seconds, int *lanes) {
    void (*rounds)(long) = vt_rounds_scalar;
    *lanes = 1;
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) {
        rounds = vt_rounds_avx512;
        *lanes = 16;
    } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        rounds = vt_rounds_avx2;
        *lanes = 8;
    }
#endif
    // Grow the run until it lasts a tenth of the time, then take the best of the runs that fill
    // the rest: the best is the processor's rate when nothing else took the core.
    long repeats = 1;
    double elapsed = 0;
    while (elapsed < seconds / 10 && repeats < (1L << 40)) {
        repeats *= 2;
        double start = vt_seconds();
        rounds(repeats);
        elapsed = vt_seconds() - start;
    }
    double best = elapsed, spent = 0;
    while (spent < seconds) {
        double start = vt_seconds();
        rounds(repeats);
        double took = vt_seconds() - start;
        if (took < best) best = took;
        spent += took;
    }
    return (double)repeats * VT_ROUNDS * VT_CHAINS * *lanes / best;
}
