// The pool's internals, shared by ThreadPool.c and ThreadPoolInterface.c.
#ifndef VISIONTASKS_THREADPOOL_INTERNAL_H
#define VISIONTASKS_THREADPOOL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "CThreadPool.h"

/// One parallel loop over a grid of up to six dimensions, in pthreadpool's terms: each item is a
/// tile (`tile` along each dimension, 1 where the dimension is not tiled) and runs as
/// `function(context, [uarch,] start of every dimension, size of every tiled dimension)`.
struct vt_loop {
    void *function;
    void *context;
    int dimensions;
    size_t range[6];
    size_t tile[6];
    /// Bit d: dimension d is tiled (its tile size is passed to the function).
    unsigned tiled;
    /// Whether the function takes a microarchitecture index first (the `_with_uarch` variants).
    bool passes_uarch;
    uint32_t uarch;
    /// Tiles along each dimension: ceil(range / tile).
    size_t tiles[6];
    bool flushes_denormals;
};

/// Fills `tiles` and returns the number of items (0 for an empty grid).
size_t vt_loop_prepare(struct vt_loop *loop);
/// Runs items `first ..< end` in order (row-major over `tiles`, the last dimension fastest).
void vt_loop_run_items(const struct vt_loop *loop, size_t first, size_t end);
/// Runs every item of `loop` on `pool` (NULL: on the calling thread) and returns when all are done.
void vt_pool_run(struct vt_pool *pool, struct vt_loop *loop);
size_t vt_pool_thread_count(const struct vt_pool *pool);

#endif
