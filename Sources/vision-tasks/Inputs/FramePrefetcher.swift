import Foundation
import Imaging
import VideoIO
import Locking

/// Decodes a video on its own thread, up to a few frames ahead of the task, so decoding overlaps
/// the task instead of adding to it.
final class FramePrefetcher: @unchecked Sendable {
    private enum Item {
        case frame(VideoFrame)
        case failure(VideoError)
    }

    private let queue = BoundedQueue<Item>(capacity: 3)
    private let stopLock = Locked(())
    private var stopped = false
    private var thread: WorkerThread?
    /// CPU time spent decoding, on the decoding thread.
    private(set) var decodeTime = Duration.zero

    /// Starts reading `reader` (which must not be used elsewhere any more).
    init(reader: VideoReader) {
        let box = UncheckedSendable(reader)
        // Ahead of drawing and encoding, which only need to keep up on average (a 720p face
        // overlay on 2 cores: ~5 % faster than at their priority).
        thread = WorkerThread(name: "video decoding", niceness: 5) { [self] in
            while !stopLock.withLock({ _ in stopped }) {
                let start = threadCPUTime()
                let item: Item?
                do throws(VideoError) {
                    item = try box.value.nextFrame().map(Item.frame)
                } catch {
                    item = .failure(error)
                }
                let elapsed = threadCPUTime() - start
                stopLock.withLock { _ in decodeTime += elapsed }
                guard let item else { break }
                guard queue.push(item) else { break }
                if case .failure = item { break }
            }
            queue.close()
        }
    }

    /// The next frame, `nil` at the end, or the reader's error.
    func next() throws(VideoError) -> VideoFrame? {
        switch queue.pop() {
        case .frame(let frame)?: return frame
        case .failure(let error)?: throw error
        case nil: return nil
        }
    }

    /// Stops decoding and waits for the thread (frames not taken are dropped).
    func stop() {
        stopLock.withLock { _ in stopped = true }
        queue.cancel()
        thread?.join()
        thread = nil
    }

    var decodeDuration: Duration { stopLock.withLock { _ in decodeTime } }

    deinit { stop() }
}
