// pthreadpool's loop shapes as one item space: item k of a loop is the k-th tile of its grid in
// row-major order, and runs as one call of the loop's function with pthreadpool's arguments
// (indices for plain dimensions; start and size for tiled ones).
#include "ThreadPool.h"

typedef void (*vt_task_1)(void *, size_t);
typedef void (*vt_task_2)(void *, size_t, size_t);
typedef void (*vt_task_3)(void *, size_t, size_t, size_t);
typedef void (*vt_task_4)(void *, size_t, size_t, size_t, size_t);
typedef void (*vt_task_5)(void *, size_t, size_t, size_t, size_t, size_t);
typedef void (*vt_task_6)(void *, size_t, size_t, size_t, size_t, size_t, size_t);
typedef void (*vt_task_7)(void *, size_t, size_t, size_t, size_t, size_t, size_t, size_t);
typedef void (*vt_task_8)(void *, size_t, size_t, size_t, size_t, size_t, size_t, size_t, size_t);

size_t vt_loop_prepare(struct vt_loop *loop) {
    size_t count = 1;
    for (int d = 0; d < loop->dimensions; d++) {
        size_t tile = loop->tile[d] == 0 ? 1 : loop->tile[d];
        loop->tile[d] = tile;
        loop->tiles[d] = loop->range[d] / tile + (loop->range[d] % tile != 0);
        if (loop->tiles[d] == 0) return 0;
        if (__builtin_mul_overflow(count, loop->tiles[d], &count)) return 0;
    }
    return count;
}

void vt_loop_run_item(const struct vt_loop *loop, size_t item) {
    // Start (index) and size of the tile along each dimension.
    size_t s[6] = {0}, n[6] = {0};
    for (int d = loop->dimensions - 1; d >= 0; d--) {
        size_t index = item % loop->tiles[d];
        item /= loop->tiles[d];
        s[d] = index * loop->tile[d];
        size_t left = loop->range[d] - s[d];
        n[d] = left < loop->tile[d] ? left : loop->tile[d];
    }
    void *c = loop->context;
    switch (loop->kind) {
    case VT_1D: ((vt_task_1)loop->function)(c, s[0]); break;
    case VT_1D_TILE_1D: ((vt_task_2)loop->function)(c, s[0], n[0]); break;
    case VT_2D: ((vt_task_2)loop->function)(c, s[0], s[1]); break;
    case VT_2D_TILE_1D: ((vt_task_3)loop->function)(c, s[0], s[1], n[1]); break;
    case VT_2D_TILE_2D: ((vt_task_4)loop->function)(c, s[0], s[1], n[0], n[1]); break;
    case VT_3D: ((vt_task_3)loop->function)(c, s[0], s[1], s[2]); break;
    case VT_3D_TILE_2D: ((vt_task_5)loop->function)(c, s[0], s[1], s[2], n[1], n[2]); break;
    case VT_4D: ((vt_task_4)loop->function)(c, s[0], s[1], s[2], s[3]); break;
    case VT_4D_TILE_2D: ((vt_task_6)loop->function)(c, s[0], s[1], s[2], s[3], n[2], n[3]); break;
    case VT_5D: ((vt_task_5)loop->function)(c, s[0], s[1], s[2], s[3], s[4]); break;
    case VT_5D_TILE_2D: ((vt_task_7)loop->function)(c, s[0], s[1], s[2], s[3], s[4], n[3], n[4]); break;
    case VT_6D_TILE_2D: ((vt_task_8)loop->function)(c, s[0], s[1], s[2], s[3], s[4], s[5], n[4], n[5]); break;
    }
}
