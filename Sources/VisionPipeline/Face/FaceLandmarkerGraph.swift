/// MediaPipe's face landmarker graph on our engine. Not thread-safe: one call at a time.
public final class FaceLandmarkerGraph {
    public let options: FaceLandmarkerGraphOptions

    /// - Parameter modelPath: a `face_landmarker.task` bundle.
    public init(modelPath: String, options: FaceLandmarkerGraphOptions) throws(PipelineError) {
        self.options = options
        throw .notImplemented("FaceLandmarkerGraph")
    }

    /// Faces in the image. `timestampMilliseconds` is used only while streaming (the caller
    /// guarantees it increases).
    public func process(_ image: PipelineImage, timestampMilliseconds: Int) throws(PipelineError) -> [PipelineFace] {
        throw .notImplemented("FaceLandmarkerGraph.process")
    }

    /// Forgets tracking and smoothing state (a new video).
    public func reset() {}
}
