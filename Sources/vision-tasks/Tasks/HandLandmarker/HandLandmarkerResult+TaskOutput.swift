import MediaPipeTasksVision

extension HandLandmarkerResult {
    /// The JSON object of docs/json-contract.md §2.5 and the hand overlay.
    var taskOutput: TaskOutput {
        let hands = zip(landmarks, handedness).map { hand, categories in
            (landmarks: hand.map { (x: $0.x, y: $0.y) }, label: categories.first?.categoryName ?? "")
        }
        return TaskOutput(json: json, drawOverlay: { image in try HandOverlay.draw(hands: hands, on: &image) })
    }

    /// `{"timestampInMilliseconds","landmarks","worldLandmarks","handedness"}`.
    var json: JSONValue {
        .object([
            ("timestampInMilliseconds", .number(timestampInMilliseconds)),
            ("landmarks", .array(landmarks.map { .array($0.map(\.json)) })),
            ("worldLandmarks", .array(worldLandmarks.map { .array($0.map(\.json)) })),
            ("handedness", .array(handedness.map { .array($0.map(\.json)) })),
        ])
    }
}
