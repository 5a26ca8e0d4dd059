// VisionTasks' thread pool: our fast kernels run their rows on it, and so does XNNPACK, in place
// of Debian's pthreadpool.
//
// XNNPACK parallelizes every operator through pthreadpool's `pthreadpool_parallelize_*` functions.
// Built with the XNNPACK trait (VT_PTHREADPOOL_API), this target defines pthreadpool's whole API
// itself (ThreadPoolInterface.c), so XNNPACK's calls, and any other library's in the process, bind
// to ours: an executable's definitions take precedence over the shared libpthreadpool's. Our own
// kernels call the `vt_pool_*` functions below, which exist in every build. What matters on a
// machine whose cores are shared with other work:
// - the calling thread takes items itself until none are left, and waits only for items a worker
//   has already started; a worker the scheduler has not run yet is never waited for;
// - a second caller that finds the pool busy runs its loop alone instead of queueing;
// - when a caller had to wait long for a worker's item (the worker lost its core to another
//   process), the loops of the next 100 ms (after repeated stalls up to 400 ms, never longer) run
//   on their callers alone, so a loaded machine costs about what one thread would, and the
//   workers are back soon after the load is gone.
// Results are the same as with pthreadpool: every item runs exactly once, and the caller and the
// workers flush denormals to zero when XNNPACK asks for it (PTHREADPOOL_FLAG_DISABLE_DENORMALS).
#ifndef VISIONTASKS_CTHREADPOOL_H
#define VISIONTASKS_CTHREADPOOL_H

#include <stddef.h>
#include <stdint.h>

struct vt_pool;

/// How many processors this process may run on: its CPU affinity on Linux (`taskset`, a
/// container's cpuset), else the processors online.
size_t vt_usable_processor_count(void);

/// A pool of `threads` threads in all (0: one per usable processor), the caller included (a pool
/// of 1 has no workers), or NULL when the threads cannot be made.
struct vt_pool *vt_pool_make(size_t threads);
/// Stops the workers and frees the pool.
void vt_pool_free(struct vt_pool *pool);

/// One item of a loop: `task(context, i)`.
typedef void (*vt_task_1d)(void *context, size_t i);
/// Runs `task(context, i)` for every i in 0 ..< `range` on `pool` (NULL: on the calling thread) and
/// returns when all are done. `flushes_denormals`: the caller and the workers flush denormals to zero
/// while they run items, as XNNPACK's operators do.
void vt_pool_parallelize_1d(struct vt_pool *pool, vt_task_1d task, void *context, size_t range, int flushes_denormals);

/// Counters of one pool since it was made, for tests and benchmarks.
typedef struct vt_pool_statistics {
    /// Loops that ran across the pool's threads.
    uint64_t parallel_loops;
    /// Loops that ran on the caller alone (a single item, or the pool was busy).
    uint64_t serial_loops;
    /// Items run by worker threads (the rest ran on the callers).
    uint64_t worker_items;
} vt_pool_statistics;

/// Counters of `pool`.
vt_pool_statistics vt_pool_statistics_of(const struct vt_pool *pool);

/// Whether XNNPACK's parallel loops run on this target's pool: true when the process's
/// `pthreadpool_parallelize_1d` is ours (it is unless another definition was bound first). Always
/// false without the XNNPACK trait, which leaves pthreadpool's API out.
int vt_pool_is_bound(void);

#endif
