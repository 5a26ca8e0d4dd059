import VisionCore

/// One face found by `FaceLandmarkerGraph`.
public struct PipelineFace: Sendable {
    /// 478 landmarks, normalized to the input width/height (z in the scale of x).
    public var landmarks: [PipelineLandmark]
    /// 52 blendshape scores in the index order of `VisionCore.blendshapeNames`, when requested.
    public var blendshapes: [Float]?
    /// The facial transformation matrix (canonical face model to camera, centimetres), when
    /// requested; nil for a degenerate face (all landmarks within 1e-3 of their mean), which
    /// MediaPipe leaves out of its matrix list.
    public var transformationMatrix: Matrix4x4?

    public init(landmarks: [PipelineLandmark], blendshapes: [Float]? = nil, transformationMatrix: Matrix4x4? = nil) {
        self.landmarks = landmarks
        self.blendshapes = blendshapes
        self.transformationMatrix = transformationMatrix
    }
}

extension PipelineFace {
    /// The bounds of the landmarks, in pixels of a `imageWidth`×`imageHeight` picture.
    func pixelBox(imageWidth: Int, imageHeight: Int) -> AxisAlignedBox {
        let xs = landmarks.map { $0.x * Float(imageWidth) }, ys = landmarks.map { $0.y * Float(imageHeight) }
        return AxisAlignedBox(xmin: xs.min() ?? 0, ymin: ys.min() ?? 0, xmax: xs.max() ?? 0, ymax: ys.max() ?? 0)
    }
}
