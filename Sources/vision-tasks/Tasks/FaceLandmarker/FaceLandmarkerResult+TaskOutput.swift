import Foundation
import Imaging
import MediaPipeTasksVision

extension FaceLandmarkerResult {
    /// The JSON object of docs/json-contract.md §2.1 and the face-mesh overlay.
    var taskOutput: TaskOutput {
        let faces = faceLandmarks.map { face in face.map { (x: $0.x, y: $0.y) } }
        return TaskOutput(json: json, drawOverlay: { image in try FaceMeshOverlay.draw(faces: faces, on: &image) })
    }

    /// `{"timestampInMilliseconds","faceLandmarks","faceBlendshapes","facialTransformationMatrixes"}`.
    var json: JSONValue {
        .object([
            ("timestampInMilliseconds", .number(timestampInMilliseconds)),
            ("faceLandmarks", .array(faceLandmarks.map { .array($0.map(\.json)) })),
            ("faceBlendshapes", .array(faceBlendshapes.map { head in
                .object([
                    ("headIndex", .number(head.headIndex)),
                    ("headName", head.headName.map(JSONValue.string) ?? .null),
                    ("categories", .array(head.categories.map(\.json))),
                ])
            })),
            ("facialTransformationMatrixes", .array(facialTransformationMatrixes.map(\.rowMajorJSON))),
        ])
    }
}

extension TransformMatrix {
    /// `{"rows","columns","data"}` with `data` the matrix **row-major** (docs/json-contract.md §2.1): element
    /// (r, c) of the mathematical matrix at `data[r·columns + c]`, so a face's translation
    /// (centimetres) is at `data[3]`, `data[7]`, `data[11]`.
    var rowMajorJSON: JSONValue {
        var data: [JSONValue] = []
        for row in 0..<rows {
            for column in 0..<columns {
                data.append(.float(element(row: row, column: column)))
            }
        }
        return .object([("rows", .number(Int(rows))), ("columns", .number(Int(columns))), ("data", .array(data))])
    }
}
