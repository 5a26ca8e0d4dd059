import Foundation
import Imaging
import VideoIO
import Locking

/// Draws overlays and encodes them into an MP4, each on its own thread, so that drawing and
/// encoding overlap each other and the task of the next frames.
///
/// The MP4 has the first frame's size. A later frame of another size (a video whose resolution
/// changes mid-stream) is drawn on at its own size, then scaled to fit the MP4's size with its
/// aspect ratio kept, centred between black bands where the aspect ratios differ (letterbox or
/// pillarbox), rather than restarting the encoder.
final class OverlayEncoder: @unchecked Sendable {
    private struct Job {
        var image: Image
        var output: TaskOutput
        var timestamp: Int
    }

    private let path: String
    private let framesPerSecond: Double
    private let drawQueue = BoundedQueue<Job>(capacity: 2)
    private let encodeQueue = BoundedQueue<(image: Image, timestamp: Int)>(capacity: 2)
    private let lock = Locked(())
    private var failure: (any Error)?
    private var writer: VideoWriter?
    private var threads: [WorkerThread] = []
    private var drawTime = Duration.zero
    private var encodeTime = Duration.zero

    /// Starts the threads; the MP4 is created at `path` (atomically, by ``finish()``) with the
    /// size of the first frame; `framesPerSecond` is the nominal rate written in it.
    init(path: String, framesPerSecond: Double) {
        self.path = path
        self.framesPerSecond = framesPerSecond
        threads.append(WorkerThread(name: "overlay drawing") { [self] in
            while var job = drawQueue.pop() {
                guard lock.withLock({ _ in failure == nil }) else { continue }  // drain after a failure
                let start = threadCPUTime()
                do {
                    // Drawn in place: the frame is no longer the task's (no copy unless someone else holds it).
                    try job.output.drawOverlay(&job.image)
                } catch {
                    record(error)
                    continue
                }
                let elapsed = threadCPUTime() - start
                lock.withLock { _ in drawTime += elapsed }
                encodeQueue.push((job.image, job.timestamp))
            }
            encodeQueue.close()
        })
        threads.append(WorkerThread(name: "overlay encoding") { [self] in
            while let frame = encodeQueue.pop() {
                guard lock.withLock({ _ in failure == nil }) else { continue }
                let start = threadCPUTime()
                do {
                    if writer == nil {
                        // The video's own colour space, so that its decoded frames go to the encoder as they are.
                        var options = Self.writerOptions
                        if frame.image.format.isYUV { options.yuvColorSpace = frame.image.yuvColorSpace }
                        writer = try VideoWriter(path: self.path, width: frame.image.width, height: frame.image.height,
                                                 framesPerSecond: self.framesPerSecond, options: options)
                    }
                    try writer?.append(frame.image, timestampMilliseconds: Double(frame.timestamp))
                } catch {
                    record(error)
                }
                let elapsed = threadCPUTime() - start
                lock.withLock { _ in encodeTime += elapsed }
            }
        })
    }

    /// H.264 with libx264's `ultrafast` preset at constant quantizer 20 (no per-frame rate-control
    /// analysis) on one thread (its own, which can share the core the task leaves free), so that
    /// encoding costs ~1.5–2.5 ms per 720p frame; files are ~3× the size `veryfast` would make.
    /// MPEG-4 when there is no H.264 encoder.
    /// Frames of another size than the first are scaled to fit (``VideoWriter/Options/fitsOtherSizes``).
    static let writerOptions = VideoWriter.Options(constantQuantizer: 20, h264Preset: "ultrafast", encoderThreads: 1,
                                                   fitsOtherSizes: true)

    private func record(_ error: any Error) {
        lock.withLock { _ in if failure == nil { failure = error } }
    }

    /// Queues a frame (waiting while the queue is full), which the drawing thread takes over and draws
    /// on in place, to be shown at `timestamp` milliseconds from the MP4's start (increasing);
    /// throws an earlier drawing or encoding error.
    func append(_ image: consuming Image, output: TaskOutput, timestamp: Int) throws {
        if let failure = lock.withLock({ _ in failure }) { throw failure }
        drawQueue.push(Job(image: consume image, output: output, timestamp: timestamp))
    }

    /// Draws and encodes the frames left, finishes the MP4 and renames it onto its path.
    /// - Returns: the CPU time spent drawing and encoding (the final flush counted as wall time).
    func finish() throws -> (draw: Duration, encode: Duration) {
        drawQueue.close()
        joinThreads()
        if let failure = lock.withLock({ _ in failure }) {
            writer?.cancel()
            throw failure
        }
        let start = ContinuousClock.now
        try writer?.finish()
        writer = nil
        let flush = ContinuousClock.now - start
        return lock.withLock { _ in (drawTime, encodeTime + flush) }
    }

    /// Stops without writing the MP4.
    func cancel() {
        drawQueue.cancel()
        encodeQueue.cancel()
        joinThreads()
        writer?.cancel()
        writer = nil
    }

    private func joinThreads() {
        for thread in threads { thread.join() }
        threads = []
    }

    deinit { cancel() }
}
