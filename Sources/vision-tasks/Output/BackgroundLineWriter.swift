import Locking

/// Serializes and writes JSON lines on its own thread, in order, so a video's task thread does not
/// wait for them. ``finish()`` writes what is queued and reports the first write error.
final class BackgroundLineWriter: @unchecked Sendable {
    private let sink: JSONLinesSink
    private let queue = BoundedQueue<JSONValue>(capacity: 16)
    private let lock = Locked(())
    private var failure: OutputError?
    private var thread: WorkerThread?

    init(sink: JSONLinesSink) {
        self.sink = sink
        thread = WorkerThread(name: "JSON output") { [self] in
            while let value = queue.pop() {
                guard lock.withLock({ _ in failure == nil }) else { continue }
                do throws(OutputError) {
                    try sink.write(value)
                } catch {
                    lock.withLock { _ in failure = error }
                }
            }
        }
    }

    /// Queues `value` (waiting while 16 are queued); throws an earlier write error.
    func write(_ value: JSONValue) throws(OutputError) {
        if let failure = lock.withLock({ _ in failure }) { throw failure }
        queue.push(value)
    }

    /// Writes the lines left and stops the thread; throws the first write error.
    func finish() throws(OutputError) {
        queue.close()
        thread?.join()
        thread = nil
        if let failure = lock.withLock({ _ in failure }) { throw failure }
    }

    deinit {
        queue.close()
        thread?.join()
    }
}
