// pthreadpool's whole API (Debian's 2021 snapshot: the parallelize functions, their `_with_uarch`
// variants and the deprecated compute functions), defined here so that every caller in the
// process binds to this target's pool; see CThreadPool.h. Each call describes its loop once and
// hands it to the pool. Only built with the XNNPACK trait (VT_PTHREADPOOL_API): without it, there
// is no pthreadpool header and no caller.
#include "CThreadPool.h"
#include "ThreadPool.h"

#ifndef VT_PTHREADPOOL_API
int vt_pool_is_bound(void) { return 0; }
#else

#include <dlfcn.h>
#include <pthreadpool.h>

pthreadpool_t pthreadpool_create(size_t threads_count) { return (pthreadpool_t)vt_pool_make(threads_count); }

void pthreadpool_destroy(pthreadpool_t threadpool) { vt_pool_free((struct vt_pool *)threadpool); }

size_t pthreadpool_get_threads_count(pthreadpool_t threadpool) {
    return vt_pool_thread_count((const struct vt_pool *)threadpool);
}

int vt_pool_is_bound(void) {
    // Looked up in the dynamic linker's global scope, as XNNPACK's calls are.
    void *bound = dlsym(RTLD_DEFAULT, "pthreadpool_parallelize_1d");
    return bound == (void *)&pthreadpool_parallelize_1d;
}

/// A loop over `dimensions` ranges; `tiles` gives the tile of every dimension (0 or 1 where the
/// dimension is not tiled, which `tiled` says bit by bit).
static void vt_run(pthreadpool_t pool, void *function, void *context, int dimensions, const size_t *range,
                   const size_t *tiles, unsigned tiled, int passes_uarch, uint32_t uarch, uint32_t flags) {
    struct vt_loop loop = {.function = function, .context = context, .dimensions = dimensions, .tiled = tiled,
                           .passes_uarch = passes_uarch != 0, .uarch = uarch,
                           .flushes_denormals = (flags & PTHREADPOOL_FLAG_DISABLE_DENORMALS) != 0};
    for (int d = 0; d < dimensions; d++) {
        loop.range[d] = range[d];
        loop.tile[d] = (tiled & (1u << d)) ? tiles[d] : 1;
    }
    vt_pool_run((struct vt_pool *)pool, &loop);
}

#define VT_R(...) ((const size_t[]){__VA_ARGS__})
// Tiled-dimension masks: the last one, the last two, all of them.
#define VT_LAST1(n) (1u << ((n) - 1))
#define VT_LAST2(n) (3u << ((n) - 2))
#define VT_ALL(n) ((1u << (n)) - 1)

void pthreadpool_parallelize_1d(pthreadpool_t pool, pthreadpool_task_1d_t function, void *context, size_t range,
                                uint32_t flags) {
    vt_run(pool, (void *)function, context, 1, VT_R(range), VT_R(0), 0, 0, 0, flags);
}

void pthreadpool_parallelize_1d_with_uarch(pthreadpool_t pool, pthreadpool_task_1d_with_id_t function, void *context,
                                           uint32_t default_uarch_index, uint32_t max_uarch_index, size_t range,
                                           uint32_t flags) {
    (void)max_uarch_index;  // no microarchitecture detection: always the default index
    vt_run(pool, (void *)function, context, 1, VT_R(range), VT_R(0), 0, 1, default_uarch_index, flags);
}

void pthreadpool_parallelize_1d_tile_1d(pthreadpool_t pool, pthreadpool_task_1d_tile_1d_t function, void *context,
                                        size_t range, size_t tile, uint32_t flags) {
    vt_run(pool, (void *)function, context, 1, VT_R(range), VT_R(tile), VT_ALL(1), 0, 0, flags);
}

void pthreadpool_parallelize_2d(pthreadpool_t pool, pthreadpool_task_2d_t function, void *context, size_t range_i,
                                size_t range_j, uint32_t flags) {
    vt_run(pool, (void *)function, context, 2, VT_R(range_i, range_j), VT_R(0, 0), 0, 0, 0, flags);
}

void pthreadpool_parallelize_2d_tile_1d(pthreadpool_t pool, pthreadpool_task_2d_tile_1d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t tile_j, uint32_t flags) {
    vt_run(pool, (void *)function, context, 2, VT_R(range_i, range_j), VT_R(0, tile_j), VT_LAST1(2), 0, 0, flags);
}

void pthreadpool_parallelize_2d_tile_2d(pthreadpool_t pool, pthreadpool_task_2d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t tile_i, size_t tile_j, uint32_t flags) {
    vt_run(pool, (void *)function, context, 2, VT_R(range_i, range_j), VT_R(tile_i, tile_j), VT_ALL(2), 0, 0, flags);
}

