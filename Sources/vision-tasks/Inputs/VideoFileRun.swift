import Imaging
import VideoIO

/// One video file (or, with `--running-mode`, a stream read frame by frame) through a
/// ``TaskProcessor``: every frame, in order, with the container's timestamps, optionally drawn
/// into an MP4 overlay.
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
    /// Whether an overlay cut short by an interruption is still finished (a single video) or
    /// discarded (a file of a folder, which is redone on resume).
    let keepsPartialOverlay: Bool
    /// The running mode of `processor`.
    var mode: Mode = .video

    /// Runs `processor` over the frames, handing each frame's JSON (with `timestampInMilliseconds`)
    /// to `emit` and calling `frameDone` after each. Checks for SIGINT/SIGTERM between frames.
    /// - Returns: the number of frames and where the time went.
    /// - Throws: ``Interrupted`` after a signal (frames so far were emitted), or the reader's,
    ///   task's or writer's error.
    @discardableResult
    func run(processor: any TaskProcessor, totalFrames: ((Int?) -> Void)? = nil,
             emit: (JSONValue) throws -> Void, frameDone: () -> Void = {}) throws -> VideoStageTimes {
        var times = VideoStageTimes()
        let clock = ContinuousClock()
        var mark = clock.now
        /// Adds the time since the last mark to `stage`.
        func lap(_ stage: WritableKeyPath<VideoStageTimes, Duration>) {
            let now = clock.now
            times[keyPath: stage] += now - mark
            mark = now
        }
        let reader = try VideoReader(path: path)
        totalFrames?(reader.info.frameCount)
        processor.reset()
        var writer: VideoWriter?
        defer { writer?.cancel() }  // only a writer not finished below
        var timestamps = TimestampClock()
        var interrupted = false
        lap(\.decode)
        while let frame = try reader.nextFrame() {
            lap(\.decode)
            if InterruptSignal.shared.isRaised {
                interrupted = true
                break
            }
            let timestamp = timestamps.next(frame.timestampMilliseconds)
            let output = switch mode {
            case .video: try processor.processVideoFrame(frame.image, timestampInMilliseconds: timestamp)
            case .image: try processor.processImage(frame.image)
            }
            lap(\.task)
            if let overlayPath {
                if writer == nil {
                    writer = try VideoWriter(path: overlayPath, width: frame.image.width, height: frame.image.height,
                                             framesPerSecond: Self.framesPerSecond(reader.info))
                }
                var canvas = frame.image
                try output.drawOverlay(&canvas)
                lap(\.draw)
                try writer?.append(canvas, timestampMilliseconds: Double(timestamp))
                lap(\.encode)
            }
            try emit(output.json.addingTimestamp(timestamp))
            times.frames += 1
            frameDone()
            lap(\.output)
        }
        if interrupted, !keepsPartialOverlay { throw Interrupted() }  // the deferred cancel drops the overlay
        if let finishing = writer {
            writer = nil
            try finishing.finish()
            lap(\.encode)
        }
        if interrupted { throw Interrupted() }
        if times.frames == 0 { throw InputError(path: path, reason: "the video has no frames") }
        return times
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
    /// Opening, demuxing, decoding and converting to RGB.
    var decode = Duration.zero
    /// The task's call.
    var task = Duration.zero
    /// Drawing the overlay.
    var draw = Duration.zero
    /// Encoding and writing the overlay MP4 (including the final flush).
    var encode = Duration.zero
    /// Writing the JSON line and progress.
    var output = Duration.zero

    /// `"per frame: decode 2.1 ms, task 38.0 ms, ..."` (stages that took no time are left out).
    var perFrameSummary: String {
        let count = Double(max(1, frames))
        let stages: [(String, Duration)] = [("decode", decode), ("task", task), ("draw", draw), ("encode", encode), ("output", output)]
        return "per frame: " + stages.filter { $0.1 > .zero }.map { name, duration in
            "\(name) \(formatMilliseconds(milliseconds(duration) / count)) ms"
        }.joined(separator: ", ")
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
