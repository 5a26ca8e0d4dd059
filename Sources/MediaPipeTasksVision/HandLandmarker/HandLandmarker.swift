import Foundation
import VisionPipeline

/// Finds hands, their 21 landmarks, world landmarks in metres and handedness: MediaPipe's
/// HandLandmarker with its iOS API.
///
/// Create it with a hand landmarker `.task` bundle (`hand_landmarker.task`, Google's or the one
/// `scripts/setup` assembles), then call the detect method of its running mode. Landmarks are
/// normalized to the input image as stored (its orientation is applied internally, results are
/// not rotated).
///
/// **Handedness** is MediaPipe's: "Right" or "Left" for the hand as it appears in the picture
/// given, as if the camera looked at the subject (a right hand held up to a rear camera is
/// "Right"). A selfie camera's mirrored frame passed as ``UIImage/Orientation/up`` shows each
/// hand as the other one, so its labels are swapped, exactly as with MediaPipe. Declare such a
/// frame mirrored (``UIImage/Orientation/upMirrored`` and the other mirrored orientations, which
/// MediaPipe refuses) and the picture is un-mirrored first: the labels then name the subject's own
/// hands and the landmarks stay in the stored frame's coordinates.
///
/// **Beyond MediaPipe:** ``HandLandmarkerOptions/findsEveryHand``, ``reset()``, mirrored
/// orientations and every pixel format are supported; ``Delegate/GPU`` runs on the CPU.
///
/// **Thread safety:** a landmarker is `Sendable`. Calls are serialized internally (a lock); in
/// video mode the timestamp check and the processing of a frame happen under the same lock.
/// Results are immutable. In live-stream mode, processing and the delegate call happen on the
/// landmarker's private serial queue.
public final class HandLandmarker: NSObject, @unchecked Sendable {
    private let options: HandLandmarkerOptions
    private let runner: VisionTaskRunner<[PipelineHand]>

    /// A landmarker in image mode with default options and the model at `modelPath`.
    public convenience init(modelPath: String) throws {
        let options = HandLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath
        try self.init(options: options)
    }

    /// A landmarker with a copy of `options`. Throws as ``FaceLandmarker/init(options:)``.
    public init(options: HandLandmarkerOptions) throws {
        let options = options.copied()
        runner = try .loading(
            taskName: "handLandmarker", runningMode: options.runningMode,
            hasLiveStreamDelegate: options.handLandmarkerLiveStreamDelegate != nil, baseOptions: options.baseOptions,
            bundleMembers: ModelBundleCheck.handLandmarkerMembers,
            graph: { path, engine throws(PipelineError) in
                var graphOptions = options.graphOptions
                graphOptions.engine = engine
                return try HandLandmarkerGraph(modelPath: path, options: graphOptions)
            },
            process: { graph, image, timestamp throws(PipelineError) in
                try graph.process(image, timestampMilliseconds: timestamp)
            },
            reset: { $0.reset() })
        self.options = options
        super.init()
    }

    /// Finds hands in one image (``RunningMode/image`` only). Blocks until done; the result's
    /// timestamp is the synthetic 0, 1000, 2000, … ms.
    public func detect(image: MPImage) throws -> HandLandmarkerResult {
        let (hands, timestamp) = try runner.processImage(image.pipelineImage)
        return HandLandmarkerResult(hands: hands, timestampInMilliseconds: timestamp)
    }

    /// Finds hands in one video frame (``RunningMode/video`` only), tracking them from the
    /// previous frames. Timestamps must increase. Blocks until done.
    public func detect(videoFrame image: MPImage, timestampInMilliseconds: Int) throws -> HandLandmarkerResult {
        let hands = try runner.processVideoFrame(image.pipelineImage, timestampInMilliseconds: timestampInMilliseconds)
        return HandLandmarkerResult(hands: hands, timestampInMilliseconds: timestampInMilliseconds)
    }

    /// Sends one camera frame (``RunningMode/liveStream`` only) and returns at once; see
    /// ``FaceLandmarker/detectAsync(image:timestampInMilliseconds:)`` for the flow rules.
    public func detectAsync(image: MPImage, timestampInMilliseconds: Int) throws {
        try runner.submit(image.pipelineImage, timestampInMilliseconds: timestampInMilliseconds) { [weak self] outcome, timestamp in
            guard let self, let delegate = self.options.handLandmarkerLiveStreamDelegate else { return }
            switch outcome {
            case .success(let hands):
                delegate.handLandmarker(self, didFinishDetection: HandLandmarkerResult(hands: hands, timestampInMilliseconds: timestamp),
                                        timestampInMilliseconds: timestamp, error: nil)
            case .failure(let error):
                delegate.handLandmarker(self, didFinishDetection: nil, timestampInMilliseconds: timestamp, error: error)
            }
        }
    }

    /// VisionTasks extension: forgets the tracked hands and the last timestamp, so the same
    /// landmarker can start a new video (timestamps may restart at 0).
    public func reset() {
        runner.reset()
    }

    /// The private serial queue on which live-stream results are delivered.
    package var callbackQueue: DispatchQueue { runner.callbackQueue }

    /// Live-stream flow-limiter counts, for tests.
    package var liveStreamCounters: LiveStreamCounters { runner.liveStreamCounters }
}

extension HandLandmarkerOptions {
    var graphOptions: HandLandmarkerGraphOptions {
        HandLandmarkerGraphOptions(
            numHands: numHands,
            minHandDetectionConfidence: minHandDetectionConfidence,
            minHandPresenceConfidence: minHandPresenceConfidence,
            minTrackingConfidence: minTrackingConfidence,
            isStreaming: runningMode != .image,
            findsEveryHand: findsEveryHand,
            minHandSize: minHandSizeInPixels,
            engine: baseOptions.interpreterOptions)
    }
}
