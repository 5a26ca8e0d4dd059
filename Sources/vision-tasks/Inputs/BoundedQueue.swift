import Foundation

/// A first-in-first-out hand-over between two threads that holds at most `capacity` items:
/// `push` waits while it is full, `pop` while it is empty. ``close()`` ends it: `pop` returns the
/// items left, then `nil`; `push` returns false.
final class BoundedQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Adds `item`, waiting for room; false if the queue was closed.
    @discardableResult
    func push(_ item: consuming Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        // Moved in, so the taker is its only owner (and can mutate it without a copy).
        items.append(consume item)
        condition.broadcast()
        return true
    }

    /// The oldest item, waiting for one; `nil` once the queue is closed and empty.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        guard !items.isEmpty else { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// Ends the queue; wakes every waiting thread.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the queue and drops the items left.
    func cancel() {
        condition.lock()
        closed = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// Runs `body` on a new thread with a stack large enough for the inference code; ``join()`` waits
/// for it.
///
/// These threads serve the thread that runs the task (decoding ahead, drawing, encoding, writing
/// output), so they run at a lower priority (nice 10 on Linux by default): on a machine with fewer
/// free cores than threads, the task, which everything else waits for, keeps its core (a 720p face
/// overlay: 5.25 instead of 5.9 ms per frame on 2 cores). A thread that feeds the task (decoding)
/// takes a smaller `niceness` than those that only consume its results, which queues absorb.
final class WorkerThread: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)

    init(name: String, niceness: Int32 = 10, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [finished] in
            Platform.lowerCallingThreadPriority(by: niceness)
            body()
            finished.signal()
        }
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
    }

    func join() { finished.wait() }
}
