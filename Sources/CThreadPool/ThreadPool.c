// The pool: worker threads that take items of the current loop until none are left.
//
// The current loop is published by advancing `state`, which holds the loop's generation (high 32
// bits) and the index of its next unclaimed item (low 32 bits). A thread claims a chunk of items
// with a compare-and-swap that succeeds only while the generation is unchanged, so a worker that
// wakes up late can never take items of a newer loop with an older loop's description: it reads
// the description only after a successful claim, and the caller changes it only after every
// claimed item has finished.
#include "ThreadPool.h"
#include "CThreadPool.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

/// Checks before an idle worker or a waiting caller starts yielding its core to other threads
/// (then it keeps checking between yields: on an idle core a yield returns at once).
#define VT_SPINS_BEFORE_YIELD 200
/// How long an idle worker stays awake: longer than the gap between two operators of a model, so
/// workers stay awake through an invocation and sleep between invocations.
#define VT_IDLE_NS 50000
/// A caller that waited longer than this, and longer than VT_STALL_CHUNKS times its own time per
/// chunk of items, for a worker's chunk has seen a stall: the worker lost its core, to another
/// process or, on a virtual machine, to the host for a moment. A lone stall costs only its wait:
/// a virtual machine's second core can pause for a fraction of a millisecond several times a
/// second, about one loop in a thousand, and going serial after each of those lost most of the
/// second core (pose_landmark_full on two threads ran at one thread's speed). A stall within
/// VT_STALL_REPEAT_LOOPS parallel loops of the previous one means the core is contended (then
/// most loops stall), and the caller runs its loops alone for a while: 100 ms the first time,
/// twice as long each further time, at most 400 ms; a contended spell more than 10 s after the
/// last starts again at 100 ms. The bound keeps a long batch from losing its second core for
/// seconds: once the other process is gone, the workers are back within 400 ms, and while it
/// stays, each look costs one stall (a worker's chunk, a few ms) per 400 ms. (Measured against the
/// caller's own pace so that a loop of a few long items, such as a 1 ms convolution in 8 tasks, is
/// not taken for a stall when the worker merely took the last item.)
#define VT_STALL_NS 200000
#define VT_STALL_CHUNKS 3
#define VT_STALL_REPEAT_LOOPS 8
#define VT_SERIAL_FIRST_NS 100000000u
#define VT_SERIAL_MAX_NS 400000000u
#define VT_STALL_MEMORY_NS 10000000000u

struct vt_pool {
    size_t threads;
    size_t worker_count;
    pthread_t *workers;
    /// Held by the caller of the loop in progress; a second caller runs its loop alone.
    pthread_mutex_t call_lock;
    pthread_mutex_t sleep_lock;
    pthread_cond_t wake;
    _Atomic uint64_t state;
    _Atomic size_t item_count;
    /// Items a thread claims at once: about an eighth of one thread's share, so claims are few
    /// and a descheduled worker holds back little.
    _Atomic size_t chunk;
    _Atomic size_t finished;
    _Atomic int sleepers;
    _Atomic bool stopping;
    uint32_t generation;
    /// Until this CLOCK_MONOTONIC time (ns) loops run on their caller alone (see VT_STALL_NS);
    /// the length of the next such period and when the last one began; whether a loop has
    /// stalled, and `parallel_loops` when the last one did.
    uint64_t serial_until;
    uint64_t serial_period;
    uint64_t serial_began;
    bool has_stalled;
    uint64_t last_stall_loop;
    struct vt_loop loop;
    _Atomic uint64_t parallel_loops;
    _Atomic uint64_t serial_loops;
    _Atomic uint64_t worker_items;
};

// MARK: Denormals

static inline uint32_t vt_fpu_state(void) {
#if defined(__x86_64__) || defined(__i386__)
    return _mm_getcsr();
#elif defined(__aarch64__)
    uint64_t fpcr;
    __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
    return (uint32_t)fpcr;
#else
    return 0;
#endif
}

static inline void vt_set_fpu_state(uint32_t state) {
#if defined(__x86_64__) || defined(__i386__)
    _mm_setcsr(state);
#elif defined(__aarch64__)
    uint64_t fpcr = state;
    __asm__ volatile("msr fpcr, %0" : : "r"(fpcr));
#else
    (void)state;
#endif
}

/// `state` with denormal inputs and results flushed to zero (x86: DAZ and FTZ; ARM: FZ).
static inline uint32_t vt_flushing_denormals(uint32_t state) {
#if defined(__x86_64__) || defined(__i386__)
    return state | 0x8040u;
#elif defined(__aarch64__)
    return state | (1u << 24);
#else
    return state;
#endif
}

static uint64_t vt_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static inline void vt_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
}

// MARK: Items

