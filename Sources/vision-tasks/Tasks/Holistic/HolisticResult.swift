import Imaging
import MediaPipeTasksVision
import VisionPipeline

/// The three landmarkers' results on one frame, assembled into people.
struct HolisticResult {
    let pose: PoseLandmarkerResult
    let face: FaceLandmarkerResult
    let hand: HandLandmarkerResult
    let assembly: PersonAssembly

    init(pose: PoseLandmarkerResult, face: FaceLandmarkerResult, hand: HandLandmarkerResult, width: Int, height: Int) {
        self.pose = pose
        self.face = face
        self.hand = hand
        func points(_ list: [[NormalizedLandmark]]) -> [[PipelineLandmark]] {
            list.map { $0.map { PipelineLandmark(x: $0.x, y: $0.y, z: $0.z) } }
        }
        assembly = PersonAssembly(poses: points(pose.landmarks), faces: points(face.faceLandmarks),
                                  hands: points(hand.landmarks), imageWidth: width, imageHeight: height)
    }

    /// The JSON object of docs/json-contract.md §2.6 and the overlay: every body, face and hand.
    var taskOutput: TaskOutput {
        let bodies = pose.landmarks.map { $0.map { (x: $0.x, y: $0.y) } }
        let faces = face.faceLandmarks.map { $0.map { (x: $0.x, y: $0.y) } }
        let hands = zip(hand.landmarks, hand.handedness).map { landmarks, categories in
            (landmarks: landmarks.map { (x: $0.x, y: $0.y) }, label: categories.first?.categoryName ?? "")
        }
        return TaskOutput(json: json, drawOverlay: { image in
            try PoseOverlay.draw(poses: bodies, masks: [], on: &image)
            try FaceMeshOverlay.draw(faces: faces, on: &image)
            try HandOverlay.draw(hands: hands, on: &image)
        })
    }

    /// `{"timestampInMilliseconds","people":[{"pose","face","leftHand","rightHand"}],
    /// "unmatchedFaces","unmatchedHands"}`.
    var json: JSONValue {
        .object([
            ("timestampInMilliseconds", .number(pose.timestampInMilliseconds)),
            ("people", .array(assembly.people.map { person in
                .object([
                    ("pose", .object([
                        ("landmarks", .array(pose.landmarks[person.pose].map(\.json))),
                        ("worldLandmarks", .array(pose.worldLandmarks[person.pose].map(\.json))),
                    ])),
                    ("face", person.face.map(faceJSON) ?? .null),
                    ("leftHand", person.leftHand.map(handJSON) ?? .null),
                    ("rightHand", person.rightHand.map(handJSON) ?? .null),
                ])
            })),
            ("unmatchedFaces", .array(assembly.unmatchedFaces.map(faceJSON))),
            ("unmatchedHands", .array(assembly.unmatchedHands.map(handJSON))),
        ])
    }

    private func faceJSON(_ index: Int) -> JSONValue {
        .object([("landmarks", .array(face.faceLandmarks[index].map(\.json)))])
    }

    private func handJSON(_ index: Int) -> JSONValue {
        .object([
            ("landmarks", .array(hand.landmarks[index].map(\.json))),
            ("worldLandmarks", .array(hand.worldLandmarks[index].map(\.json))),
            ("handedness", .array(hand.handedness[index].map(\.json))),
        ])
    }
}
