import TFLite
import VisionCore

/// MediaPipe's Face Detector task graph on our engine (docs/pipeline.md §3.4): the whole image, turned
/// upright by its orientation, letterboxed into the detector, decoded, merged by weighted NMS
/// (`minSuppressionThreshold`) and projected back to the input's pixel grid.
///
/// Not thread-safe: one call at a time.
public final class FaceDetectorGraph {
    public let options: FaceDetectorGraphOptions
    let detector: FaceDetectorModel
    /// The small-faces search, with `detectsSmallFaces`.
    var search: FaceSearch?

    /// - Parameter modelPath: a face detector `.tflite` (short range 128×128 or full range 192×192,
    ///   chosen by its input size) or a `face_landmarker.task` bundle (its `face_detector.tflite`).
    public init(modelPath: String, options: FaceDetectorGraphOptions) throws(PipelineError) {
        guard (0...1).contains(options.minDetectionConfidence) else {
            throw .invalidArgument("minDetectionConfidence \(options.minDetectionConfidence) is not in [0, 1]")
        }
        guard (0...1).contains(options.minSuppressionThreshold) else {
            throw .invalidArgument("minSuppressionThreshold \(options.minSuppressionThreshold) is not in [0, 1]")
        }
        if let maxResults = options.maxResults, maxResults <= 0 {
            throw .invalidArgument("maxResults \(maxResults) must be positive (or nil for all)")
        }
        let file = try ModelFile(path: modelPath)
        let model = try file.model(named: file.isBundle ? BundleMember.faceDetector : nil)
        detector = try FaceDetectorModel(model: model, path: modelPath, engine: options.engine)
        try SearchTilePlan.validate(minFaceSize: options.minFaceSize)
        search = options.detectsSmallFaces
            ? FaceSearch(detector: detector, minFaceSize: options.minFaceSize, mergeThreshold: options.minSuppressionThreshold)
            : nil
        self.options = options
    }

    /// Faces in the image, highest score first, in the input's pixel grid. With
    /// `detectsSmallFaces` every tile of the search runs on every call (the detector keeps no
    /// state between frames).
    public func detect(_ image: PipelineImage) throws(PipelineError) -> [PipelineDetection] {
        let prepared = try PreparedImage(image)
        var detections: [RelativeDetection]
        if search != nil {
            detections = try search!.detect(prepared, minScore: options.minDetectionConfidence, everyTile: true)
        } else {
            detections = try detector.detect(prepared.image, rect: prepared.fullImageRect,
                                             minScore: options.minDetectionConfidence,
                                             iouThreshold: options.minSuppressionThreshold)
        }
        if let maxResults = options.maxResults { detections = Array(detections.prefix(maxResults)) }
        return detections.map { detection in
            var d = detection
            if prepared.isMirrored {
                d.xmin = 1 - (detection.xmin + detection.width)
                d.keypoints = detection.keypoints.map { Point2(x: 1 - $0.x, y: $0.y) }
            }
            let box = d.pixelBoundingBox(imageWidth: prepared.width, imageHeight: prepared.height)
            return PipelineDetection(score: d.score,
                                     boundingBox: PixelBox(x: box.originX, y: box.originY, width: box.width, height: box.height),
                                     keypoints: d.keypoints.map { PipelinePoint(x: $0.x, y: $0.y) })
        }
    }
}