/// Claims the next chunk of loop `generation`: items `[*first, *end)`.
static int vt_claim(struct vt_pool *pool, uint32_t generation, size_t *first, size_t *end) {
    uint64_t state = atomic_load_explicit(&pool->state, memory_order_acquire);
    for (;;) {
        if ((uint32_t)(state >> 32) != generation) return 0;
        size_t next = (uint32_t)state;
        size_t count = atomic_load_explicit(&pool->item_count, memory_order_relaxed);
        if (next >= count) return 0;
        size_t chunk = atomic_load_explicit(&pool->chunk, memory_order_relaxed);
        size_t last = count - next < chunk ? count : next + chunk;
        if (atomic_compare_exchange_weak_explicit(&pool->state, &state, state + (last - next), memory_order_acq_rel,
                                                  memory_order_acquire)) {
            *first = next;
            *end = last;
            return 1;
        }
    }
}

/// Runs chunks of loop `generation` until none are left; returns how many items this thread ran.
static size_t vt_take_items(struct vt_pool *pool, uint32_t generation, int is_worker) {
    size_t first, end, taken = 0;
    uint32_t saved = 0;
    while (vt_claim(pool, generation, &first, &end)) {
        if (taken == 0 && is_worker) {
            // The loop's description is valid from the first successful claim on.
            saved = vt_fpu_state();
            if (pool->loop.flushes_denormals) vt_set_fpu_state(vt_flushing_denormals(saved));
        }
        vt_loop_run_items(&pool->loop, first, end);
        taken += end - first;
        atomic_fetch_add_explicit(&pool->finished, end - first, memory_order_release);
    }
    if (taken > 0 && is_worker) vt_set_fpu_state(saved);
    return taken;
}

static void *vt_worker_main(void *argument) {
    struct vt_pool *pool = argument;
    uint32_t seen = 0;
    for (;;) {
        uint64_t state;
        int spins = 0;
        uint64_t idle_since = 0;
        for (;;) {
            state = atomic_load_explicit(&pool->state, memory_order_acquire);
            if ((uint32_t)(state >> 32) != seen || atomic_load(&pool->stopping)) break;
            if (++spins < VT_SPINS_BEFORE_YIELD) {
                vt_pause();
                continue;
            }
            uint64_t now = vt_now();
            if (idle_since == 0) idle_since = now;
            if (now - idle_since < VT_IDLE_NS) {
                sched_yield();
                continue;
            }
            pthread_mutex_lock(&pool->sleep_lock);
            atomic_fetch_add(&pool->sleepers, 1);
            while ((uint32_t)(atomic_load(&pool->state) >> 32) == seen && !atomic_load(&pool->stopping)) {
                pthread_cond_wait(&pool->wake, &pool->sleep_lock);
            }
            atomic_fetch_sub(&pool->sleepers, 1);
            pthread_mutex_unlock(&pool->sleep_lock);
            spins = 0;
            idle_since = 0;
        }
        if (atomic_load(&pool->stopping)) return NULL;
        seen = (uint32_t)(state >> 32);
        size_t taken = vt_take_items(pool, seen, 1);
        if (taken > 0) atomic_fetch_add_explicit(&pool->worker_items, taken, memory_order_relaxed);
    }
}

// MARK: Running a loop

/// Runs every item of `loop` on the calling thread, counted as one of `pool`'s serial loops.
static void vt_run_alone(struct vt_pool *pool, const struct vt_loop *loop, size_t count) {
    if (pool != NULL) atomic_fetch_add_explicit(&pool->serial_loops, 1, memory_order_relaxed);
    uint32_t saved = vt_fpu_state();
    if (loop->flushes_denormals) vt_set_fpu_state(vt_flushing_denormals(saved));
    vt_loop_run_items(loop, 0, count);
    if (loop->flushes_denormals) vt_set_fpu_state(saved);
}

