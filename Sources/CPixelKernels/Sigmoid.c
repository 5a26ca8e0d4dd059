// MediaPipe's sigmoid over a segmentation mask's logits, `1 / (1 + (float)exp(-(double)x))` with
// the C library's double `exp`, as VisionCore's `sigmoid` computes it one value at a time.
//
// On x86-64 with AVX2 and FMA, sixteen values at a time compute `exp` in double with a polynomial
// (an error of a few units in the last place of the double, far below a float's). Rounding that
// double to float gives the library's float whenever it is not within a few double ulps of a
// float rounding boundary (a midpoint between two floats), because the library's double is itself
// within one ulp of the true value. Lanes near a boundary (a few in a hundred million), and
// inputs outside [-80, 80] or NaN, take the library's `exp`. The float arithmetic after it is the
// same in both paths. The tests hold the two paths to the same bits.
#include "CPixelKernels.h"

#include <math.h>
#include <string.h>

static inline float sigmoid_scalar(float x) { return 1.0f / (1.0f + (float)exp(-(double)x)); }

#if defined(__x86_64__)
#include <immintrin.h>
#define VT_AVX2_FMA __attribute__((target("avx2,fma")))

/// Double ulps on either side of a float rounding boundary within which a lane takes the library.
#define GUARD_ULPS 256

/// Vectors of four lanes worked on side by side, so that their multiply-add chains overlap.
#define CHAINS 4

/// `exp(t)` for |t| ≤ 80 in `CHAINS` vectors: t = n·ln 2 + r with |r| ≤ ln 2 / 2, exp(r) by its
/// Taylor series to degree 13 (truncation below 2⁻⁵⁸), scaled by 2ⁿ.
VT_AVX2_FMA static inline void exp_lanes(const __m256d t[CHAINS], __m256d e[CHAINS]) {
    static const double inverse_factorials[] = {
        1.0 / 6227020800.0, 1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0,
        1.0 / 40320.0, 1.0 / 5040.0, 1.0 / 720.0, 1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0,
    };
    __m256d n[CHAINS], r[CHAINS], p[CHAINS];
    for (int c = 0; c < CHAINS; c++) {
        n[c] = _mm256_round_pd(_mm256_mul_pd(t[c], _mm256_set1_pd(1.4426950408889634)),
                               _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
        // ln 2 in two parts, the first with its low bits zero so that n·LN2_HIGH is exact.
        r[c] = _mm256_fnmadd_pd(n[c], _mm256_set1_pd(6.93147180369123816490e-01), t[c]);
        r[c] = _mm256_fnmadd_pd(n[c], _mm256_set1_pd(1.90821492927058770002e-10), r[c]);
        p[c] = _mm256_set1_pd(inverse_factorials[0]);
    }
    for (int k = 1; k < 14; k++) {
        for (int c = 0; c < CHAINS; c++) p[c] = _mm256_fmadd_pd(p[c], r[c], _mm256_set1_pd(inverse_factorials[k]));
    }
    for (int c = 0; c < CHAINS; c++) {
        // 2ⁿ from its exponent bits (|n| ≤ 116, a normal double).
        const __m256i exponent = _mm256_slli_epi64(
            _mm256_add_epi64(_mm256_cvtepi32_epi64(_mm256_cvtpd_epi32(n[c])), _mm256_set1_epi64x(1023)), 52);
        e[c] = _mm256_mul_pd(p[c], _mm256_castsi256_pd(exponent));
    }
}

/// Values `[0, count)` in groups of 4 × CHAINS; returns how many it did.
VT_AVX2_FMA static size_t sigmoid_avx2(const float *in, float *out, size_t count) {
    const __m256d limit = _mm256_set1_pd(80), sign = _mm256_set1_pd(-0.0);
    const __m256i low_bits = _mm256_set1_epi64x((1 << 29) - 1), midpoint = _mm256_set1_epi64x(1 << 28);
    const __m256i guard = _mm256_set1_epi64x(GUARD_ULPS), low_half = _mm256_set1_epi64x(0xFFFFFFFF);
    const __m128 one = _mm_set1_ps(1);
    size_t i = 0;
    for (; i + 4 * CHAINS <= count; i += 4 * CHAINS) {
        __m256d t[CHAINS], in_range[CHAINS], e[CHAINS];
        for (int c = 0; c < CHAINS; c++) {
            t[c] = _mm256_xor_pd(_mm256_cvtps_pd(_mm_loadu_ps(in + i + 4 * c)), sign);  // −x, exactly
            // |t| ≤ 80 (false for NaN); lanes outside compute exp(0) and are replaced below.
            in_range[c] = _mm256_cmp_pd(_mm256_andnot_pd(sign, t[c]), limit, _CMP_LE_OQ);
            t[c] = _mm256_and_pd(t[c], in_range[c]);
        }
        exp_lanes(t, e);
        for (int c = 0; c < CHAINS; c++) {
            // Distance of the 29 bits a float drops from the midpoint 2²⁸, in double ulps (below
            // 2³¹, so the low 32 bits of each lane hold it).
            const __m256i dropped = _mm256_and_si256(_mm256_castpd_si256(e[c]), low_bits);
            const __m256i distance = _mm256_and_si256(_mm256_abs_epi32(_mm256_sub_epi64(dropped, midpoint)), low_half);
            const __m256i near = _mm256_cmpgt_epi64(guard, distance);
            const int safe = _mm256_movemask_pd(_mm256_andnot_pd(_mm256_castsi256_pd(near), in_range[c]));
            float *o = out + i + 4 * c;
            _mm_storeu_ps(o, _mm_div_ps(one, _mm_add_ps(one, _mm256_cvtpd_ps(e[c]))));
            if (safe != 0xF) {
                for (int lane = 0; lane < 4; lane++) {
                    if (!(safe & (1 << lane))) o[lane] = sigmoid_scalar(in[i + 4 * c + lane]);
                }
            }
        }
    }
    return i;
}

static int avx2_fma_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#endif

void vt_sigmoid(const float *in, float *out, size_t count) {
    size_t done = 0;
#if defined(__x86_64__)
    if (avx2_fma_available()) done = sigmoid_avx2(in, out, count);
#endif
    for (size_t i = done; i < count; i++) out[i] = sigmoid_scalar(in[i]);
}
