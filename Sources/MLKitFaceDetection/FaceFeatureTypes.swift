import Foundation
import MLKitVision
import VisionPipeline

/// The 10 landmark kinds; left and right are the subject's. Raw values are the ObjC constant
/// suffixes.
public struct FaceLandmarkType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let mouthBottom = FaceLandmarkType(rawValue: "MouthBottom")
    public static let mouthRight = FaceLandmarkType(rawValue: "MouthRight")
    public static let mouthLeft = FaceLandmarkType(rawValue: "MouthLeft")
    public static let leftEar = FaceLandmarkType(rawValue: "LeftEar")
    public static let rightEar = FaceLandmarkType(rawValue: "RightEar")
    public static let leftEye = FaceLandmarkType(rawValue: "LeftEye")
    public static let rightEye = FaceLandmarkType(rawValue: "RightEye")
    public static let leftCheek = FaceLandmarkType(rawValue: "LeftCheek")
    public static let rightCheek = FaceLandmarkType(rawValue: "RightCheek")
    public static let noseBase = FaceLandmarkType(rawValue: "NoseBase")

    init(_ landmark: MeshLandmark) {
        switch landmark {
        case .mouthBottom: self = .mouthBottom
        case .mouthRight: self = .mouthRight
        case .mouthLeft: self = .mouthLeft
        case .leftEar: self = .leftEar
        case .rightEar: self = .rightEar
        case .leftEye: self = .leftEye
        case .rightEye: self = .rightEye
        case .leftCheek: self = .leftCheek
        case .rightCheek: self = .rightCheek
        case .noseBase: self = .noseBase
        }
    }
}

/// The 15 contour kinds (point counts: face 36, eyebrow edges 5, eyes 16, upperLipTop 11, other
/// lip edges 9, noseBridge 2, noseBottom 3, cheeks 1). Raw values are the ObjC constant suffixes.
public struct FaceContourType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let face = FaceContourType(rawValue: "Face")
    public static let leftEyebrowTop = FaceContourType(rawValue: "LeftEyebrowTop")
    public static let leftEyebrowBottom = FaceContourType(rawValue: "LeftEyebrowBottom")
    public static let rightEyebrowTop = FaceContourType(rawValue: "RightEyebrowTop")
    public static let rightEyebrowBottom = FaceContourType(rawValue: "RightEyebrowBottom")
    public static let leftEye = FaceContourType(rawValue: "LeftEye")
    public static let rightEye = FaceContourType(rawValue: "RightEye")
    public static let upperLipTop = FaceContourType(rawValue: "UpperLipTop")
    public static let upperLipBottom = FaceContourType(rawValue: "UpperLipBottom")
    public static let lowerLipTop = FaceContourType(rawValue: "LowerLipTop")
    public static let lowerLipBottom = FaceContourType(rawValue: "LowerLipBottom")
    public static let noseBridge = FaceContourType(rawValue: "NoseBridge")
    public static let noseBottom = FaceContourType(rawValue: "NoseBottom")
    public static let leftCheek = FaceContourType(rawValue: "LeftCheek")
    public static let rightCheek = FaceContourType(rawValue: "RightCheek")

    init(_ contour: MeshContour) {
        let names: [MeshContour: FaceContourType] = [
            .face: .face, .leftEyebrowTop: .leftEyebrowTop, .leftEyebrowBottom: .leftEyebrowBottom,
            .rightEyebrowTop: .rightEyebrowTop, .rightEyebrowBottom: .rightEyebrowBottom, .leftEye: .leftEye,
            .rightEye: .rightEye, .upperLipTop: .upperLipTop, .upperLipBottom: .upperLipBottom,
            .lowerLipTop: .lowerLipTop, .lowerLipBottom: .lowerLipBottom, .noseBridge: .noseBridge,
            .noseBottom: .noseBottom, .leftCheek: .leftCheek, .rightCheek: .rightCheek,
        ]
        self = names[contour] ?? .face
    }
}

/// One landmark: its kind and position in image pixels.
public final class FaceLandmark: NSObject, @unchecked Sendable {
    public let type: FaceLandmarkType
    public let position: VisionPoint

    init(type: FaceLandmarkType, position: VisionPoint) {
        self.type = type
        self.position = position
        super.init()
    }
}

/// One contour: its kind and points in image pixels.
public final class FaceContour: NSObject, @unchecked Sendable {
    public let type: FaceContourType
    public let points: [VisionPoint]

    init(type: FaceContourType, points: [VisionPoint]) {
        self.type = type
        self.points = points
        super.init()
    }
}
