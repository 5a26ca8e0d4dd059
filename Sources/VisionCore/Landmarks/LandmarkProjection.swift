import Foundation

/// MediaPipe's `LandmarkProjectionCalculator` and `LandmarkLetterboxRemovalCalculator`
/// (docs/pipeline.md §2.5): from tensor-normalized landmarks of a ROI crop to image-normalized ones.
public enum LandmarkProjection {
    /// Mode (a), NORM_RECT + IMAGE_DIMENSIONS (the face landmarker): x and y go through the
    /// sub-rect matrix of `rect` in pixels; `z' = z·|M·(1,0) − M·(0,0)|`.
    public static func withImageDimensions(_ landmarks: [LandmarkPoint], rect: NormalizedRect,
                                           imageWidth: Int, imageHeight: Int) -> [LandmarkPoint] {
        let matrix = Matrix4x4.subRectToImage(PixelRegion(rect, imageWidth: imageWidth, imageHeight: imageHeight),
                                              imageWidth: imageWidth, imageHeight: imageHeight)
        let zScale = matrix.zScale
        return landmarks.map { landmark in
            var result = landmark
            let p = matrix.projectXY(x: landmark.x, y: landmark.y, z: landmark.z)
            result.x = p.x
            result.y = p.y
            result.z = zScale * landmark.z
            return result
        }
    }

    /// Mode (b), NORM_RECT only (the pose landmarker): rotate `(x − 0.5, y − 0.5)` by the rect's
    /// rotation, scale by its normalized size and add its centre; `z' = z·rect.width`.
    public static func normalizedRectOnly(_ landmarks: [LandmarkPoint], rect: NormalizedRect) -> [LandmarkPoint] {
        let c = CorrectlyRounded.cos(rect.rotation), s = CorrectlyRounded.sin(rect.rotation)
        return landmarks.map { landmark in
            let x = landmark.x - 0.5
            let y = landmark.y - 0.5
            var result = landmark
            result.x = (c * x - s * y) * rect.width + rect.xCenter
            result.y = (s * x + c * y) * rect.height + rect.yCenter
            result.z = landmark.z * rect.width
            return result
        }
    }

    /// Letterbox removal: `x' = (x − left)/(1 − left − right)`, y likewise, `z' = z/(1 − left − right)`.
    public static func removingLetterbox(_ landmarks: [LandmarkPoint], padding: LetterboxPadding) -> [LandmarkPoint] {
        let leftAndRight = padding.left + padding.right
        let topAndBottom = padding.top + padding.bottom
        return landmarks.map { landmark in
            var result = landmark
            result.x = (landmark.x - padding.left) / (1 - leftAndRight)
            result.y = (landmark.y - padding.top) / (1 - topAndBottom)
            result.z = landmark.z / (1 - leftAndRight)
            return result
        }
    }

    /// `WorldLandmarkProjectionCalculator` (docs/pipeline.md §6.5): x and y rotated by the ROI rotation, z,
    /// visibility and presence unchanged. Units stay metres.
    public static func rotatingWorldLandmarks(_ landmarks: [LandmarkPoint], rect: NormalizedRect) -> [LandmarkPoint] {
        let c = CorrectlyRounded.cos(rect.rotation), s = CorrectlyRounded.sin(rect.rotation)
        return landmarks.map { landmark in
            var result = landmark
            result.x = c * landmark.x - s * landmark.y
            result.y = s * landmark.x + c * landmark.y
            return result
        }
    }
}
