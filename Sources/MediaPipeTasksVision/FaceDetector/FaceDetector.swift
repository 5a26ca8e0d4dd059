import Foundation
import VisionPipeline

/// Finds faces with MediaPipe's BlazeFace detector (FaceDetector task, iOS API): a box, a score
/// and 6 keypoints per face.
///
/// Takes the short-range model (`face_detection_short_range.tflite`, 128×128, faces within about
/// 2 m), the full-range model (`face_detection_full_range_sparse.tflite`, 192×192, chosen by its
/// input size) or a `face_landmarker.task` bundle (its detector). Boxes are in pixels and keypoints
/// normalized, both in the input image as stored. With ``FaceDetectorOptions/detectsSmallFaces``
/// (beyond MediaPipe) the model runs over a pyramid of tiles and finds faces by their size in
/// pixels.
///
/// **Thread safety:** a detector is `Sendable`; calls are serialized internally (a lock);
/// results are immutable. In live-stream mode, processing and the delegate call happen on the
/// detector's private serial queue.
///
/// The detector keeps no state between frames: video mode only checks that timestamps increase.
public final class FaceDetector: NSObject, @unchecked Sendable {
    private let options: FaceDetectorOptions
    private let runner: VisionTaskRunner<[PipelineDetection]>

    /// A detector in image mode with default options and the model at `modelPath`.
    public convenience init(modelPath: String) throws {
        let options = FaceDetectorOptions()
        options.baseOptions.modelAssetPath = modelPath
        try self.init(options: options)
    }

    /// A detector with a copy of `options`. Throws as ``FaceLandmarker/init(options:)``.
    public init(options: FaceDetectorOptions) throws {
        let options = options.copied()
        runner = try .loading(
            taskName: "faceDetector", runningMode: options.runningMode,
            hasLiveStreamDelegate: options.faceDetectorLiveStreamDelegate != nil, baseOptions: options.baseOptions,
            bundleMembers: ModelBundleCheck.faceDetectorMembers,
            graph: { path, engine throws(PipelineError) in
                var graphOptions = options.graphOptions
                graphOptions.engine = engine
                return try FaceDetectorGraph(modelPath: path, options: graphOptions)
            },
            process: { graph, image, _ throws(PipelineError) in try graph.detect(image) })
        self.options = options
        super.init()
    }

    /// Finds faces in one image (``RunningMode/image`` only). Blocks until done; the result's
    /// timestamp is the synthetic 0, 1000, 2000, … ms.
    public func detect(image: MPImage) throws -> FaceDetectorResult {
        let (detections, timestamp) = try runner.processImage(image.pipelineImage)
        return FaceDetectorResult(pipelineDetections: detections, timestampInMilliseconds: timestamp)
    }

    /// Finds faces in one video frame (``RunningMode/video`` only); timestamps must increase.
    public func detect(videoFrame image: MPImage, timestampInMilliseconds: Int) throws -> FaceDetectorResult {
        let detections = try runner.processVideoFrame(image.pipelineImage, timestampInMilliseconds: timestampInMilliseconds)
        return FaceDetectorResult(pipelineDetections: detections, timestampInMilliseconds: timestampInMilliseconds)
    }

    /// Sends one camera frame (``RunningMode/liveStream`` only) and returns at once; see
    /// ``FaceLandmarker/detectAsync(image:timestampInMilliseconds:)`` for the flow rules.
    public func detectAsync(image: MPImage, timestampInMilliseconds: Int) throws {
        try runner.submit(image.pipelineImage, timestampInMilliseconds: timestampInMilliseconds) { [weak self] outcome, timestamp in
            guard let self, let delegate = self.options.faceDetectorLiveStreamDelegate else { return }
            switch outcome {
            case .success(let detections):
                delegate.faceDetector(self, didFinishDetection: FaceDetectorResult(pipelineDetections: detections,
                                                                                   timestampInMilliseconds: timestamp),
                                      timestampInMilliseconds: timestamp, error: nil)
            case .failure(let error):
                delegate.faceDetector(self, didFinishDetection: nil, timestampInMilliseconds: timestamp, error: error)
            }
        }
    }

    /// VisionTasks extension: forgets the last timestamp (the detector has no other state).
    public func reset() {
        runner.reset()
    }

    /// The private serial queue on which live-stream results are delivered.
    package var callbackQueue: DispatchQueue { runner.callbackQueue }

    /// Live-stream flow-limiter counts, for tests.
    package var liveStreamCounters: LiveStreamCounters { runner.liveStreamCounters }
}

extension FaceDetectorOptions {
    var graphOptions: FaceDetectorGraphOptions {
        FaceDetectorGraphOptions(minDetectionConfidence: minDetectionConfidence,
                                 minSuppressionThreshold: minSuppressionThreshold,
                                 detectsSmallFaces: detectsSmallFaces, minFaceSize: minFaceSizeInPixels,
                                 engine: baseOptions.interpreterOptions)
    }
}
