import Foundation
import Testing
import TestSupport
import VisionCore
import VisionPipeline

/// The pure pieces behind the ML Kit fields: index tables, Euler angles, probabilities, IDs.
struct MLKitDerivationTests {
    @Test func contourTablesHaveMLKitsCountsAndUseTheMeshSymmetrically() throws {
        let expected: [MeshContour: Int] = [
            .face: 36, .leftEyebrowTop: 5, .leftEyebrowBottom: 5, .rightEyebrowTop: 5, .rightEyebrowBottom: 5,
            .leftEye: 16, .rightEye: 16, .upperLipTop: 11, .upperLipBottom: 9, .lowerLipTop: 9, .lowerLipBottom: 9,
            .noseBridge: 2, .noseBottom: 3, .leftCheek: 1, .rightCheek: 1,
        ]
        for contour in MeshContour.allCases {
            #expect(contour.meshIndices.count == expected[contour], "\(contour)")
            #expect(Set(contour.meshIndices).count == contour.meshIndices.count, "\(contour) repeats a point")
            #expect(contour.meshIndices.allSatisfy { (0..<478).contains($0) })
        }
        #expect(MeshContour.allMeshIndices.count == 133)
        // The tables follow the mesh connection sets (landmark_connections.json): every consecutive
        // pair of the oval and eye loops is a mesh edge of that set.
        let connections = try Self.connections()
        for (contour, set) in [(MeshContour.face, "faceOval"), (.leftEye, "leftEye"), (.rightEye, "rightEye")] {
            let edges = Set(try #require(connections[set]).map { Set($0) })
            let loop = contour.meshIndices
            for k in loop.indices {
                #expect(edges.contains(Set([loop[k], loop[(k + 1) % loop.count]])), "\(contour) \(loop[k])")
            }
        }
        let lips = Set(try #require(connections["lips"]).map { Set($0) })
        for contour in [MeshContour.upperLipTop, .upperLipBottom, .lowerLipTop, .lowerLipBottom] {
            let chain = contour.meshIndices
            for k in 1..<chain.count { #expect(lips.contains(Set([chain[k - 1], chain[k]])), "\(contour) \(chain[k])") }
        }
        for (contour, set) in [(MeshContour.leftEyebrowTop, "leftEyebrow"), (.leftEyebrowBottom, "leftEyebrow"),
                               (.rightEyebrowTop, "rightEyebrow"), (.rightEyebrowBottom, "rightEyebrow")] {
            let edges = Set(try #require(connections[set]).map { Set($0) })
            let chain = contour.meshIndices
            for k in 1..<chain.count { #expect(edges.contains(Set([chain[k - 1], chain[k]])), "\(contour) \(chain[k])") }
        }
    }

    static func connections() throws -> [String: [[Int]]] {
        // MediaPipe's face connection sets (MPPFaceLandmarksConnections.h, Apache-2.0; see its _meta).
        let url = Assets.fixture("mediapipe/landmark_connections.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var result: [String: [[Int]]] = [:]
        for (key, value) in root { if let pairs = value as? [[Int]] { result[key] = pairs } }
        return result
    }

    /// R = Rz(z) · Ry(y) · Rx(−x) built by hand comes back as (x, y, z); a scale does not matter.
    @Test func eulerAnglesInvertTheirComposition() throws {
        func matrix(x: Double, y: Double, z: Double, scale: Double) -> Matrix4x4? {
            let a = -x * .pi / 180, b = y * .pi / 180, c = z * .pi / 180
            let rx = [[1, 0, 0], [0, cos(a), -sin(a)], [0, sin(a), cos(a)]]
            let ry = [[cos(b), 0, sin(b)], [0, 1, 0], [-sin(b), 0, cos(b)]]
            let rz = [[cos(c), -sin(c), 0], [sin(c), cos(c), 0], [0, 0, 1]]
            func mul(_ p: [[Double]], _ q: [[Double]]) -> [[Double]] {
                (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + p[i][$1] * q[$1][j] } } }
            }
            let r = mul(rz, mul(ry, rx))
            var m = [Float](repeating: 0, count: 16)
            for i in 0..<3 { for j in 0..<3 { m[4 * i + j] = Float(r[i][j] * scale) } }
            m[3] = 1; m[7] = -2; m[11] = -40; m[15] = 1
            return Matrix4x4(rowMajor: m)
        }
        for (x, y, z) in [(0.0, 0.0, 0.0), (10, -20, 30), (-25, 40, -170), (5, 80, 95)] {
            let built = try #require(matrix(x: x, y: y, z: z, scale: 1.3))
            let angles = try #require(HeadEulerAngles(transformationMatrix: built))
            #expect(abs(Double(angles.x) - x) < 1e-3 && abs(Double(angles.y) - y) < 1e-3 && abs(Double(angles.z) - z) < 1e-3,
                    "\(angles) vs \(x), \(y), \(z)")
        }
        // Looking up: the face's forward axis (0, 0, 1) tilts toward camera +y.
        let m = try #require(matrix(x: 20, y: 0, z: 0, scale: 1))
        let up = try #require(HeadEulerAngles(transformationMatrix: m))
        #expect(up.x > 0 && m[1, 2] > 0)
        // Turned toward the image's right: forward axis tilts toward camera +x.
        let right = try #require(matrix(x: 0, y: 20, z: 0, scale: 1))
        #expect(right[0, 2] > 0)
        #expect(HeadEulerAngles(transformationMatrix: Matrix4x4(rowMajor: [Float](repeating: 0, count: 16))!) == nil)
        // Stored turned: only the roll changes, wrapped into (−180, 180].
        let stored = HeadEulerAngles(x: 5, y: -10, z: -120)
        #expect(stored.uprighted(clockwiseRotationDegrees: 90) == HeadEulerAngles(x: 5, y: -10, z: 150))
        #expect(stored.uprighted(clockwiseRotationDegrees: 270).z == -30)
        #expect(HeadEulerAngles(x: 0, y: 0, z: 100).uprighted(clockwiseRotationDegrees: 270).z == 190 - 360)
    }

    @Test func blendshapesMapToProbabilitiesOnBothSidesOfTheThresholds() throws {
        func scores(smile: Float, blinkLeft: Float, blinkRight: Float) -> [Float] {
            var s = [Float](repeating: 0, count: blendshapeNames.count)
            for (name, value) in [("mouthSmileLeft", smile), ("mouthSmileRight", smile),
                                  ("eyeBlinkLeft", blinkLeft), ("eyeBlinkRight", blinkRight)] {
                s[blendshapeNames.firstIndex(of: name)!] = value
            }
            return s
        }
        let happy = try #require(FaceClassification(blendshapes: scores(smile: 0.6, blinkLeft: 0.05, blinkRight: 0.1)))
        #expect(happy.smiling >= 0.7 && happy.leftEyeOpen >= 0.7 && happy.rightEyeOpen >= 0.7)
        let neutralWinking = try #require(FaceClassification(blendshapes: scores(smile: 0.03, blinkLeft: 0.8, blinkRight: 0.1)))
        #expect(neutralWinking.smiling <= 0.3 && neutralWinking.leftEyeOpen <= 0.3 && neutralWinking.rightEyeOpen >= 0.7)
        #expect(FaceClassification(blendshapes: [0.5, 0.5]) == nil)
        let nan = try #require(FaceClassification(blendshapes: scores(smile: .nan, blinkLeft: 0, blinkRight: 1)))
        #expect(nan.smiling == 0.5)
    }

    /// ML Kit's yaw bands (docs/pipeline.md §10.2), with ±12 in the frontal band and ±36 in the
    /// moderate ones.
    @Test func landmarksAreThinnedByYawBand() {
        func names(_ yaw: Float) -> Set<MeshLandmark> { Set(MeshLandmark.reported(forYaw: yaw)) }
        let frontal: Set<MeshLandmark> = [.leftEye, .rightEye, .noseBase, .leftCheek, .rightCheek, .mouthLeft, .mouthRight, .mouthBottom]
        let turnedLeft: Set<MeshLandmark> = [.mouthLeft, .noseBase, .mouthBottom, .rightEye, .leftEye, .leftCheek, .leftEar]
        let turnedRight: Set<MeshLandmark> = [.mouthRight, .noseBase, .mouthBottom, .leftEye, .rightEye, .rightCheek, .rightEar]
        let profileLeft: Set<MeshLandmark> = [.leftEye, .mouthLeft, .leftEar, .noseBase, .leftCheek]
        let profileRight: Set<MeshLandmark> = [.rightEye, .mouthRight, .rightEar, .noseBase, .rightCheek]
        for (yaw, expected) in [(-80, profileLeft), (-36.01, profileLeft), (-36, turnedLeft), (-20, turnedLeft),
                                (-12.01, turnedLeft), (-12, frontal), (0, frontal), (12, frontal), (12.01, turnedRight),
                                (36, turnedRight), (36.01, profileRight), (90, profileRight)] as [(Float, Set<MeshLandmark>)] {
            #expect(names(yaw) == expected, "Y \(yaw)")
        }
        #expect(names(.nan) == frontal)
        // Case order is kept.
        #expect(MeshLandmark.reported(forYaw: 0) == MeshLandmark.allCases.filter(frontal.contains))
    }

    @Test func trackingIDsFollowOverlapAndNeverComeBack() {
        var tracker = FaceTrackingIDs()
        let a = FaceBox(x: 0, y: 0, width: 100, height: 100), b = FaceBox(x: 300, y: 0, width: 100, height: 100)
        let first = tracker.assign([a, b])
        #expect(first == [1, 2])
        // Order swapped and both moved a little: IDs follow the boxes.
        let moved = tracker.assign([FaceBox(x: 310, y: 5, width: 100, height: 100), FaceBox(x: 8, y: 0, width: 100, height: 100)])
        #expect(moved == [2, 1])
        // b leaves; a new box far away is a new face.
        let next = tracker.assign([FaceBox(x: 12, y: 0, width: 100, height: 100), FaceBox(x: 0, y: 300, width: 90, height: 90)])
        #expect(next == [1, 3])
        // b's old place again: not b's ID (b was forgotten).
        #expect(tracker.assign([FaceBox(x: 310, y: 5, width: 100, height: 100)]) == [4])
        tracker.reset()
        #expect(tracker.assign([a]) == [5])
        #expect(a.intersectionOverUnion(b) == 0)
        #expect(abs(a.intersectionOverUnion(FaceBox(x: 50, y: 0, width: 100, height: 100)) - 1.0 / 3.0) < 1e-6)
    }
}

/// The analyzer's typed errors.
struct MLKitFaceAnalyzerErrorTests {
    @Test func badPathsAndOptionsThrow() {
        do {
            _ = try MLKitFaceAnalyzer(bundlePath: "/nonexistent/face_landmarker.task", options: MLKitFaceOptions())
            Issue.record("a missing bundle must throw")
        } catch {
            guard case .modelNotFound = error else { Issue.record("wrong error \(error)"); return }
        }
        for size: Float in [-0.1, 1.5, .nan, .infinity] {
            #expect(throws: PipelineError.self) {
                try MLKitFaceAnalyzer(bundlePath: "/nonexistent/face_landmarker.task", options: MLKitFaceOptions(minFaceSize: size))
            }
        }
        #expect(MLKitFaceOptions(contours: true, tracking: true).assignsTrackingIDs == false)
        #expect(MLKitFaceOptions(landmarks: true, contours: true, tracking: true).assignsTrackingIDs)
        #expect(MLKitFaceOptions(accurate: true, contours: true).isContourOnlyFast == false)
    }
}
