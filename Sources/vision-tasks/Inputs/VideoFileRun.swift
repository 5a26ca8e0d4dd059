import Imaging
import VideoIO

/// One video file (or, with `--running-mode`, a stream read frame by frame) through a
/// ``TaskProcessor``: every frame, in order, with the container's timestamps, optionally drawn
/// into an MP4 overlay. Decoding (``FramePrefetcher``) and drawing plus encoding
/// (``OverlayEncoder``) run on their own threads, so on a machine with a core to spare they add
/// little to the task's time.
///
/// Frames may change size mid-stream (joined clips): each goes to the task at its own size, the
/// task's tracking state is reset at every change (its regions of interest belong to the old
/// picture), and the overlay keeps the first frame's size, later frames scaled to fit it with
/// their aspect ratio kept (see ``OverlayEncoder``). The overlay's frame times follow the
/// container's (``OverlayTimeline``), not the task's strictly increasing timestamps, so it lasts
/// as long as the input. Every error names the video file.
struct VideoFileRun {
    /// How each frame is given to the task.
    enum Mode {
        /// Video running mode (the default): tracking across frames.
        case video
        /// Image running mode (`--running-mode image`): every frame on its own.
        case image
    }

    /// The video file.
    let path: String
    /// Where to write the overlay MP4, if wanted.
    let overlayPath: String?
    /// Whether an overlay cut short by an interruption, or by a video found damaged (whose error
    /// comes after its last decodable frame), is still finished (a single video) or discarded (a
    /// file of a folder, which is redone on resume).
    let keepsPartialOverlay: Bool
    /// The running mode of `processor`.
    var mode: Mode = .video

    /// Runs `processor` over the frames, handing each frame's JSON (with `timestampInMilliseconds`)
    /// to `emit` and calling `frameDone` after each. Checks for SIGINT/SIGTERM between frames.
    /// - Returns: the number of frames and where the time went.
    /// - Throws: ``Interrupted`` after a signal (frames so far were emitted), or the reader's,
    ///   task's or writer's error, whose message names the video file (else it is wrapped in an
    ///   ``InputError`` for it).
    @discardableResult
    func run(processor: any TaskProcessor, totalFrames: ((Int?) -> Void)? = nil,
             emit: (JSONValue) throws -> Void, frameDone: () -> Void = {}) throws -> VideoStageTimes {
        do {
            return try runFrames(processor: processor, totalFrames: totalFrames, emit: emit, frameDone: frameDone)
        } catch let error as Interrupted {
            throw error
        } catch {
            let message = readableMessage(of: error)
            if message.contains(path) { throw error }
            throw InputError(path: path, reason: message)
        }
    }

    private func runFrames(processor: any TaskProcessor, totalFrames: ((Int?) -> Void)?,
                           emit: (JSONValue) throws -> Void, frameDone: () -> Void) throws -> VideoStageTimes {
        var times = VideoStageTimes()
        let clock = ContinuousClock()
        var mark = clock.now
        /// Adds the time since the last mark to `stage`.
        func lap(_ stage: WritableKeyPath<VideoStageTimes, Duration>) {
            let now = clock.now
            times[keyPath: stage] += now - mark
            mark = now
        }
        // 8-bit 4:2:0 frames come as decoded (YUV), which an overlay draws on and encodes as it is,
        // and are converted to RGB on the task's thread, only where the task crops them
        // (docs/image-decoding.md §5), rather than whole on the decoding thread, which at 1080p
        // shares its core with the overlay's drawing and encoding.
        let overlays = overlayPath != nil
        let reader = try VideoReader(path: path, options: VideoReader.Options(decoderThreads: overlays ? 1 : 0, keepsYUV: overlays,
                                                                              defersRGBConversion: true))
        let framesPerSecond = Self.framesPerSecond(reader.info)
        totalFrames?(reader.info.frameCount)
        processor.reset()
        // Decoding, and drawing plus encoding, run on their own threads, overlapping the task.
        let frames = FramePrefetcher(reader: reader)
        defer { frames.stop() }
        let encoder = overlayPath.map { OverlayEncoder(path: $0, framesPerSecond: framesPerSecond) }
        var encoderFinished = false
        defer { if !encoderFinished { encoder?.cancel() } }
        var timestamps = TimestampClock()
        var overlayTimes = OverlayTimeline(framesPerSecond: framesPerSecond)
        var frameSize: (width: Int, height: Int)?
        var interrupted = false
        var damage: VideoError?
        lap(\.waiting)
        while let frame = Self.next(from: frames, damage: &damage) {
            lap(\.waiting)
            if InterruptSignal.shared.isRaised {
                interrupted = true
                break
            }
            let timestamp = timestamps.next(frame.timestampMilliseconds)
            let size = (width: frame.image.width, height: frame.image.height)
            if let previous = frameSize, previous != size, mode == .video {
                // Normalized regions of interest carried over from the old size mean nothing in the new one.
                processor.reset()
            }
            frameSize = size
            let taskStart = threadCPUTime()
            let output = switch mode {
            case .video: try processor.processVideoFrame(frame.image, timestampInMilliseconds: timestamp)
            case .image: try processor.processImage(frame.image)
            }
            times.taskCPU += threadCPUTime() - taskStart
            lap(\.task)
            if let encoder {
                // The frame is let go first, so that the drawing thread owns its pixels and draws on
                // them in place (no copy).
                let picture = frame.yuvImage ?? frame.image
                let overlayTime = overlayTimes.next(frame.timestampMilliseconds)
                _ = consume frame
                try encoder.append(consume picture, output: output, timestamp: overlayTime)
            }
            lap(\.waiting)
            try emit(output.json.addingTimestamp(timestamp))
            times.frames += 1
            frameDone()
            lap(\.output)
        }
        frames.stop()
        times.decode += frames.decodeDuration
        if !keepsPartialOverlay {  // the deferred cancel drops the overlay
            if let damage { throw damage }
            if interrupted { throw Interrupted() }
        }
        if let encoder {
            encoderFinished = true
            do {
                let (draw, encode) = try encoder.finish()
                times.draw = draw
                times.encode = encode
            } catch {
                // For a damaged video, the damage is the error to report.
                if damage == nil { throw error }
            }
            lap(\.waiting)
        }
        if let damage { throw damage }
        if interrupted { throw Interrupted() }
        if times.frames == 0 { throw InputError(path: path, reason: "the video has no frames") }
        return times
    }

