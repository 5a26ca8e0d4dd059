import Foundation
import VisionPipeline

/// Finds faces and their 478 landmarks, optionally with 52 blendshape scores and the facial
/// transformation matrix: MediaPipe's FaceLandmarker with its iOS API.
///
/// Create it with a `face_landmarker.task` bundle, then call the detect method of its running
/// mode: ``detect(image:)``, ``detect(videoFrame:timestampInMilliseconds:)`` or
/// ``detectAsync(image:timestampInMilliseconds:)``. Landmarks are normalized to the input image
/// as stored (its orientation is applied internally, results are not rotated).
///
/// **Thread safety:** a landmarker is `Sendable`. Calls may come from any thread; they are
/// serialized internally (a lock), so concurrent synchronous calls run one after another, and in
/// video mode the timestamp check and the processing of a frame happen under the same lock.
/// Results are immutable and can be shared freely. In live-stream mode, `detectAsync` only
/// enqueues; processing and the delegate call happen on the landmarker's private serial queue.
///
/// **Beyond MediaPipe:** ``FaceLandmarkerOptions/detectsSmallFaces``,
/// ``FaceLandmarkerOptions/landmarkSmoothing``, ``reset()``, mirrored orientations and every
/// pixel format are supported; ``Delegate/GPU`` runs on the CPU.
public final class FaceLandmarker: NSObject, @unchecked Sendable {
    private let options: FaceLandmarkerOptions
    private let runner: VisionTaskRunner<[PipelineFace]>

    /// A landmarker in image mode with default options and the model at `modelPath`.
    public convenience init(modelPath: String) throws {
        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath
        try self.init(options: options)
    }

    /// A landmarker with a copy of `options`. Throws (domain `com.google.mediapipe.tasks`, see
    /// ``TasksErrorCode``) invalidArgumentError for a delegate that does not fit the running
    /// mode, an empty model path, a file that is not a usable model, or bad option values
    /// (`numFaces` < 1, a confidence outside [0, 1]); notFoundError when the model file does not
    /// exist or a bundle lacks the models the task needs (e.g. a pose bundle).
    public init(options: FaceLandmarkerOptions) throws {
        let options = options.copied()
        runner = try .loading(
            taskName: "faceLandmarker", runningMode: options.runningMode,
            hasLiveStreamDelegate: options.faceLandmarkerLiveStreamDelegate != nil, baseOptions: options.baseOptions,
            bundleMembers: ModelBundleCheck.faceLandmarkerMembers,
            graph: { path, engine throws(PipelineError) in
                var graphOptions = options.graphOptions
                graphOptions.engine = engine
                return try FaceLandmarkerGraph(modelPath: path, options: graphOptions)
            },
            process: { graph, image, timestamp throws(PipelineError) in
                try graph.process(image, timestampMilliseconds: timestamp)
            },
            reset: { $0.reset() })
        self.options = options
        super.init()
    }

    /// Finds faces in one image (``RunningMode/image`` only). Blocks until done. The result's
    /// timestamp is MediaPipe's synthetic one: 0, 1000, 2000, … ms for successive calls.
    public func detect(image: MPImage) throws -> FaceLandmarkerResult {
        let (faces, timestamp) = try runner.processImage(image.pipelineImage)
        return FaceLandmarkerResult(faces: faces, timestampInMilliseconds: timestamp)
    }

    /// Finds faces in one video frame (``RunningMode/video`` only), tracking them from the
    /// previous frames. `timestampInMilliseconds` must be greater than the previous frame's.
    /// Blocks until done.
    public func detect(videoFrame image: MPImage, timestampInMilliseconds: Int) throws -> FaceLandmarkerResult {
        let faces = try runner.processVideoFrame(image.pipelineImage, timestampInMilliseconds: timestampInMilliseconds)
        return FaceLandmarkerResult(faces: faces, timestampInMilliseconds: timestampInMilliseconds)
    }

    /// Sends one camera frame (``RunningMode/liveStream`` only) and returns at once; the result
    /// goes to ``FaceLandmarkerOptions/faceLandmarkerLiveStreamDelegate``. At most one frame is
    /// processed at a time and one waits; a newer frame replaces the waiting one, which gets no
    /// callback. Throws only for the immediate checks (mode, timestamp not increasing).
    public func detectAsync(image: MPImage, timestampInMilliseconds: Int) throws {
        try runner.submit(image.pipelineImage, timestampInMilliseconds: timestampInMilliseconds) { [weak self] outcome, timestamp in
            guard let self, let delegate = self.options.faceLandmarkerLiveStreamDelegate else { return }
            switch outcome {
            case .success(let faces):
                delegate.faceLandmarker(self, didFinishDetection: FaceLandmarkerResult(faces: faces, timestampInMilliseconds: timestamp),
                                        timestampInMilliseconds: timestamp, error: nil)
            case .failure(let error):
                delegate.faceLandmarker(self, didFinishDetection: nil, timestampInMilliseconds: timestamp, error: error)
            }
        }
    }

    /// VisionTasks extension: forgets the tracked faces, the smoothing state and the last
    /// timestamp, so the same landmarker can start a new video (timestamps may restart at 0).
    public func reset() {
        runner.reset()
    }

    /// The private serial queue on which live-stream results are delivered.
    package var callbackQueue: DispatchQueue { runner.callbackQueue }

    /// Live-stream flow-limiter counts, for tests.
    package var liveStreamCounters: LiveStreamCounters { runner.liveStreamCounters }
}

extension FaceLandmarkerOptions {
    var graphOptions: FaceLandmarkerGraphOptions {
        FaceLandmarkerGraphOptions(
            numFaces: numFaces,
            minFaceDetectionConfidence: minFaceDetectionConfidence,
            minFacePresenceConfidence: minFacePresenceConfidence,
            minTrackingConfidence: minTrackingConfidence,
            outputBlendshapes: outputFaceBlendshapes,
            outputTransformationMatrixes: outputFacialTransformationMatrixes,
            isStreaming: runningMode != .image,
            smoothing: landmarkSmoothing.pipelineSmoothing,
            detectsSmallFaces: detectsSmallFaces,
            minFaceSize: minFaceSizeInPixels,
            engine: baseOptions.interpreterOptions)
    }
}
