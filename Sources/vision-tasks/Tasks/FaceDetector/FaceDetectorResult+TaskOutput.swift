import Foundation
import Imaging
import MediaPipeTasksVision

extension FaceDetectorResult {
    /// The JSON object of docs/json-contract.md §2.3 and the boxes-and-keypoints overlay.
    var taskOutput: TaskOutput {
        let faces = detections.map { detection in
            FaceDetectionOverlay.Face(
                box: PixelRect(x: Float(detection.boundingBox.origin.x), y: Float(detection.boundingBox.origin.y),
                               width: Float(detection.boundingBox.size.width), height: Float(detection.boundingBox.size.height)),
                score: detection.categories.first?.score ?? 0,
                keypoints: (detection.keypoints ?? []).map { (x: Float($0.location.x), y: Float($0.location.y)) })
        }
        return TaskOutput(json: json, drawOverlay: { image in try FaceDetectionOverlay.draw(faces, on: &image) })
    }

    /// `{"detections":[{"categories","boundingBox","keypoints"}]}`.
    var json: JSONValue {
        .object([("detections", .array(detections.map(\.json)))])
    }
}

extension Detection {
    /// `{"categories","boundingBox":{"x","y","width","height"},"keypoints":[{"x","y"}]}` (no
    /// `"keypoints"` when the model has none).
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("categories", .array(categories.map(\.json))),
            ("boundingBox", .object([
                ("x", .float(Float(boundingBox.origin.x))), ("y", .float(Float(boundingBox.origin.y))),
                ("width", .float(Float(boundingBox.size.width))), ("height", .float(Float(boundingBox.size.height))),
            ])),
        ]
        if let keypoints {
            members.append(("keypoints", .array(keypoints.map {
                .object([("x", .float(Float($0.location.x))), ("y", .float(Float($0.location.y)))])
            })))
        }
        return .object(members)
    }
}