    /// The next frame, or nil at the end of the video or when the reader fails, whose error is then
    /// kept in `damage` (to be thrown once the frames so far are dealt with).
    private static func next(from frames: FramePrefetcher, damage: inout VideoError?) -> VideoFrame? {
        do {
            return try frames.next()
        } catch {
            damage = error
            return nil
        }
    }

    /// The container's frame rate when it is usable, else 30.
    static func framesPerSecond(_ info: VideoStreamInfo) -> Double {
        guard let rate = info.framesPerSecond, rate.isFinite, rate > 0, rate <= 1000 else { return 30 }
        return rate
    }
}

/// Where a video run's wall time went, summed over its frames.
struct VideoStageTimes {
    var frames = 0
    /// Opening, demuxing, decoding and converting to RGB (CPU time of the decoding thread, and of
    /// the calling thread's conversions when an overlay defers them there).
    var decode = Duration.zero
    /// The task's call (wall time; with `taskCPU`, its CPU time on the calling thread).
    var task = Duration.zero
    var taskCPU = Duration.zero
    /// Drawing the overlay (CPU time of the encoding thread).
    var draw = Duration.zero
    /// Encoding and writing the overlay MP4 (CPU time of the encoding thread, plus the final flush).
    var encode = Duration.zero
    /// Writing the JSON line and progress.
    var output = Duration.zero
    /// Waiting on the calling thread for the decoding thread (a frame) or the encoding thread
    /// (room in its queue, and the final flush).
    var waiting = Duration.zero

    /// `"per frame: task 38.0 ms, output 0.5 ms, waiting 0.2 ms; CPU time: task 37.5 ms, decode 2.1 ms, ..."`
    /// (wall times on the calling thread, then CPU times of each stage on its own thread)
    /// (stages that took no time are left out).
    var perFrameSummary: String {
        let count = Double(max(1, frames))
        func list(_ stages: [(String, Duration)]) -> String {
            stages.filter { $0.1 > .zero }.map { name, duration in
                "\(name) \(formatMilliseconds(milliseconds(duration) / count)) ms"
            }.joined(separator: ", ")
        }
        return "per frame: " + list([("task", task), ("output", output), ("waiting", waiting)])
            + "; CPU time: " + list([("task", taskCPU), ("decode", decode), ("draw", draw), ("encode", encode)])
    }
}

/// Whole-millisecond timestamps that strictly increase, as the tasks require, from container times
/// that may repeat after rounding or (in broken files) go backwards: such a frame gets the previous
/// timestamp plus 1 ms.
struct TimestampClock {
    private var last: Int?

    mutating func next(_ milliseconds: Double) -> Int {
        var value = milliseconds.isFinite ? Int(milliseconds.rounded().clamped(to: -9e15...9e15)) : (last ?? -1) + 1
        if let last, value <= last { value = last + 1 }
        last = value
        return value
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

extension JSONValue {
    /// This object with `timestampInMilliseconds` first, unless it already has the key (the
    /// landmarkers' results do; the detectors' get it for video frames and streams).
    func addingTimestamp(_ milliseconds: Int) -> JSONValue {
        guard case .object(let members) = self, !members.contains(where: { $0.key == "timestampInMilliseconds" }) else {
            return self
        }
        return prepending("timestampInMilliseconds", .number(milliseconds))
    }
}
