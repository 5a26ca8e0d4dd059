/// MediaPipe's face detector graph on our engine. Not thread-safe: one call at a time.
public final class FaceDetectorGraph {
    public let options: FaceDetectorGraphOptions

    /// - Parameter modelPath: a face detector `.tflite` (short range 128×128 or full range 192×192,
    ///   chosen by its input size) or a `face_landmarker.task` bundle.
    public init(modelPath: String, options: FaceDetectorGraphOptions) throws(PipelineError) {
        self.options = options
        throw .notImplemented("FaceDetectorGraph")
    }

    /// Faces in the image, highest score first, in the input's pixel grid.
    public func detect(_ image: PipelineImage) throws(PipelineError) -> [PipelineDetection] {
        throw .notImplemented("FaceDetectorGraph.detect")
    }
}
