// pthreadpool's loop shapes as one item space: item k of a loop is the k-th tile of its grid in
// row-major order, and runs as one call of the loop's function with pthreadpool's arguments: the
// start (index) along every dimension, then the size of the tile along every tiled dimension.
#include "ThreadPool.h"

typedef size_t z;
typedef void (*vt_call_1)(void *, z);
typedef void (*vt_call_2)(void *, z, z);
typedef void (*vt_call_3)(void *, z, z, z);
typedef void (*vt_call_4)(void *, z, z, z, z);
typedef void (*vt_call_5)(void *, z, z, z, z, z);
typedef void (*vt_call_6)(void *, z, z, z, z, z, z);
typedef void (*vt_call_7)(void *, z, z, z, z, z, z, z);
typedef void (*vt_call_8)(void *, z, z, z, z, z, z, z, z);
typedef void (*vt_uarch_call_1)(void *, uint32_t, z);
typedef void (*vt_uarch_call_4)(void *, uint32_t, z, z, z, z);
typedef void (*vt_uarch_call_5)(void *, uint32_t, z, z, z, z, z);
typedef void (*vt_uarch_call_6)(void *, uint32_t, z, z, z, z, z, z);

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

/// Runs the tile at `index` (the tile's position along every dimension).
static void vt_loop_run_tile(const struct vt_loop *loop, const size_t index[6]) {
    // The starts of every dimension, then the sizes of the tiled ones.
    size_t a[12] = {0};
    int count = loop->dimensions;
    for (int d = 0; d < loop->dimensions; d++) a[d] = index[d] * loop->tile[d];
    for (int d = 0; d < loop->dimensions; d++) {
        if (!(loop->tiled & (1u << d))) continue;
        size_t left = loop->range[d] - a[d];
        a[count++] = left < loop->tile[d] ? left : loop->tile[d];
    }
    void *c = loop->context, *f = loop->function;
    if (loop->passes_uarch) {
        uint32_t u = loop->uarch;
        switch (count) {
        case 1: ((vt_uarch_call_1)f)(c, u, a[0]); break;
        case 4: ((vt_uarch_call_4)f)(c, u, a[0], a[1], a[2], a[3]); break;
        case 5: ((vt_uarch_call_5)f)(c, u, a[0], a[1], a[2], a[3], a[4]); break;
        case 6: ((vt_uarch_call_6)f)(c, u, a[0], a[1], a[2], a[3], a[4], a[5]); break;
        default: break;  // no such pthreadpool function
        }
        return;
    }
    switch (count) {
    case 1: ((vt_call_1)f)(c, a[0]); break;
    case 2: ((vt_call_2)f)(c, a[0], a[1]); break;
    case 3: ((vt_call_3)f)(c, a[0], a[1], a[2]); break;
    case 4: ((vt_call_4)f)(c, a[0], a[1], a[2], a[3]); break;
    case 5: ((vt_call_5)f)(c, a[0], a[1], a[2], a[3], a[4]); break;
    case 6: ((vt_call_6)f)(c, a[0], a[1], a[2], a[3], a[4], a[5]); break;
    case 7: ((vt_call_7)f)(c, a[0], a[1], a[2], a[3], a[4], a[5], a[6]); break;
    case 8: ((vt_call_8)f)(c, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]); break;
    default: break;  // no such pthreadpool function
    }
}

void vt_loop_run_items(const struct vt_loop *loop, size_t first, size_t end) {
    if (first >= end) return;
    // Divide once for the first item's position, then count up like an odometer.
    size_t index[6] = {0};
    size_t item = first;
    for (int d = loop->dimensions - 1; d >= 0; d--) {
        index[d] = item % loop->tiles[d];
        item /= loop->tiles[d];
    }
    for (size_t k = first; k < end; k++) {
        vt_loop_run_tile(loop, index);
        for (int d = loop->dimensions - 1; d >= 0; d--) {
            if (++index[d] < loop->tiles[d]) break;
            index[d] = 0;
        }
    }
}
