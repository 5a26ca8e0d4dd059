// LOGISTIC computed as XNNPACK computes it on processors with AVX2 (its "rr1 p5 div" kernel), for
// the built-in backend. Per element, with z = −|x|:
// - e^z by range reduction: n = round(z·log2(e)) through a magic-number addition, s = 2^n from
//   n's bits, t = z − n·ln 2 (one fused multiply-add), then a degree-5 polynomial in t evaluated
//   with fused multiply-adds, e = s + (t·s)·p;
// - f = e / (e + 1), 0 where z < −87.34 (the result would be denormal);
// - 1 − f for x ≥ 0, f otherwise (by the sign bit of x).
// Every other operation is rounded on its own. The constants are XNNPACK's; the code is ours.
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "CFastKernels.h"
#include "Dispatch.h"

#pragma STDC FP_CONTRACT OFF

static inline float from_bits(uint32_t bits) {
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

static inline uint32_t to_bits(float value) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

static void sigmoid(const float *input, float *output, size_t count) {
    const float magic_bias = 0x1.8000FEp23f, log2e = 0x1.715476p0f, minus_ln2 = -0x1.62E430p-1f;
    const float c5 = 0x1.0F9F9Cp-7f, c4 = 0x1.573A1Ap-5f, c3 = 0x1.555A80p-3f, c2 = 0x1.FFFDC6p-2f, c1 = 0x1.FFFFF6p-1f;
    const float denormal_cutoff = -0x1.5D589Ep+6f;
    for (size_t i = 0; i < count; i++) {
        const uint32_t x_bits = to_bits(input[i]);
        const float z = from_bits(x_bits | 0x80000000u);
        float n = fmaf(z, log2e, magic_bias);
        const float s = from_bits(to_bits(n) << 23);
        n = n - magic_bias;
        float t = fmaf(n, minus_ln2, z);
        float p = fmaf(c5, t, c4);
        p = fmaf(p, t, c3);
        p = fmaf(p, t, c2);
        p = fmaf(p, t, c1);
        t = t * s;
        const float e = fmaf(t, p, s);
        const float d = e + 1.0f;
        float f = e / d;
        if (z < denormal_cutoff) f = 0.0f;
        output[i] = (x_bits & 0x80000000u) != 0 ? f : 1.0f - f;
    }
}

void fk_sigmoid_task(void *opaque, size_t task) {
    const fk_sigmoid *op = (const fk_sigmoid *)opaque;
    size_t start, end;
    if (!fk_task_range(task, op->elements_per_task, op->count, &start, &end)) return;
    sigmoid(op->input + start, op->output + start, end - start);
}
