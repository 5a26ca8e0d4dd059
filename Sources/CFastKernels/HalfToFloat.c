// IEEE 754 binary16 to binary32 for float16 constants at load (docs/engine.md §2): exact for
// every value. With F16C, eight at a time; a group holding an infinity or NaN (whose quiet bit
// the instruction would set) takes the scalar conversion, the definition, which keeps every bit.
#include <string.h>

#include "CFastKernels.h"
#include "Dispatch.h"

static inline float half_to_float(uint16_t half) {
    const uint32_t sign = (uint32_t)(half & 0x8000) << 16;
    const uint32_t exponent = (half >> 10) & 0x1F, mantissa = half & 0x3FF;
    uint32_t bits;
    if (exponent == 0x1F) {
        bits = sign | 0x7F800000u | (mantissa << 13);
    } else if (exponent != 0) {
        bits = sign | ((exponent - 15 + 127) << 23) | (mantissa << 13);
    } else {
        // Zero or subnormal: mantissa × 2^-24, exact in float.
        const float magnitude = (float)mantissa * 0x1p-24f;
        memcpy(&bits, &magnitude, sizeof bits);
        bits |= sign;
    }
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

#if FK_X86
__attribute__((target("avx,f16c"))) static size_t groups_f16c(const uint16_t *in, float *out, size_t count) {
    const __m128i exponent_mask = _mm_set1_epi16(0x7C00);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m128i half = _mm_loadu_si128((const __m128i *)(in + i));
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(half, exponent_mask), exponent_mask)) != 0) {
            for (size_t k = i; k < i + 8; k++) out[k] = half_to_float(in[k]);
        } else {
            _mm256_storeu_ps(out + i, _mm256_cvtph_ps(half));
        }
    }
    return i;
}
#endif

void fk_half_to_float(const uint16_t *in, float *out, size_t count) {
    size_t i = 0;
#if FK_X86
    if (__builtin_cpu_supports("f16c") && __builtin_cpu_supports("avx")) i = groups_f16c(in, out, count);
#endif
    for (; i < count; i++) out[i] = half_to_float(in[i]);
}
