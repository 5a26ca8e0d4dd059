import MediaPipeTasksVision

/// `vision-tasks holistic`: the pose, face and hand landmarkers together, with each face and hand
/// attached to the person it belongs to.
struct HolisticTask: TaskCommandDefinition {
    static let commandName = "holistic"
    static let summary = "Pose, face and hands of each person together (pose, face and hand landmarkers)"
    static let description = """
        Runs MediaPipe's PoseLandmarker, FaceLandmarker and HandLandmarker on each picture or
        frame and attaches each face and hand to the person whose head or wrist it is at (the
        rule: docs/pipeline.md §13). JSON: {"timestampInMilliseconds","people":[{"pose":
        {"landmarks","worldLandmarks"},"face":{"landmarks"}|null,"leftHand":{"landmarks",
        "worldLandmarks","handedness"}|null,"rightHand":…}],"unmatchedFaces":[…],
        "unmatchedHands":[…]}; landmarks as the three tasks print them. leftHand is at the
        person's left wrist, whatever the hand model's label says. The overlay draws all three.
        """
    static let numPeople = Option<Int>.integer(
        "num-people", in: 1...Int.max, default: 1, help: "most people to find (faces: as many, hands: twice as many)")

    static let everyPerson = Option<Bool>.flag(
        "every-person", help: "with --num-people > 1, look again for people the pose detector missed (slower)")

    static let taskOptions = [numPeople.declaration, everyPerson.declaration, HandLandmarkerTask.everyHand.declaration,
                              HandLandmarkerTask.minHandSize.declaration] + SmallFaceFlags.declarations
    static let engineOptions: [OptionDeclaration] = []
    static let modelNote = """
          The three bundles from the set-up folder (assets/models): pose_landmarker_full.task,
          face_landmarker.task and hand_landmarker.task; --model is not used.
        """
    static let examples = """
          vision-tasks holistic assets/images/t1.jpg --num-people 6 --every-person --every-hand --small-faces --overlay people.png
          vision-tasks holistic signing.mp4 --json-out signing.jsonl
        """

    let engine: TaskEngineOptions
    let numPeople: Int
    let findsEveryPerson: Bool
    let findsEveryHand: Bool
    let minHandSize: Int
    let detectsSmallFaces: Bool
    let minFaceSize: Int

    init(arguments: ArgumentList, engine: TaskEngineOptions, output: TaskRunOptions) throws(UsageError) {
        guard engine.modelPath == nil else {
            throw UsageError("holistic runs the three set-up bundles; --model does not apply")
        }
        self.engine = engine
        numPeople = try arguments.value(Self.numPeople)
        findsEveryPerson = try arguments.value(Self.everyPerson)
        findsEveryHand = try arguments.value(HandLandmarkerTask.everyHand)
        minHandSize = try arguments.value(HandLandmarkerTask.minHandSize)
        detectsSmallFaces = try arguments.value(SmallFaceFlags.smallFaces)
        minFaceSize = try arguments.value(SmallFaceFlags.minFaceSize)
    }

    func makeProcessor(runningMode: TaskRunningMode) throws -> any TaskProcessor {
        let pose = PoseLandmarkerOptions(), face = FaceLandmarkerOptions(), hand = HandLandmarkerOptions()
        try engine.configure(pose.baseOptions, defaultModelName: "pose_landmarker_full.task", delegate: .CPU)
        try engine.configure(face.baseOptions, defaultModelName: "face_landmarker.task", delegate: .CPU)
        try engine.configure(hand.baseOptions, defaultModelName: "hand_landmarker.task", delegate: .CPU)
        pose.numPoses = numPeople
        pose.findsEveryPerson = findsEveryPerson
        face.numFaces = numPeople
        face.detectsSmallFaces = detectsSmallFaces
        face.minFaceSizeInPixels = minFaceSize
        let (hands, overflow) = numPeople.multipliedReportingOverflow(by: 2)
        hand.numHands = overflow ? Int.max : hands
        hand.findsEveryHand = findsEveryHand
        hand.minHandSizeInPixels = minHandSize
        return try HolisticProcessor(pose: pose, face: face, hand: hand, runningMode: runningMode)
    }
}
