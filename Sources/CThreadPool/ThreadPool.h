// The pool's internals, shared by ThreadPool.c and ThreadPoolInterface.c.
#ifndef VISIONTASKS_THREADPOOL_INTERNAL_H
#define VISIONTASKS_THREADPOOL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The loop shapes of pthreadpool's API: up to six dimensions, the last one or two tiled.
enum vt_loop_kind {
    VT_1D, VT_1D_TILE_1D, VT_2D, VT_2D_TILE_1D, VT_2D_TILE_2D, VT_3D, VT_3D_TILE_2D,
    VT_4D, VT_4D_TILE_2D, VT_5D, VT_5D_TILE_2D, VT_6D_TILE_2D,
};

/// One parallel loop: `function(context, …)` over the grid `range` (tiles of `tile` along each
/// dimension; 1 where the dimension is not tiled).
struct vt_loop {
    enum vt_loop_kind kind;
    void *function;
    void *context;
    int dimensions;
    size_t range[6];
    size_t tile[6];
    /// Tiles along each dimension: ceil(range / tile).
    size_t tiles[6];
    bool flushes_denormals;
};

struct vt_pool;

/// Fills `tiles` and returns the number of items (0 for an empty grid).
size_t vt_loop_prepare(struct vt_loop *loop);
/// Runs item `item` (row-major over `tiles`, the last dimension fastest).
void vt_loop_run_item(const struct vt_loop *loop, size_t item);
/// Runs every item of `loop` on `pool` (NULL: on the calling thread) and returns when all are done.
void vt_pool_run(struct vt_pool *pool, struct vt_loop *loop);

struct vt_pool *vt_pool_make(size_t threads);
void vt_pool_free(struct vt_pool *pool);
size_t vt_pool_thread_count(const struct vt_pool *pool);

#endif
