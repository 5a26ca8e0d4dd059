import Foundation
import VisionCore
import VisionPipeline

extension FaceLandmarkerResult {
    /// Converts the graph's faces (no math: copies into MediaPipe's containers).
    convenience init(faces: [PipelineFace], timestampInMilliseconds: Int) {
        self.init(
            faceLandmarks: faces.map { $0.landmarks.map(NormalizedLandmark.init(pipeline:)) },
            faceBlendshapes: faces.compactMap { $0.blendshapes.map(Classifications.init(blendshapeScores:)) },
            facialTransformationMatrixes: faces.compactMap { face in
                face.transformationMatrix.flatMap { TransformMatrix(values: $0.columnMajor, rows: 4, columns: 4) }
            },
            timestampInMilliseconds: timestampInMilliseconds)
    }
}

extension Classifications {
    /// MediaPipe's blendshape classifications: head 0 named `""`, one category per score with
    /// its index and name.
    convenience init(blendshapeScores scores: [Float]) {
        let categories = scores.enumerated().map { index, score in
            ResultCategory(index: index, score: score,
                           categoryName: index < blendshapeNames.count ? blendshapeNames[index] : nil,
                           displayName: nil)
        }
        self.init(headIndex: 0, headName: "", categories: categories)
    }
}
