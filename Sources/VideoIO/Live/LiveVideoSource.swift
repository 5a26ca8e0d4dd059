#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

/// Live-stream reading: a background thread decodes a stream, URL or capture device as fast as it
/// arrives, so that a consumer that is busy (running a model) always gets the most recent frame and
/// the frames that arrived meanwhile are dropped, as MediaPipe's live-stream mode does.
///
/// ```swift
/// let live = try LiveVideoSource(path: "/dev/video0")
/// while let frame = try live.nextFrame() { process(frame) }   // ends at end of stream or stop()
/// ```
///
/// The end of a stream loses nothing: the frames not yet taken when it ends (up to
/// ``backlogLimit``, e.g. those a decoder holds back until its input ends and then hands out all at
/// once) are all returned, oldest first, before `nil`.
///
/// A file is read as fast as it decodes (not at its frame rate), so most of its frames are dropped;
/// use ``VideoReader`` for files.
public final class LiveVideoSource: @unchecked Sendable {
    /// What the container says about the video stream.
    public let info: VideoStreamInfo
    private let slot: LatestFrameSlot
    private let reader: VideoReader
    private let stopFlag = StopFlag()
    private var thread: pthread_t?
    private let joinLock = Locked(())

    /// Opens `path` (see ``VideoReader/init(path:options:)``) on the calling thread, then starts
    /// decoding in the background. `backlogLimit` (at least 1) is the most frames kept for the
    /// end of the stream.
    public init(path: String, options: VideoReader.Options = .init(), backlogLimit: Int = 8) throws(VideoError) {
        slot = LatestFrameSlot(backlogLimit: max(1, backlogLimit))
        reader = try VideoReader(path: path, options: options)
        info = reader.info
        let job = ProducerJob(reader: reader, slot: slot, stop: stopFlag)
        let context = Unmanaged.passRetained(job).toOpaque()
        var handle = pthread_t()
        let created = pthread_create(&handle, nil, { argument in
            guard let argument else { return nil }
            let job = Unmanaged<ProducerJob>.fromOpaque(argument).takeRetainedValue()
            job.run()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<ProducerJob>.fromOpaque(context).release()
            throw .ffmpeg("\(path): cannot start the decoding thread (error \(created))")
        }
        thread = handle
    }

    /// While the stream lasts, the newest decoded frame not yet returned (waiting for one if
    /// needed; the older ones are dropped). Once it has ended, each frame still kept, oldest first,
    /// then `nil`; after ``stop()``, only the newest. Rethrows the decoding thread's error once,
    /// after the kept frames. Frame ``VideoFrame/index`` values show which frames were skipped.
    public func nextFrame() throws(VideoError) -> VideoFrame? { try slot.take() }

    /// The most frames kept for the end of the stream.
    public var backlogLimit: Int { slot.backlogLimit }

    /// Whether decoding has finished (the end of the stream, an error or ``stop()``); the frames
    /// still kept are returned by ``nextFrame()`` before `nil`.
    public var hasEnded: Bool { slot.hasEnded }

    /// Frames returned by ``nextFrame()`` so far, and frames dropped because a newer one arrived
    /// before they were taken. Every decoded frame is one of these once ``nextFrame()`` has
    /// returned `nil`.
    public var frameCounts: (delivered: Int, dropped: Int) { slot.counts }

    /// Stops decoding (also aborting a blocking read) and waits for the thread to end. Afterwards
    /// ``nextFrame()`` returns the frame still pending, if any, then `nil`. Safe to call from any
    /// thread, more than once (e.g. from a SIGINT handler's task).
    public func stop() {
        stopFlag.set()
        slot.stop()
        reader.interrupt()
        joinLock.withLock { _ in
            if let thread {
                pthread_join(thread, nil)
                self.thread = nil
            }
        }
    }

    deinit { stop() }
}

/// The background thread's work: read until the end, an error, or a stop request.
private final class ProducerJob: @unchecked Sendable {
    let reader: VideoReader
    let slot: LatestFrameSlot
    let stop: StopFlag

    init(reader: VideoReader, slot: LatestFrameSlot, stop: StopFlag) {
        self.reader = reader
        self.slot = slot
        self.stop = stop
    }

    func run() {
        do {
            while !stop.isSet, let frame = try reader.nextFrame() { slot.put(frame, endOfInput: reader.isDraining) }
            slot.close(.success(()))
        } catch {
            slot.close(stop.isSet ? .success(()) : .failure(error))
        }
    }
}

/// A flag set once from any thread.
final class StopFlag: Sendable {
    private let value = Locked(false)

    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
