/// Which face and hands belong to which body (docs/pipeline.md §13): the matching behind
/// `vision-tasks holistic`, from the landmarks of independent pose, face and hand landmarkers on
/// one picture.
///
/// * A face belongs to the body whose nose (pose landmark 0) is nearest the face's nose tip (face
///   landmark 1), when that distance is below half the face's width (its landmarks' extent).
/// * A hand belongs to the body whose wrist (pose landmark 15, the subject's left, or 16, right)
///   is nearest the hand's wrist (hand landmark 0), relative to the body's shoulder width (pose
///   landmarks 11 to 12), when below one shoulder width: the body model places the wrists of small
///   people several hand sizes off. The side comes from the body's wrist, not from the hand
///   model's handedness label.
/// * Pairs are taken greedily in order of increasing relative distance, each body getting at most
///   one face, one left and one right hand, and each face or hand at most one body. What matches
///   nobody is listed as unmatched, in its landmarker's order.
///
/// Distances are in pixels of the `imageWidth`×`imageHeight` picture.
public struct PersonAssembly: Sendable, Equatable {
    /// One body with what was matched to it (indices into the inputs).
    public struct Person: Sendable, Equatable {
        public var pose: Int
        public var face: Int?
        public var leftHand: Int?
        public var rightHand: Int?

        public init(pose: Int, face: Int? = nil, leftHand: Int? = nil, rightHand: Int? = nil) {
            self.pose = pose
            self.face = face
            self.leftHand = leftHand
            self.rightHand = rightHand
        }
    }

    /// One per pose, in the pose landmarker's order.
    public private(set) var people: [Person]
    public private(set) var unmatchedFaces: [Int]
    public private(set) var unmatchedHands: [Int]

    /// Pose landmarks: 33 per body; face landmarks: 478 (or 468) per face; hand landmarks: 21 per
    /// hand; all normalized to the picture. Inputs with too few landmarks match nothing.
    public init(poses: [[PipelineLandmark]], faces: [[PipelineLandmark]], hands: [[PipelineLandmark]],
                imageWidth: Int, imageHeight: Int) {
        let w = Float(imageWidth), h = Float(imageHeight)
        func pixel(_ point: PipelineLandmark) -> SIMD2<Float> { SIMD2(point.x * w, point.y * h) }
        func distance(_ a: PipelineLandmark, _ b: PipelineLandmark) -> Float {
            let d = pixel(a) - pixel(b)
            return (d * d).sum().squareRoot()
        }
        people = poses.indices.map { Person(pose: $0) }
        let bodies = poses.indices.filter { poses[$0].count >= 33 }

        var facePairs: [(relative: Float, face: Int, pose: Int)] = []
        for face in faces.indices where faces[face].count > 1 {
            let xs = faces[face].map { $0.x * w }
            let width = (xs.max() ?? 0) - (xs.min() ?? 0)
            guard width > 0 else { continue }
            for pose in bodies {
                let relative = distance(faces[face][1], poses[pose][0]) / width
                if relative < 0.5 { facePairs.append((relative, face, pose)) }
            }
        }
        var usedFaces = Set<Int>()
        for pair in facePairs.sorted(by: { $0.relative < $1.relative })
        where !usedFaces.contains(pair.face) && people[pair.pose].face == nil {
            people[pair.pose].face = pair.face
            usedFaces.insert(pair.face)
        }

        var handPairs: [(relative: Float, hand: Int, pose: Int, isLeft: Bool)] = []
        for pose in bodies {
            let shoulders = distance(poses[pose][11], poses[pose][12])
            guard shoulders > 0 else { continue }
            for hand in hands.indices where !hands[hand].isEmpty {
                for (wrist, isLeft) in [(15, true), (16, false)] {
                    let relative = distance(hands[hand][0], poses[pose][wrist]) / shoulders
                    if relative < 1 { handPairs.append((relative, hand, pose, isLeft)) }
                }
            }
        }
        var usedHands = Set<Int>()
        for pair in handPairs.sorted(by: { $0.relative < $1.relative }) where !usedHands.contains(pair.hand) {
            if pair.isLeft, people[pair.pose].leftHand == nil {
                people[pair.pose].leftHand = pair.hand
            } else if !pair.isLeft, people[pair.pose].rightHand == nil {
                people[pair.pose].rightHand = pair.hand
            } else {
                continue
            }
            usedHands.insert(pair.hand)
        }
        unmatchedFaces = faces.indices.filter { !usedFaces.contains($0) }
        unmatchedHands = hands.indices.filter { !usedHands.contains($0) }
    }
}