void vt_pool_run(struct vt_pool *pool, struct vt_loop *loop) {
    size_t count = vt_loop_prepare(loop);
    if (count == 0) return;
    if (pool == NULL || pool->worker_count == 0 || count == 1 || count > UINT32_MAX ||
        pthread_mutex_trylock(&pool->call_lock) != 0) {
        vt_run_alone(pool, loop, count);
        return;
    }
    if (pool->serial_until != 0) {
        if (vt_now() < pool->serial_until) {
            pthread_mutex_unlock(&pool->call_lock);
            vt_run_alone(pool, loop, count);
            return;
        }
        pool->serial_until = 0;
    }
    pool->loop = *loop;
    atomic_store_explicit(&pool->item_count, count, memory_order_relaxed);
    size_t chunk = count / (pool->threads * 8);
    atomic_store_explicit(&pool->chunk, chunk == 0 ? 1 : chunk, memory_order_relaxed);
    atomic_store_explicit(&pool->finished, 0, memory_order_relaxed);
    pool->generation += 1;
    if (pool->generation == 0) pool->generation = 1;  // 0 is "no loop yet" for the workers
    // Sequentially consistent with the workers' `sleepers` increment: either a worker about to
    // sleep sees the new generation, or this thread sees it asleep and wakes it.
    atomic_store(&pool->state, (uint64_t)pool->generation << 32);
    if (atomic_load(&pool->sleepers) > 0) {
        pthread_mutex_lock(&pool->sleep_lock);
        pthread_cond_broadcast(&pool->wake);
        pthread_mutex_unlock(&pool->sleep_lock);
    }

    uint32_t saved = vt_fpu_state();
    if (loop->flushes_denormals) vt_set_fpu_state(vt_flushing_denormals(saved));
    uint64_t started = vt_now();
    size_t taken = vt_take_items(pool, pool->generation, 0);
    // Only items a worker has started can be missing now: a chunk should take about as long as
    // one of the caller's.
    uint64_t stall_ns = VT_STALL_NS;
    if (taken > 0) {
        uint64_t per_chunk = (vt_now() - started) / taken * atomic_load_explicit(&pool->chunk, memory_order_relaxed);
        if (per_chunk * VT_STALL_CHUNKS > stall_ns) stall_ns = per_chunk * VT_STALL_CHUNKS;
    }
    uint64_t waiting_since = 0;
    int stalled = 0;
    for (int spins = 0; atomic_load_explicit(&pool->finished, memory_order_acquire) < count; spins++) {
        if (spins < VT_SPINS_BEFORE_YIELD) {
            vt_pause();
            continue;
        }
        uint64_t now = vt_now();
        if (waiting_since == 0) waiting_since = now;
        if (!stalled && now - waiting_since > stall_ns) {
            stalled = 1;
            uint64_t loop_index = atomic_load_explicit(&pool->parallel_loops, memory_order_relaxed);
            if (pool->has_stalled && loop_index - pool->last_stall_loop < VT_STALL_REPEAT_LOOPS) {
                uint64_t period = pool->serial_period;
                if (period == 0 || now - pool->serial_began > VT_STALL_MEMORY_NS) period = VT_SERIAL_FIRST_NS;
                pool->serial_until = now + period;
                pool->serial_period = period * 2 < VT_SERIAL_MAX_NS ? period * 2 : VT_SERIAL_MAX_NS;
                pool->serial_began = now;
            }
            pool->has_stalled = true;
            pool->last_stall_loop = loop_index;
        }
        sched_yield();
    }
    if (loop->flushes_denormals) vt_set_fpu_state(saved);
    atomic_fetch_add_explicit(&pool->parallel_loops, 1, memory_order_relaxed);
    pthread_mutex_unlock(&pool->call_lock);
}

// MARK: Life cycle

struct vt_pool *vt_pool_make(size_t threads) {
    if (threads == 0) threads = vt_usable_processor_count();
    struct vt_pool *pool = calloc(1, sizeof(struct vt_pool));
    if (pool == NULL) return NULL;
    pool->threads = threads;
    pthread_mutex_init(&pool->call_lock, NULL);
    pthread_mutex_init(&pool->sleep_lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    if (threads > 1) {
        pool->workers = calloc(threads - 1, sizeof(pthread_t));
        if (pool->workers == NULL) {
            vt_pool_free(pool);
            return NULL;
        }
        for (size_t i = 0; i + 1 < threads; i++) {
            if (pthread_create(&pool->workers[i], NULL, vt_worker_main, pool) != 0) break;
            pool->worker_count += 1;
        }
        if (pool->worker_count + 1 < threads) {
            vt_pool_free(pool);
            return NULL;
        }
    }
    return pool;
}

void vt_pool_free(struct vt_pool *pool) {
    if (pool == NULL) return;
    pthread_mutex_lock(&pool->sleep_lock);
    atomic_store(&pool->stopping, true);
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->sleep_lock);
    for (size_t i = 0; i < pool->worker_count; i++) pthread_join(pool->workers[i], NULL);
    free(pool->workers);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->sleep_lock);
    pthread_mutex_destroy(&pool->call_lock);
    free(pool);
}

size_t vt_pool_thread_count(const struct vt_pool *pool) { return pool == NULL ? 1 : pool->threads; }

void vt_pool_parallelize_1d(struct vt_pool *pool, vt_task_1d task, void *context, size_t range, int flushes_denormals) {
    struct vt_loop loop = {.function = (void *)task, .context = context, .dimensions = 1,
                           .range = {range}, .tile = {1}, .flushes_denormals = flushes_denormals != 0};
    vt_pool_run(pool, &loop);
}

vt_pool_statistics vt_pool_statistics_of(const struct vt_pool *pool) {
    vt_pool_statistics statistics = {0, 0, 0};
    if (pool == NULL) return statistics;
    statistics.parallel_loops = atomic_load_explicit(&pool->parallel_loops, memory_order_relaxed);
    statistics.serial_loops = atomic_load_explicit(&pool->serial_loops, memory_order_relaxed);
    statistics.worker_items = atomic_load_explicit(&pool->worker_items, memory_order_relaxed);
    return statistics;
}
