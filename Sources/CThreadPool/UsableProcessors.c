// How many processors this process may run on (its CPU affinity on Linux).
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include <unistd.h>

#include "CThreadPool.h"

size_t vt_usable_processor_count(void) {
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return (size_t)count;
    }
#endif
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (size_t)online : 1;
}
