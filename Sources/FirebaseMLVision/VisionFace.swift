import Foundation
import VisionPipeline

/// The 10 landmark kinds (subject's left and right); an extensible string enum.
public struct FaceLandmarkType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let mouthBottom = FaceLandmarkType("MouthBottom")
    public static let mouthRight = FaceLandmarkType("MouthRight")
    public static let mouthLeft = FaceLandmarkType("MouthLeft")
    public static let leftEar = FaceLandmarkType("LeftEar")
    public static let rightEar = FaceLandmarkType("RightEar")
    public static let leftEye = FaceLandmarkType("LeftEye")
    public static let rightEye = FaceLandmarkType("RightEye")
    public static let leftCheek = FaceLandmarkType("LeftCheek")
    public static let rightCheek = FaceLandmarkType("RightCheek")
    public static let noseBase = FaceLandmarkType("NoseBase")

    static let byMesh: [MeshLandmark: FaceLandmarkType] = [
        .mouthBottom: .mouthBottom, .mouthRight: .mouthRight, .mouthLeft: .mouthLeft, .leftEar: .leftEar,
        .rightEar: .rightEar, .leftEye: .leftEye, .rightEye: .rightEye, .leftCheek: .leftCheek,
        .rightCheek: .rightCheek, .noseBase: .noseBase,
    ]
}

/// Contour kinds: `.all` (every point, 133, cheeks included) and the 13 feature contours; Firebase
/// has no separate cheek contours.
public struct FaceContourType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let all = FaceContourType("All")
    public static let face = FaceContourType("Face")
    public static let leftEyebrowTop = FaceContourType("LeftEyebrowTop")
    public static let leftEyebrowBottom = FaceContourType("LeftEyebrowBottom")
    public static let rightEyebrowTop = FaceContourType("RightEyebrowTop")
    public static let rightEyebrowBottom = FaceContourType("RightEyebrowBottom")
    public static let leftEye = FaceContourType("LeftEye")
    public static let rightEye = FaceContourType("RightEye")
    public static let upperLipTop = FaceContourType("UpperLipTop")
    public static let upperLipBottom = FaceContourType("UpperLipBottom")
    public static let lowerLipTop = FaceContourType("LowerLipTop")
    public static let lowerLipBottom = FaceContourType("LowerLipBottom")
    public static let noseBridge = FaceContourType("NoseBridge")
    public static let noseBottom = FaceContourType("NoseBottom")

    static let byMesh: [MeshContour: FaceContourType] = [
        .face: .face, .leftEyebrowTop: .leftEyebrowTop, .leftEyebrowBottom: .leftEyebrowBottom,
        .rightEyebrowTop: .rightEyebrowTop, .rightEyebrowBottom: .rightEyebrowBottom, .leftEye: .leftEye,
        .rightEye: .rightEye, .upperLipTop: .upperLipTop, .upperLipBottom: .upperLipBottom,
        .lowerLipTop: .lowerLipTop, .lowerLipBottom: .lowerLipBottom, .noseBridge: .noseBridge,
        .noseBottom: .noseBottom,
    ]
}

public final class VisionFaceLandmark: NSObject, @unchecked Sendable {
    public let type: FaceLandmarkType
    public let position: VisionPoint
    init(type: FaceLandmarkType, position: VisionPoint) {
        self.type = type
        self.position = position
        super.init()
    }
}

public final class VisionFaceContour: NSObject, @unchecked Sendable {
    public let type: FaceContourType
    public let points: [VisionPoint]
    init(type: FaceContourType, points: [VisionPoint]) {
        self.type = type
        self.points = points
        super.init()
    }
}

/// One detected face (Firebase 6.x `FIRVisionFace`): no pitch; yaw only in `.accurate`; roll
/// always. Fields are made as in ML Kit (see `MLKitFaceAnalyzer`). Pixels of the stored grid.
public final class VisionFace: NSObject, @unchecked Sendable {
    public let frame: CGRect
    public let hasTrackingID: Bool
    public let trackingID: Int
    public let hasHeadEulerAngleY: Bool
    public let headEulerAngleY: CGFloat
    public let hasHeadEulerAngleZ: Bool
    public let headEulerAngleZ: CGFloat
    public let hasSmilingProbability: Bool
    public let smilingProbability: CGFloat
    public let hasLeftEyeOpenProbability: Bool
    public let leftEyeOpenProbability: CGFloat
    public let hasRightEyeOpenProbability: Bool
    public let rightEyeOpenProbability: CGFloat
    private let landmarksByType: [FaceLandmarkType: VisionFaceLandmark]
    private let contoursByType: [FaceContourType: VisionFaceContour]

    init(_ result: MLKitFaceResult, accurate: Bool) {
        let f = result.frame
        frame = CGRect(x: CGFloat(f.x), y: CGFloat(f.y), width: CGFloat(f.width), height: CGFloat(f.height))
        hasTrackingID = result.trackingID != nil
        trackingID = result.trackingID ?? 0
        hasHeadEulerAngleY = accurate && result.headAngles != nil
        headEulerAngleY = hasHeadEulerAngleY ? CGFloat(result.headAngles?.y ?? 0) : 0
        hasHeadEulerAngleZ = result.headAngles != nil
        headEulerAngleZ = CGFloat(result.headAngles?.z ?? 0)
        let classes = result.classification
        hasSmilingProbability = classes != nil
        smilingProbability = CGFloat(classes?.smiling ?? 0)
        hasLeftEyeOpenProbability = classes != nil
        leftEyeOpenProbability = CGFloat(classes?.leftEyeOpen ?? 0)
        hasRightEyeOpenProbability = classes != nil
        rightEyeOpenProbability = CGFloat(classes?.rightEyeOpen ?? 0)
        var landmarks: [FaceLandmarkType: VisionFaceLandmark] = [:]
        for (kind, point) in result.landmarks {
            guard let type = FaceLandmarkType.byMesh[kind] else { continue }
            landmarks[type] = VisionFaceLandmark(type: type, position: VisionPoint(x: point.x, y: point.y))
        }
        landmarksByType = landmarks
        var contours: [FaceContourType: VisionFaceContour] = [:]
        for (kind, points) in result.contours {
            guard let type = FaceContourType.byMesh[kind] else { continue }
            contours[type] = VisionFaceContour(type: type, points: points.map { VisionPoint(x: $0.x, y: $0.y) })
        }
        if !result.contours.isEmpty {
            let all = MeshContour.allCases.flatMap { result.contours[$0] ?? [] }
            contours[.all] = VisionFaceContour(type: .all, points: all.map { VisionPoint(x: $0.x, y: $0.y) })
        }
        contoursByType = contours
        super.init()
    }

    public func landmark(ofType type: FaceLandmarkType) -> VisionFaceLandmark? { landmarksByType[type] }
    public func contour(ofType type: FaceContourType) -> VisionFaceContour? { contoursByType[type] }
}
