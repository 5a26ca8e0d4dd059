/// The 15 ML Kit face contours, each an explicit list of indices into MediaPipe's 478-point face
/// mesh (133 points in all).
///
/// Derived from the mesh topology of `MPPFaceLandmarksConnections.h` (google-ai-edge/mediapipe,
/// Apache-2.0; a copy is Tests/Fixtures/mediapipe/landmark_connections.json): the face-oval loop, the eye loops,
/// the two 5-point edges of each eyebrow set, and the outer/inner lip chains. "Left" is the
/// subject's left (mesh indices ≥ 249 on that side; the image's right in an un-mirrored photo).
///
/// Point order: the face oval starts at the top centre (10) and runs clockwise in image space;
/// each eye starts at its image-left corner and runs clockwise (upper lid, then lower lid);
/// brows, lips and the nose bottom run from the image's left to its right; the nose bridge runs
/// from between the eyes down to just above the tip.
public enum MeshContour: Int, Sendable, CaseIterable, Hashable {
    case face, leftEyebrowTop, leftEyebrowBottom, rightEyebrowTop, rightEyebrowBottom
    case leftEye, rightEye, upperLipTop, upperLipBottom, lowerLipTop, lowerLipBottom
    case noseBridge, noseBottom, leftCheek, rightCheek

    /// The mesh indices of this contour's points, in contour order.
    public var meshIndices: [Int] {
        switch self {
        // faceOval loop, 10 → 338 → … → 109 (36 points).
        case .face: [10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377,
                     152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109]
        // leftEyebrow: chain 300-293-334-296-336 (upper edge), 276-283-282-295-285 (lower edge).
        case .leftEyebrowTop: [336, 296, 334, 293, 300]
        case .leftEyebrowBottom: [285, 295, 282, 283, 276]
        // rightEyebrow: chain 70-63-105-66-107 (upper edge), 46-53-52-65-55 (lower edge).
        case .rightEyebrowTop: [70, 63, 105, 66, 107]
        case .rightEyebrowBottom: [46, 53, 52, 65, 55]
        // leftEye loop from the inner corner 362 over the upper lid to 263 and back under.
        case .leftEye: [362, 398, 384, 385, 386, 387, 388, 466, 263, 249, 390, 373, 374, 380, 381, 382]
        // rightEye loop from the outer corner 33 over the upper lid to 133 and back under.
        case .rightEye: [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7]
        // Outer upper lip, corner 61 to corner 291 (11 points).
        case .upperLipTop: [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291]
        // Inner upper lip without the inner corners 78 / 308 (9 points).
        case .upperLipBottom: [191, 80, 81, 82, 13, 312, 311, 310, 415]
        // Inner lower lip without the inner corners (9 points).
        case .lowerLipTop: [95, 88, 178, 87, 14, 317, 402, 318, 324]
        // Outer lower lip without the outer corners (9 points).
        case .lowerLipBottom: [146, 91, 181, 84, 17, 314, 405, 321, 375]
        // Between the eyes (168) and just above the tip (4).
        case .noseBridge: [168, 4]
        // Right ala (98), subnasale (2), left ala (327).
        case .noseBottom: [98, 2, 327]
        case .leftCheek: [425]
        case .rightCheek: [205]
        }
    }

    /// Every contour point, in case order (Firebase's `.all`): 133 indices.
    public static let allMeshIndices: [Int] = allCases.flatMap(\.meshIndices)
}

/// The 10 ML Kit face landmarks, each the mean of a few mesh points (left = the subject's left).
public enum MeshLandmark: Int, Sendable, CaseIterable, Hashable {
    case mouthBottom, mouthRight, mouthLeft, leftEar, rightEar, leftEye, rightEye, leftCheek, rightCheek, noseBase

    /// The mesh indices averaged into this landmark.
    public var meshIndices: [Int] {
        switch self {
        case .mouthBottom: [17]        // centre of the lower lip's outer edge
        case .mouthRight: [61]         // the subject's right mouth corner
        case .mouthLeft: [291]
        case .leftEar: [454]           // face-oval point at the tragion (the mesh has no ear)
        case .rightEar: [234]
        case .leftEye: [473]           // iris centre of the refined mesh
        case .rightEye: [468]
        case .leftCheek: [425]
        case .rightCheek: [205]
        case .noseBase: [2]            // subnasale, between the nostrils
        }
    }
}
