import Foundation
import VisionPipeline

/// Finds people and their 33 body landmarks, world landmarks in metres and optional segmentation
/// masks: MediaPipe's PoseLandmarker with its iOS API.
///
/// Create it with a pose landmarker `.task` bundle (`pose_landmarker_full.task` or an official
/// bundle), then call the detect method of its running mode. Landmarks are normalized to the
/// input image as stored (its orientation is applied internally, results are not rotated).
///
/// **Thread safety:** a landmarker is `Sendable`. Calls are serialized internally (a lock); in
/// video mode the timestamp check and the processing of a frame happen under the same lock.
/// Results are immutable. In live-stream mode, processing and the delegate call happen on the
/// landmarker's private serial queue.
///
/// **Beyond MediaPipe:** ``PoseLandmarkerOptions/findsEveryPerson``,
/// ``PoseLandmarkerOptions/landmarkSmoothing``, ``reset()``, mirrored orientations and every pixel
/// format are supported; ``Delegate/GPU`` runs on the CPU.
public final class PoseLandmarker: NSObject, @unchecked Sendable {
    private let options: PoseLandmarkerOptions
    private let runner: VisionTaskRunner<[PipelinePose]>

    /// The 35 lines of the BlazePose skeleton (a class property, as on iOS).
    public static var poseLandmarks: [Connection] { Connection.list(LandmarkConnectionTables.pose) }

    /// A landmarker in image mode with default options and the model at `modelPath`.
    public convenience init(modelPath: String) throws {
        let options = PoseLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath
        try self.init(options: options)
    }

    /// A landmarker with a copy of `options`. Throws as ``FaceLandmarker/init(options:)``.
    public init(options: PoseLandmarkerOptions) throws {
        let options = options.copied()
        runner = try .loading(
            taskName: "poseLandmarker", runningMode: options.runningMode,
            hasLiveStreamDelegate: options.poseLandmarkerLiveStreamDelegate != nil, baseOptions: options.baseOptions,
            bundleMembers: ModelBundleCheck.poseLandmarkerMembers,
            graph: { path, engine throws(PipelineError) in
                var graphOptions = options.graphOptions
                graphOptions.engine = engine
                return try PoseLandmarkerGraph(modelPath: path, options: graphOptions)
            },
            process: { graph, image, timestamp throws(PipelineError) in
                try graph.process(image, timestampMilliseconds: timestamp)
            },
            reset: { $0.reset() })
        self.options = options
        super.init()
    }

    /// Finds poses in one image (``RunningMode/image`` only). Blocks until done; the result's
    /// timestamp is the synthetic 0, 1000, 2000, … ms.
    public func detect(image: MPImage) throws -> PoseLandmarkerResult {
        let (poses, timestamp) = try runner.processImage(image.pipelineImage)
        return PoseLandmarkerResult(poses: poses, timestampInMilliseconds: timestamp)
    }

    /// Finds poses in one video frame (``RunningMode/video`` only), tracking them from the
    /// previous frames. Timestamps must increase. Blocks until done.
    public func detect(videoFrame image: MPImage, timestampInMilliseconds: Int) throws -> PoseLandmarkerResult {
        let poses = try runner.processVideoFrame(image.pipelineImage, timestampInMilliseconds: timestampInMilliseconds)
        return PoseLandmarkerResult(poses: poses, timestampInMilliseconds: timestampInMilliseconds)
    }

    /// Sends one camera frame (``RunningMode/liveStream`` only) and returns at once; see
    /// ``FaceLandmarker/detectAsync(image:timestampInMilliseconds:)`` for the flow rules.
    public func detectAsync(image: MPImage, timestampInMilliseconds: Int) throws {
        try runner.submit(image.pipelineImage, timestampInMilliseconds: timestampInMilliseconds) { [weak self] outcome, timestamp in
            guard let self, let delegate = self.options.poseLandmarkerLiveStreamDelegate else { return }
            switch outcome {
            case .success(let poses):
                delegate.poseLandmarker(self, didFinishDetection: PoseLandmarkerResult(poses: poses, timestampInMilliseconds: timestamp),
                                        timestampInMilliseconds: timestamp, error: nil)
            case .failure(let error):
                delegate.poseLandmarker(self, didFinishDetection: nil, timestampInMilliseconds: timestamp, error: error)
            }
        }
    }

    /// VisionTasks extension: forgets the tracked poses, the smoothing state and the last
    /// timestamp, so the same landmarker can start a new video (timestamps may restart at 0).
    public func reset() {
        runner.reset()
    }

    /// The private serial queue on which live-stream results are delivered.
    package var callbackQueue: DispatchQueue { runner.callbackQueue }

    /// Live-stream flow-limiter counts, for tests.
    package var liveStreamCounters: LiveStreamCounters { runner.liveStreamCounters }
}

extension PoseLandmarkerOptions {
    var graphOptions: PoseLandmarkerGraphOptions {
        PoseLandmarkerGraphOptions(
            numPoses: numPoses,
            minPoseDetectionConfidence: minPoseDetectionConfidence,
            minPosePresenceConfidence: minPosePresenceConfidence,
            minTrackingConfidence: minTrackingConfidence,
            outputSegmentationMasks: shouldOutputSegmentationMasks,
            isStreaming: runningMode != .image,
            smoothing: landmarkSmoothing.pipelineSmoothing,
            findsEveryPerson: findsEveryPerson,
            detectorRotation: correctsRotatedInputs ? .undone : .mediaPipe,
            engine: baseOptions.interpreterOptions)
    }
}
