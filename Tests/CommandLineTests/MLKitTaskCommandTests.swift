import Foundation
import MLKitFaceDetection
import MLKitVision
import VisionPipeline
import Testing
import TestSupport

/// `vision-tasks mlkit-face-detector` end to end: ML Kit's property names, a key only when its
/// `has…` flag is set, and the values of the public ML Kit API.
@Suite struct MLKitTaskCommandTests {
    @Test func mlkitFaceDetectorPrintsTheLibrarysFaces() throws {
        let run = try CommandLineTool.run([
            "mlkit-face-detector", "assets/images/astronaut.png", "--landmark-mode", "all", "--contour-mode", "all",
            "--classification-mode", "all",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONCheck.object(try run.jsonObject(), keys: ["faces"], "result")

        let options = FaceDetectorOptions()
        options.modelBundlePath = Assets.model("face_landmarker.task").path
        options.landmarkMode = .all
        options.contourMode = .all
        options.classificationMode = .all
        let image = VisionImage(image: try CommandLineTool.uprightRGB("astronaut.png"))
        let expected = try FaceDetector.faceDetector(options: options).results(in: image)
        try #require(expected.count == 1)

        let faces = try JSONCheck.array(json["faces"], "faces")
        try #require(faces.count == expected.count)
        let face = expected[0]
        var keys: Set<String> = ["frame", "landmarks", "contours"]
        for (key, has) in [("headEulerAngleX", face.hasHeadEulerAngleX), ("headEulerAngleY", face.hasHeadEulerAngleY),
                           ("headEulerAngleZ", face.hasHeadEulerAngleZ), ("smilingProbability", face.hasSmilingProbability),
                           ("leftEyeOpenProbability", face.hasLeftEyeOpenProbability),
                           ("rightEyeOpenProbability", face.hasRightEyeOpenProbability), ("trackingID", face.hasTrackingID)] where has {
            keys.insert(key)
        }
        #expect(!face.hasTrackingID, "tracking is off")
        #expect(face.hasSmilingProbability && face.hasHeadEulerAngleY)
        let object = try JSONCheck.object(faces[0], keys: keys, "face")

        let frame = try JSONCheck.object(object["frame"], keys: ["x", "y", "width", "height"], "frame")
        try JSONCheck.expectFloat(frame["x"], equals: Float(face.frame.origin.x), "frame x")
        try JSONCheck.expectFloat(frame["y"], equals: Float(face.frame.origin.y), "frame y")
        try JSONCheck.expectFloat(frame["width"], equals: Float(face.frame.size.width), "frame width")
        try JSONCheck.expectFloat(frame["height"], equals: Float(face.frame.size.height), "frame height")
        try JSONCheck.expectFloat(object["headEulerAngleY"], equals: Float(face.headEulerAngleY), "yaw")
        try JSONCheck.expectFloat(object["headEulerAngleZ"], equals: Float(face.headEulerAngleZ), "roll")
        try JSONCheck.expectFloat(object["smilingProbability"], equals: Float(face.smilingProbability), "smiling")
        try JSONCheck.expectFloat(object["leftEyeOpenProbability"], equals: Float(face.leftEyeOpenProbability), "left eye")
        try JSONCheck.expectFloat(object["rightEyeOpenProbability"], equals: Float(face.rightEyeOpenProbability), "right eye")

        let landmarks = try JSONCheck.array(object["landmarks"], "landmarks")
        // The astronaut faces the camera (|yaw| ≤ 12°): ML Kit reports 8 landmarks, no ears (docs/pipeline.md §10.2).
        try #require(landmarks.count == face.landmarks.count && face.landmarks.count == 8)
        for (index, landmark) in face.landmarks.enumerated() {
            let printed = try JSONCheck.object(landmarks[index], keys: ["type", "position"], "landmark \(index)")
            let name = landmark.type.rawValue.prefix(1).lowercased() + landmark.type.rawValue.dropFirst()
            #expect(printed["type"] as? String == name)
            let position = try JSONCheck.object(printed["position"], keys: ["x", "y"], "landmark \(index) position")
            try JSONCheck.expectFloat(position["x"], equals: Float(landmark.position.x), "landmark \(index) x")
            try JSONCheck.expectFloat(position["y"], equals: Float(landmark.position.y), "landmark \(index) y")
        }
        #expect(landmarks.contains { ($0 as? [String: Any])?["type"] as? String == "leftEye" })

        let contours = try JSONCheck.array(object["contours"], "contours")
        try #require(contours.count == face.contours.count && face.contours.count == 15)
        for (index, contour) in face.contours.enumerated() {
            let printed = try JSONCheck.object(contours[index], keys: ["type", "points"], "contour \(index)")
            let name = contour.type.rawValue.prefix(1).lowercased() + contour.type.rawValue.dropFirst()
            #expect(printed["type"] as? String == name)
            let points = try JSONCheck.array(printed["points"], "contour \(index) points")
            try #require(points.count == contour.points.count)
            for (p, point) in contour.points.enumerated() {
                let xy = try JSONCheck.object(points[p], keys: ["x", "y"], "contour \(index) point \(p)")
                try JSONCheck.expectFloat(xy["x"], equals: Float(point.x), "contour \(index) point \(p) x")
                try JSONCheck.expectFloat(xy["y"], equals: Float(point.y), "contour \(index) point \(p) y")
            }
        }
        #expect((contours.first as? [String: Any])?["type"] as? String == "face")
    }
}