void pthreadpool_parallelize_2d_tile_2d_with_uarch(pthreadpool_t pool, pthreadpool_task_2d_tile_2d_with_id_t function,
                                                   void *context, uint32_t default_uarch_index,
                                                   uint32_t max_uarch_index, size_t range_i, size_t range_j,
                                                   size_t tile_i, size_t tile_j, uint32_t flags) {
    (void)max_uarch_index;
    vt_run(pool, (void *)function, context, 2, VT_R(range_i, range_j), VT_R(tile_i, tile_j), VT_ALL(2), 1,
           default_uarch_index, flags);
}

void pthreadpool_parallelize_3d(pthreadpool_t pool, pthreadpool_task_3d_t function, void *context, size_t range_i,
                                size_t range_j, size_t range_k, uint32_t flags) {
    vt_run(pool, (void *)function, context, 3, VT_R(range_i, range_j, range_k), VT_R(0, 0, 0), 0, 0, 0, flags);
}

void pthreadpool_parallelize_3d_tile_1d(pthreadpool_t pool, pthreadpool_task_3d_tile_1d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t tile_k,
                                        uint32_t flags) {
    vt_run(pool, (void *)function, context, 3, VT_R(range_i, range_j, range_k), VT_R(0, 0, tile_k), VT_LAST1(3), 0,
           0, flags);
}

void pthreadpool_parallelize_3d_tile_2d(pthreadpool_t pool, pthreadpool_task_3d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t tile_j, size_t tile_k,
                                        uint32_t flags) {
    vt_run(pool, (void *)function, context, 3, VT_R(range_i, range_j, range_k), VT_R(0, tile_j, tile_k), VT_LAST2(3),
           0, 0, flags);
}

void pthreadpool_parallelize_3d_tile_2d_with_uarch(pthreadpool_t pool, pthreadpool_task_3d_tile_2d_with_id_t function,
                                                   void *context, uint32_t default_uarch_index,
                                                   uint32_t max_uarch_index, size_t range_i, size_t range_j,
                                                   size_t range_k, size_t tile_j, size_t tile_k, uint32_t flags) {
    (void)max_uarch_index;
    vt_run(pool, (void *)function, context, 3, VT_R(range_i, range_j, range_k), VT_R(0, tile_j, tile_k), VT_LAST2(3),
           1, default_uarch_index, flags);
}

void pthreadpool_parallelize_4d(pthreadpool_t pool, pthreadpool_task_4d_t function, void *context, size_t range_i,
                                size_t range_j, size_t range_k, size_t range_l, uint32_t flags) {
    vt_run(pool, (void *)function, context, 4, VT_R(range_i, range_j, range_k, range_l), VT_R(0, 0, 0, 0), 0, 0, 0,
           flags);
}

void pthreadpool_parallelize_4d_tile_1d(pthreadpool_t pool, pthreadpool_task_4d_tile_1d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t tile_l,
                                        uint32_t flags) {
    vt_run(pool, (void *)function, context, 4, VT_R(range_i, range_j, range_k, range_l), VT_R(0, 0, 0, tile_l),
           VT_LAST1(4), 0, 0, flags);
}

void pthreadpool_parallelize_4d_tile_2d(pthreadpool_t pool, pthreadpool_task_4d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t tile_k,
                                        size_t tile_l, uint32_t flags) {
    vt_run(pool, (void *)function, context, 4, VT_R(range_i, range_j, range_k, range_l), VT_R(0, 0, tile_k, tile_l),
           VT_LAST2(4), 0, 0, flags);
}

void pthreadpool_parallelize_4d_tile_2d_with_uarch(pthreadpool_t pool, pthreadpool_task_4d_tile_2d_with_id_t function,
                                                   void *context, uint32_t default_uarch_index,
                                                   uint32_t max_uarch_index, size_t range_i, size_t range_j,
                                                   size_t range_k, size_t range_l, size_t tile_k, size_t tile_l,
                                                   uint32_t flags) {
    (void)max_uarch_index;
    vt_run(pool, (void *)function, context, 4, VT_R(range_i, range_j, range_k, range_l), VT_R(0, 0, tile_k, tile_l),
           VT_LAST2(4), 1, default_uarch_index, flags);
}

void pthreadpool_parallelize_5d(pthreadpool_t pool, pthreadpool_task_5d_t function, void *context, size_t range_i,
                                size_t range_j, size_t range_k, size_t range_l, size_t range_m, uint32_t flags) {
    vt_run(pool, (void *)function, context, 5, VT_R(range_i, range_j, range_k, range_l, range_m),
           VT_R(0, 0, 0, 0, 0), 0, 0, 0, flags);
}

