#if XNNPACK  // pthreadpool's API is ours only in builds with XNNPACK
import CXNNPACK
import Inference
import Synchronization
import Testing

/// Every loop shape of pthreadpool's API on our pool (target CThreadPool): each tile of the grid
/// is visited exactly once, with pthreadpool's arguments (starts, then the sizes of tiled
/// dimensions, after the microarchitecture index for the `_with_uarch` variants).
@Suite("Thread pool loop shapes")
struct ThreadPoolLoopTests {
    /// Visit counts per grid cell (row-major over `ranges`), filled by the tasks through `context`
    /// under a lock, so a cell visited twice counts 2 whichever threads visited it.
    final class Grid: Sendable {
        let ranges: [Int]
        private let state: Mutex<(counts: [UInt32], uarch: Set<UInt32>)>

        init(_ ranges: [Int]) {
            self.ranges = ranges
            state = Mutex(([UInt32](repeating: 0, count: ranges.reduce(1, *)), []))
        }

        /// Marks every cell of the box `starts ..< starts + sizes`, seen with microarchitecture
        /// index `uarch` if the task got one.
        func mark(starts: [Int], sizes: [Int], uarch: UInt32? = nil) {
            state.withLock { state in
                func visit(_ d: Int, _ offset: Int) {
                    if d == ranges.count { state.counts[offset] += 1; return }
                    for i in starts[d]..<starts[d] + sizes[d] { visit(d + 1, offset * ranges[d] + i) }
                }
                visit(0, 0)
                if let uarch { state.uarch.insert(uarch) }
            }
        }

        var everyCellOnce: Bool { state.withLock { $0.counts.allSatisfy { $0 == 1 } } }
        var uarchSeen: Set<UInt32> { state.withLock { $0.uarch } }
    }

    static func grid(_ context: UnsafeMutableRawPointer?) -> Grid {
        Unmanaged<Grid>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Runs `body` with a pool of `threads` (nil: no pool) and an opaque pointer to `grid`.
    static func run(_ grid: Grid, threads: Int?, _ body: (pthreadpool_t?, UnsafeMutableRawPointer) -> Void) {
        let pool = threads.map { pthreadpool_create($0) } ?? nil
        body(pool, Unmanaged.passUnretained(grid).toOpaque())
        if let pool { pthreadpool_destroy(pool) }
    }

    @Test(arguments: [nil, 1, 2, 3] as [Int?])
    func everyShapeVisitsEveryCellOnce(threads: Int?) {
        let g2 = Grid([7, 10])
        Self.run(g2, threads: threads) { pool, context in
            pthreadpool_parallelize_2d_tile_2d(pool, { c, i, j, ti, tj in
                Self.grid(c).mark(starts: [i, j], sizes: [ti, tj])
            }, context, 7, 10, 3, 4, 0)
        }
        #expect(g2.everyCellOnce)

        let g3 = Grid([3, 4, 11])
        Self.run(g3, threads: threads) { pool, context in
            pthreadpool_parallelize_3d_tile_1d(pool, { c, i, j, k, tk in
                Self.grid(c).mark(starts: [i, j, k], sizes: [1, 1, tk])
            }, context, 3, 4, 11, 5, 0)
        }
        #expect(g3.everyCellOnce)

        let g5 = Grid([2, 3, 2, 3, 2])
        Self.run(g5, threads: threads) { pool, context in
            pthreadpool_parallelize_5d(pool, { c, i, j, k, l, m in
                Self.grid(c).mark(starts: [i, j, k, l, m], sizes: [1, 1, 1, 1, 1])
            }, context, 2, 3, 2, 3, 2, 0)
        }
        #expect(g5.everyCellOnce)

        let g6 = Grid([2, 2, 1, 3, 2, 9])
        Self.run(g6, threads: threads) { pool, context in
            pthreadpool_parallelize_6d_tile_2d(pool, { c, i, j, k, l, m, n, tm, tn in
                Self.grid(c).mark(starts: [i, j, k, l, m, n], sizes: [1, 1, 1, 1, tm, tn])
            }, context, 2, 2, 1, 3, 2, 9, 2, 4, 0)
        }
        #expect(g6.everyCellOnce)

        let g4 = Grid([5, 3, 4, 7])
        Self.run(g4, threads: threads) { pool, context in
            pthreadpool_parallelize_4d_tile_2d_with_uarch(pool, { c, uarch, i, j, k, l, tk, tl in
                Self.grid(c).mark(starts: [i, j, k, l], sizes: [1, 1, tk, tl], uarch: uarch)
            }, context, 2, 5, 5, 3, 4, 7, 3, 3, 0)
        }
        #expect(g4.everyCellOnce)
        #expect(g4.uarchSeen == [2])

        let g1 = Grid([13])
        Self.run(g1, threads: threads) { pool, context in
            pthreadpool_parallelize_1d_with_uarch(pool, { c, uarch, i in
                Self.grid(c).mark(starts: [i], sizes: [1], uarch: uarch)
            }, context, 7, 9, 13, 0)
        }
        #expect(g1.everyCellOnce)
        #expect(g1.uarchSeen == [7])
    }
}
#endif
