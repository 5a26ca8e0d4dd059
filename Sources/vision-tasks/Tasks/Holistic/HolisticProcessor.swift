import Dispatch
import Foundation
import Imaging
import Locking
import MediaPipeTasksVision
import VisionPipeline

/// Runs the pose, face and hand landmarkers (the public API) on each frame and assembles people
/// from their results (`VisionPipeline.PersonAssembly`, docs/pipeline.md §13).
///
/// Images use the three tasks' image mode, videos their video mode. Live frames run in video mode
/// on a queue of the processor's own, with MediaPipe's flow rule (``Locking/LatestFrameLimiter``):
/// one frame in work, one waiting, a newer frame replaces the waiting one.
final class HolisticProcessor: TaskProcessor, @unchecked Sendable {
    private struct LiveFrame: @unchecked Sendable {
        var image: Image
        var timestamp: Int
    }

    private let pose: PoseLandmarker
    private let face: FaceLandmarker
    private let hand: HandLandmarker
    private let sink: TaskLiveStreamSink?
    private let limiter = LatestFrameLimiter<LiveFrame>()
    private let replacedWaiting = Locked(0)
    private let inFlight = DispatchGroup()
    private let queue = DispatchQueue(label: "vision-tasks.holistic")

    init(pose: PoseLandmarkerOptions, face: FaceLandmarkerOptions, hand: HandLandmarkerOptions,
         runningMode: TaskRunningMode) throws {
        let mode: RunningMode
        switch runningMode {
        case .image: mode = .image
        case .video: mode = .video
        case .liveStream: mode = .video
        }
        pose.runningMode = mode
        face.runningMode = mode
        hand.runningMode = mode
        self.pose = try PoseLandmarker(options: pose)
        self.face = try FaceLandmarker(options: face)
        self.hand = try HandLandmarker(options: hand)
        if case .liveStream(let sink) = runningMode { self.sink = sink } else { sink = nil }
    }

    func processImage(_ image: Image) throws -> TaskOutput {
        let picture = try MPImage(image: image)
        return HolisticResult(pose: try pose.detect(image: picture), face: try face.detect(image: picture),
                              hand: try hand.detect(image: picture), width: image.width, height: image.height).taskOutput
    }

    func processVideoFrame(_ image: Image, timestampInMilliseconds: Int) throws -> TaskOutput {
        let picture = try MPImage(image: image)
        let t = timestampInMilliseconds
        return HolisticResult(pose: try pose.detect(videoFrame: picture, timestampInMilliseconds: t),
                              face: try face.detect(videoFrame: picture, timestampInMilliseconds: t),
                              hand: try hand.detect(videoFrame: picture, timestampInMilliseconds: t),
                              width: image.width, height: image.height).taskOutput
    }

    func submitLiveFrame(_ image: Image, timestampInMilliseconds: Int) throws {
        guard sink != nil else { throw LiveStreamModeRequired() }
        let admission = limiter.offer(LiveFrame(image: image, timestamp: timestampInMilliseconds))
        if admission == .waits(droppedOne: true) { replacedWaiting.withLock { $0 += 1 } }
        guard admission == .startNow else { return }
        inFlight.enter()
        queue.async { [self] in run(LiveFrame(image: image, timestamp: timestampInMilliseconds)) }
    }

    /// Processes live frames on the queue until none waits.
    private func run(_ first: LiveFrame) {
        var frame: LiveFrame? = first
        while let current = frame {
            sink?(Result { try processVideoFrame(current.image, timestampInMilliseconds: current.timestamp) }, current.timestamp)
            frame = limiter.next()
        }
        inFlight.leave()
    }

    func finishLiveStream() {
        inFlight.wait()
    }

    var droppedLiveFrames: Int { replacedWaiting.withLock { $0 } }

    func reset() {
        finishLiveStream()
        pose.reset()
        face.reset()
        hand.reset()
    }
}