void pthreadpool_parallelize_5d_tile_1d(pthreadpool_t pool, pthreadpool_task_5d_tile_1d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t range_m,
                                        size_t tile_m, uint32_t flags) {
    vt_run(pool, (void *)function, context, 5, VT_R(range_i, range_j, range_k, range_l, range_m),
           VT_R(0, 0, 0, 0, tile_m), VT_LAST1(5), 0, 0, flags);
}

void pthreadpool_parallelize_5d_tile_2d(pthreadpool_t pool, pthreadpool_task_5d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t range_m,
                                        size_t tile_l, size_t tile_m, uint32_t flags) {
    vt_run(pool, (void *)function, context, 5, VT_R(range_i, range_j, range_k, range_l, range_m),
           VT_R(0, 0, 0, tile_l, tile_m), VT_LAST2(5), 0, 0, flags);
}

void pthreadpool_parallelize_6d(pthreadpool_t pool, pthreadpool_task_6d_t function, void *context, size_t range_i,
                                size_t range_j, size_t range_k, size_t range_l, size_t range_m, size_t range_n,
                                uint32_t flags) {
    vt_run(pool, (void *)function, context, 6, VT_R(range_i, range_j, range_k, range_l, range_m, range_n),
           VT_R(0, 0, 0, 0, 0, 0), 0, 0, 0, flags);
}

void pthreadpool_parallelize_6d_tile_1d(pthreadpool_t pool, pthreadpool_task_6d_tile_1d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t range_m,
                                        size_t range_n, size_t tile_n, uint32_t flags) {
    vt_run(pool, (void *)function, context, 6, VT_R(range_i, range_j, range_k, range_l, range_m, range_n),
           VT_R(0, 0, 0, 0, 0, tile_n), VT_LAST1(6), 0, 0, flags);
}

void pthreadpool_parallelize_6d_tile_2d(pthreadpool_t pool, pthreadpool_task_6d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t range_m,
                                        size_t range_n, size_t tile_m, size_t tile_n, uint32_t flags) {
    vt_run(pool, (void *)function, context, 6, VT_R(range_i, range_j, range_k, range_l, range_m, range_n),
           VT_R(0, 0, 0, 0, tile_m, tile_n), VT_LAST2(6), 0, 0, flags);
}

// MARK: The deprecated compute functions (every dimension tiled in the tiled ones; no flags)

void pthreadpool_compute_1d(pthreadpool_t pool, pthreadpool_function_1d_t function, void *argument, size_t range) {
    vt_run(pool, (void *)function, argument, 1, VT_R(range), VT_R(0), 0, 0, 0, 0);
}

void pthreadpool_compute_1d_tiled(pthreadpool_t pool, pthreadpool_function_1d_tiled_t function, void *argument,
                                  size_t range, size_t tile) {
    vt_run(pool, (void *)function, argument, 1, VT_R(range), VT_R(tile), VT_ALL(1), 0, 0, 0);
}

void pthreadpool_compute_2d(pthreadpool_t pool, pthreadpool_function_2d_t function, void *argument, size_t range_i,
                            size_t range_j) {
    vt_run(pool, (void *)function, argument, 2, VT_R(range_i, range_j), VT_R(0, 0), 0, 0, 0, 0);
}

void pthreadpool_compute_2d_tiled(pthreadpool_t pool, pthreadpool_function_2d_tiled_t function, void *argument,
                                  size_t range_i, size_t range_j, size_t tile_i, size_t tile_j) {
    vt_run(pool, (void *)function, argument, 2, VT_R(range_i, range_j), VT_R(tile_i, tile_j), VT_ALL(2), 0, 0, 0);
}

void pthreadpool_compute_3d_tiled(pthreadpool_t pool, pthreadpool_function_3d_tiled_t function, void *argument,
                                  size_t range_i, size_t range_j, size_t range_k, size_t tile_i, size_t tile_j,
                                  size_t tile_k) {
    vt_run(pool, (void *)function, argument, 3, VT_R(range_i, range_j, range_k), VT_R(tile_i, tile_j, tile_k),
           VT_ALL(3), 0, 0, 0);
}

void pthreadpool_compute_4d_tiled(pthreadpool_t pool, pthreadpool_function_4d_tiled_t function, void *argument,
                                  size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t tile_i,
                                  size_t tile_j, size_t tile_k, size_t tile_l) {
    vt_run(pool, (void *)function, argument, 4, VT_R(range_i, range_j, range_k, range_l),
           VT_R(tile_i, tile_j, tile_k, tile_l), VT_ALL(4), 0, 0, 0);
}

#endif  // VT_PTHREADPOOL_API
