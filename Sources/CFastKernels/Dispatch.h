// Shared by the kernel files of CFastKernels (not part of the public header).
#ifndef CFASTKERNELS_DISPATCH_H
#define CFASTKERNELS_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#define FK_X86 1
#define FK_AVX512 __attribute__((target("avx512f")))
#define FK_AVX512VL __attribute__((target("avx512f,avx512vl")))
#define FK_AVX2 __attribute__((target("avx2,fma")))
#else
#define FK_X86 0
#endif

/// Unrolls the loop that follows completely (its bounds are constants where the kernels use it), so
/// that the vectors it reads from an array stay in registers (docs/engine.md §4.3). Not in a build
/// with AddressSanitizer: there the instrumented code unrolled ran about ten times slower, and
/// tripled the sanitized test run.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FK_UNROLLED
#endif
#endif
#ifndef FK_UNROLLED
#define FK_UNROLLED _Pragma("clang loop unroll(full)")
#endif

/// A fused PRELU's value, as XNNPACK's PRELU selects it: `y` times `slope` where the sign bit of
/// `y` is set (−0 included), else `y`.
static inline float fk_prelu(float y, float slope) { return __builtin_signbit(y) ? y * slope : y; }

#if FK_X86
#include <immintrin.h>
/// The AVX2 mask (all bits of lane l set) of lanes l of an 8-float vector at `offset` with
/// 0 <= offset + l < length.
FK_AVX2 static inline __m256i fk_lane_mask8(ptrdiff_t offset, ptrdiff_t length) {
    const __m256i index = _mm256_add_epi32(_mm256_set1_epi32((int)offset), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256i aboveLow = _mm256_cmpgt_epi32(index, _mm256_set1_epi32(-1));
    const __m256i belowHigh = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)length), index);
    return _mm256_and_si256(aboveLow, belowHigh);
}

/// Lanes `0 ..< lanes` (0 to 8) of the floats at `p`, zeros past them, reading nothing past them.
FK_AVX2 static inline __m256 fk_load_first8(const float *p, ptrdiff_t lanes) {
    return lanes >= 8 ? _mm256_loadu_ps(p) : _mm256_maskload_ps(p, fk_lane_mask8(0, lanes));
}

/// `fk_prelu` in each lane.
FK_AVX2 static inline __m256 fk_prelu8(__m256 y, __m256 slope) { return _mm256_blendv_ps(y, _mm256_mul_ps(y, slope), y); }

/// Stores lanes `0 ..< lanes` (0 to 8) of `y` at `p` and nothing past them, with plain stores of
/// 4, 2 and 1 floats: AMD's Zen processors run `vmaskmovps` stores as microcode, many times
/// slower, which a kernel storing a partial vector for every pixel waits on.
FK_AVX2 static inline void fk_store_first8(float *p, __m256 y, ptrdiff_t lanes) {
    if (lanes >= 8) {
        _mm256_storeu_ps(p, y);
        return;
    }
    __m128 part = _mm256_castps256_ps128(y);
    if (lanes >= 4) {
        _mm_storeu_ps(p, part);
        part = _mm256_extractf128_ps(y, 1);
        p += 4;
        lanes -= 4;
    }
    if (lanes >= 2) {
        _mm_storel_pi((__m64 *)p, part);
        part = _mm_movehl_ps(part, part);
        p += 2;
        lanes -= 2;
    }
    if (lanes >= 1) _mm_store_ss(p, part);
}
#endif

/// The items `*start ..< *end` of the `task`-th block of `per_task` items among `count` (the
/// blocks of a `*_task` entry point); false for a task past the last item.
static inline int fk_task_range(size_t task, size_t per_task, size_t count, size_t *start, size_t *end) {
    *start = task * per_task;
    if (*start >= count) return 0;
    *end = count - *start < per_task ? count : *start + per_task;
    return 1;
}

static inline size_t fk_gcd(size_t a, size_t b) {
    while (b != 0) { size_t t = a % b; a = b; b = t; }
    return a;
}

#endif
