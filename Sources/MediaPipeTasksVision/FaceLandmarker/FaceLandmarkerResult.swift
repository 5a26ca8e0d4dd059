import Foundation

/// What ``FaceLandmarker`` found in one image or frame. Immutable.
public final class FaceLandmarkerResult: TaskResult, @unchecked Sendable {
    /// One array per face of 478 landmarks (468 mesh points, then the irises: 468–472 the
    /// subject's right iris, 473–477 the left), normalized to the input as stored. visibility and
    /// presence are nil.
    public let faceLandmarks: [[NormalizedLandmark]]
    /// When ``FaceLandmarkerOptions/outputFaceBlendshapes`` is set, one entry per face: head index
    /// 0, head name `""`, 52 categories with index 0–51 and the blendshape name as
    /// `categoryName` (`_neutral`, `browDownLeft`, …). Otherwise empty.
    public let faceBlendshapes: [Classifications]
    /// When ``FaceLandmarkerOptions/outputFacialTransformationMatrixes`` is set, one 4×4 matrix
    /// per face (see ``TransformMatrix`` for the layout). Otherwise empty.
    public let facialTransformationMatrixes: [TransformMatrix]

    public init(faceLandmarks: [[NormalizedLandmark]], faceBlendshapes: [Classifications],
                facialTransformationMatrixes: [TransformMatrix], timestampInMilliseconds: Int) {
        self.faceLandmarks = faceLandmarks
        self.faceBlendshapes = faceBlendshapes
        self.facialTransformationMatrixes = facialTransformationMatrixes
        super.init(timestampInMilliseconds: timestampInMilliseconds)
    }
}
