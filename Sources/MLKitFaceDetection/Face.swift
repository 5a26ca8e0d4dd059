import Foundation
import MLKitVision
import VisionPipeline

/// One detected face (ML Kit's `MLKFace`). Coordinates are pixels of the input's stored grid,
/// origin top-left. When a `has…` flag is false the value is 0.
///
/// How each field is made (see `MLKitFaceAnalyzer`): `frame` = bounds of MediaPipe's 478-point
/// mesh; landmarks and contours = fixed mesh-index tables (`MeshLandmark`, `MeshContour`); head
/// angles = `HeadEulerAngles` of the facial transformation matrix; probabilities =
/// `FaceClassification` of the blendshapes; tracking ID = box-overlap matching between
/// consecutive calls of one detector.
public final class Face: NSObject, @unchecked Sendable {
    public let frame: CGRect
    /// The 10 landmarks, empty unless landmarkMode is `.all`.
    public let landmarks: [FaceLandmark]
    /// The 15 contours, empty unless contourMode is `.all` and this is the most prominent face.
    public let contours: [FaceContour]
    public let hasTrackingID: Bool
    public let trackingID: Int
    /// Pitch in degrees, positive when the face looks up.
    public let hasHeadEulerAngleX: Bool
    public let headEulerAngleX: CGFloat
    /// Yaw in degrees, positive when the face turns toward the image's right.
    public let hasHeadEulerAngleY: Bool
    public let headEulerAngleY: CGFloat
    /// Roll in degrees, positive counter-clockwise in the image.
    public let hasHeadEulerAngleZ: Bool
    public let headEulerAngleZ: CGFloat
    public let hasSmilingProbability: Bool
    public let smilingProbability: CGFloat
    /// The subject's left eye.
    public let hasLeftEyeOpenProbability: Bool
    public let leftEyeOpenProbability: CGFloat
    public let hasRightEyeOpenProbability: Bool
    public let rightEyeOpenProbability: CGFloat

    init(_ result: MLKitFaceResult) {
        let f = result.frame
        frame = CGRect(x: CGFloat(f.x), y: CGFloat(f.y), width: CGFloat(f.width), height: CGFloat(f.height))
        landmarks = MeshLandmark.allCases.compactMap { kind in
            result.landmarks[kind].map { FaceLandmark(type: FaceLandmarkType(kind), position: VisionPoint(x: CGFloat($0.x), y: CGFloat($0.y))) }
        }
        contours = MeshContour.allCases.compactMap { kind in
            result.contours[kind].map { points in
                FaceContour(type: FaceContourType(kind), points: points.map { VisionPoint(x: CGFloat($0.x), y: CGFloat($0.y)) })
            }
        }
        hasTrackingID = result.trackingID != nil
        trackingID = result.trackingID ?? 0
        let angles = result.headAngles
        hasHeadEulerAngleX = angles != nil && result.reportsPitch
        headEulerAngleX = hasHeadEulerAngleX ? CGFloat(angles?.x ?? 0) : 0
        hasHeadEulerAngleY = angles != nil
        headEulerAngleY = CGFloat(angles?.y ?? 0)
        hasHeadEulerAngleZ = angles != nil
        headEulerAngleZ = CGFloat(angles?.z ?? 0)
        let classes = result.classification
        hasSmilingProbability = classes != nil
        smilingProbability = CGFloat(classes?.smiling ?? 0)
        hasLeftEyeOpenProbability = classes != nil
        leftEyeOpenProbability = CGFloat(classes?.leftEyeOpen ?? 0)
        hasRightEyeOpenProbability = classes != nil
        rightEyeOpenProbability = CGFloat(classes?.rightEyeOpen ?? 0)
        super.init()
    }

    /// The landmark of `type`, nil when landmarks are off.
    public func landmark(ofType type: FaceLandmarkType) -> FaceLandmark? { landmarks.first { $0.type == type } }

    /// The contour of `type`, nil when contours are off or this is not the most prominent face.
    public func contour(ofType type: FaceContourType) -> FaceContour? { contours.first { $0.type == type } }
}
