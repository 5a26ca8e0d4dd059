// The processor's multiply-add peak on one thread, measured (for `vision-tasks bench peak` and the
// models' share of it; not used by inference).
#ifndef VT_CFMAPEAK_H
#define VT_CFMAPEAK_H

/// Multiply-adds per second (one multiply-add per vector lane per fused instruction) that the
/// calling thread reaches in a loop of independent fused multiply-adds on the widest vectors the
/// processor has (AVX-512F, else AVX2 with FMA, else scalar `fmaf`), for about `seconds`.
/// `lanes` receives the vector width used, in floats.
double vt_fma_peak(double seconds, int *lanes);

#endif
