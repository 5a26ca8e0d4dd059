// pthreadpool's API (the subset XNNPACK uses, plus creation), defined here so that XNNPACK's calls
// bind to this target's pool; see CThreadPool.h. Each loop is described once and handed to the pool.
#include "CThreadPool.h"
#include "ThreadPool.h"

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

static void vt_run(pthreadpool_t pool, enum vt_loop_kind kind, void *function, void *context, int dimensions,
                   const size_t *range, const size_t *tile, uint32_t flags) {
    struct vt_loop loop = {.kind = kind, .function = function, .context = context, .dimensions = dimensions,
                           .flushes_denormals = (flags & PTHREADPOOL_FLAG_DISABLE_DENORMALS) != 0};
    for (int d = 0; d < dimensions; d++) {
        loop.range[d] = range[d];
        loop.tile[d] = tile[d];
    }
    vt_pool_run((struct vt_pool *)pool, &loop);
}

void pthreadpool_parallelize_1d(pthreadpool_t pool, pthreadpool_task_1d_t function, void *context, size_t range,
                                uint32_t flags) {
    vt_run(pool, VT_1D, (void *)function, context, 1, (size_t[]){range}, (size_t[]){1}, flags);
}

void pthreadpool_parallelize_1d_tile_1d(pthreadpool_t pool, pthreadpool_task_1d_tile_1d_t function, void *context,
                                        size_t range, size_t tile, uint32_t flags) {
    vt_run(pool, VT_1D_TILE_1D, (void *)function, context, 1, (size_t[]){range}, (size_t[]){tile}, flags);
}

void pthreadpool_parallelize_2d(pthreadpool_t pool, pthreadpool_task_2d_t function, void *context, size_t range_i,
                                size_t range_j, uint32_t flags) {
    vt_run(pool, VT_2D, (void *)function, context, 2, (size_t[]){range_i, range_j}, (size_t[]){1, 1}, flags);
}

void pthreadpool_parallelize_2d_tile_1d(pthreadpool_t pool, pthreadpool_task_2d_tile_1d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t tile_j, uint32_t flags) {
    vt_run(pool, VT_2D_TILE_1D, (void *)function, context, 2, (size_t[]){range_i, range_j}, (size_t[]){1, tile_j},
           flags);
}

void pthreadpool_parallelize_2d_tile_2d(pthreadpool_t pool, pthreadpool_task_2d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t tile_i, size_t tile_j, uint32_t flags) {
    vt_run(pool, VT_2D_TILE_2D, (void *)function, context, 2, (size_t[]){range_i, range_j},
           (size_t[]){tile_i, tile_j}, flags);
}

void pthreadpool_parallelize_3d(pthreadpool_t pool, pthreadpool_task_3d_t function, void *context, size_t range_i,
                                size_t range_j, size_t range_k, uint32_t flags) {
    vt_run(pool, VT_3D, (void *)function, context, 3, (size_t[]){range_i, range_j, range_k}, (size_t[]){1, 1, 1},
           flags);
}

void pthreadpool_parallelize_3d_tile_2d(pthreadpool_t pool, pthreadpool_task_3d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t tile_j, size_t tile_k,
                                        uint32_t flags) {
    vt_run(pool, VT_3D_TILE_2D, (void *)function, context, 3, (size_t[]){range_i, range_j, range_k},
           (size_t[]){1, tile_j, tile_k}, flags);
}

void pthreadpool_parallelize_4d(pthreadpool_t pool, pthreadpool_task_4d_t function, void *context, size_t range_i,
                                size_t range_j, size_t range_k, size_t range_l, uint32_t flags) {
    vt_run(pool, VT_4D, (void *)function, context, 4, (size_t[]){range_i, range_j, range_k, range_l},
           (size_t[]){1, 1, 1, 1}, flags);
}

void pthreadpool_parallelize_4d_tile_2d(pthreadpool_t pool, pthreadpool_task_4d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t tile_k,
                                        size_t tile_l, uint32_t flags) {
    vt_run(pool, VT_4D_TILE_2D, (void *)function, context, 4, (size_t[]){range_i, range_j, range_k, range_l},
           (size_t[]){1, 1, tile_k, tile_l}, flags);
}

void pthreadpool_parallelize_5d(pthreadpool_t pool, pthreadpool_task_5d_t function, void *context, size_t range_i,
                                size_t range_j, size_t range_k, size_t range_l, size_t range_m, uint32_t flags) {
    vt_run(pool, VT_5D, (void *)function, context, 5, (size_t[]){range_i, range_j, range_k, range_l, range_m},
           (size_t[]){1, 1, 1, 1, 1}, flags);
}

void pthreadpool_parallelize_5d_tile_2d(pthreadpool_t pool, pthreadpool_task_5d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t range_m,
                                        size_t tile_l, size_t tile_m, uint32_t flags) {
    vt_run(pool, VT_5D_TILE_2D, (void *)function, context, 5,
           (size_t[]){range_i, range_j, range_k, range_l, range_m}, (size_t[]){1, 1, 1, tile_l, tile_m}, flags);
}

void pthreadpool_parallelize_6d_tile_2d(pthreadpool_t pool, pthreadpool_task_6d_tile_2d_t function, void *context,
                                        size_t range_i, size_t range_j, size_t range_k, size_t range_l, size_t range_m,
                                        size_t range_n, size_t tile_m, size_t tile_n, uint32_t flags) {
    vt_run(pool, VT_6D_TILE_2D, (void *)function, context, 6,
           (size_t[]){range_i, range_j, range_k, range_l, range_m, range_n}, (size_t[]){1, 1, 1, 1, tile_m, tile_n},
           flags);
}
