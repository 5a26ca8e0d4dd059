#include "CFastKernels.h"
#include "Dispatch.h"

size_t fk_best_lanes(void) {
#if FK_X86
    // libgcc / compiler-rt initialize the CPU model (including the OS's AVX-512 state) at start-up.
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")) return 16;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return 8;
#endif
    return 1;
}
