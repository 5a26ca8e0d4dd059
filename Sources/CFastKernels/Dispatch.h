// Shared by the kernel files of CFastKernels (not part of the public header).
#ifndef CFASTKERNELS_DISPATCH_H
#define CFASTKERNELS_DISPATCH_H

#include <stddef.h>

#if defined(__x86_64__) || defined(__i386__)
#define FK_X86 1
#define FK_AVX512 __attribute__((target("avx512f")))
#define FK_AVX512VL __attribute__((target("avx512f,avx512vl")))
#define FK_AVX2 __attribute__((target("avx2,fma")))
#else
#define FK_X86 0
#endif

static inline size_t fk_gcd(size_t a, size_t b) {
    while (b != 0) { size_t t = a % b; a = b; b = t; }
    return a;
}

#endif
