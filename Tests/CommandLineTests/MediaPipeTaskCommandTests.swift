import Foundation
import Imaging
import MediaPipeTasksVision
import Testing
import TestSupport

/// The MediaPipe task commands end to end: the binary's JSON has exactly the keys of docs/json-contract.md §2
/// and the values the public API returns for the same picture and options.
@Suite struct MediaPipeTaskCommandTests {
    private static let landmarkKeys: Set<String> = ["x", "y", "z"]
    private static let poseLandmarkKeys: Set<String> = ["x", "y", "z", "visibility", "presence"]

    @Test func faceLandmarkerPrintsTheLibrarysResult() throws {
        let run = try CommandLineTool.run([
            "face-landmarker", "assets/images/astronaut.png", "--output-face-blendshapes",
            "--output-facial-transformation-matrixes",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONCheck.object(try run.jsonObject(), keys: [
            "timestampInMilliseconds", "faceLandmarks", "faceBlendshapes", "facialTransformationMatrixes",
        ], "result")

        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = Assets.model("face_landmarker.task").path
        options.outputFaceBlendshapes = true
        options.outputFacialTransformationMatrixes = true
        let expected = try FaceLandmarker(options: options).detect(image: MPImage(image: CommandLineTool.uprightRGB("astronaut.png")))
        try #require(expected.faceLandmarks.count == 1)

        #expect(json["timestampInMilliseconds"] as? Int == 0)
        let faces = try JSONCheck.array(json["faceLandmarks"], "faceLandmarks")
        try #require(faces.count == expected.faceLandmarks.count)
        let landmarks = try JSONCheck.array(faces[0], "face 0")
        try #require(landmarks.count == 478)
        for (index, landmark) in expected.faceLandmarks[0].enumerated() {
            let object = try JSONCheck.object(landmarks[index], keys: Self.landmarkKeys, "landmark \(index)")
            try JSONCheck.expectFloat(object["x"], equals: landmark.x, "landmark \(index) x")
            try JSONCheck.expectFloat(object["y"], equals: landmark.y, "landmark \(index) y")
            try JSONCheck.expectFloat(object["z"], equals: landmark.z, "landmark \(index) z")
        }

        let heads = try JSONCheck.array(json["faceBlendshapes"], "faceBlendshapes")
        try #require(heads.count == 1)
        let head = try JSONCheck.object(heads[0], keys: ["headIndex", "headName", "categories"], "blendshapes")
        #expect(head["headIndex"] as? Int == 0)
        #expect(head["headName"] as? String == "")
        let categories = try JSONCheck.array(head["categories"], "categories")
        try #require(categories.count == 52)
        for (index, category) in expected.faceBlendshapes[0].categories.enumerated() {
            let object = try JSONCheck.object(categories[index], keys: ["index", "score", "categoryName"], "blendshape \(index)")
            #expect(object["index"] as? Int == category.index)
            #expect(object["categoryName"] as? String == category.categoryName)
            try JSONCheck.expectFloat(object["score"], equals: category.score, "blendshape \(index) score")
        }
        #expect((categories[0] as? [String: Any])?["categoryName"] as? String == "_neutral")

        let matrices = try JSONCheck.array(json["facialTransformationMatrixes"], "facialTransformationMatrixes")
        try #require(matrices.count == 1)
        let matrix = try JSONCheck.object(matrices[0], keys: ["rows", "columns", "data"], "matrix")
        #expect(matrix["rows"] as? Int == 4)
        #expect(matrix["columns"] as? Int == 4)
        let data = try JSONCheck.array(matrix["data"], "matrix data")
        try #require(data.count == 16)
        let library = expected.facialTransformationMatrixes[0]
        for row in 0..<4 {
            for column in 0..<4 {
                try JSONCheck.expectFloat(data[row * 4 + column], equals: library.element(row: UInt(row), column: UInt(column)),
                                          "matrix (\(row), \(column)), row-major")
            }
        }
    }

    @Test func poseLandmarkerPrintsTheLibrarysResultAndWritesItsMasks() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let masks = folder.appendingPathComponent("masks").path
        let run = try CommandLineTool.run(["pose-landmarker", "assets/images/bus.jpg", "--num-poses", "2", "--masks", masks])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONCheck.object(try run.jsonObject(), keys: [
            "timestampInMilliseconds", "landmarks", "worldLandmarks", "segmentationMasks",
        ], "result")

        let options = PoseLandmarkerOptions()
        options.baseOptions.modelAssetPath = Assets.model("pose_landmarker_full.task").path
        options.numPoses = 2
        options.shouldOutputSegmentationMasks = true
        let picture = try CommandLineTool.uprightRGB("bus.jpg")
        let expected = try PoseLandmarker(options: options).detect(image: MPImage(image: picture))
        try #require(!expected.landmarks.isEmpty)

        for (key, poses) in [("landmarks", expected.landmarks.map { $0.map { ($0.x, $0.y, $0.z, $0.visibility, $0.presence) } }),
                             ("worldLandmarks", expected.worldLandmarks.map { $0.map { ($0.x, $0.y, $0.z, $0.visibility, $0.presence) } })] {
            let printed = try JSONCheck.array(json[key], key)
            try #require(printed.count == poses.count, "\(key) count")
            for (poseIndex, pose) in poses.enumerated() {
                let landmarks = try JSONCheck.array(printed[poseIndex], "\(key) \(poseIndex)")
                try #require(landmarks.count == 33)
                for (index, landmark) in pose.enumerated() {
                    let what = "\(key) \(poseIndex).\(index)"
                    let object = try JSONCheck.object(landmarks[index], keys: Self.poseLandmarkKeys, what)
                    try JSONCheck.expectFloat(object["x"], equals: landmark.0, "\(what) x")
                    try JSONCheck.expectFloat(object["y"], equals: landmark.1, "\(what) y")
                    try JSONCheck.expectFloat(object["z"], equals: landmark.2, "\(what) z")
                    try JSONCheck.expectFloat(object["visibility"], equals: try #require(landmark.3).floatValue, "\(what) visibility")
                    try JSONCheck.expectFloat(object["presence"], equals: try #require(landmark.4).floatValue, "\(what) presence")
                }
            }
        }

        let printedMasks = try JSONCheck.array(json["segmentationMasks"], "segmentationMasks")
        try #require(printedMasks.count == expected.segmentationMasks.count)
        for (index, mask) in expected.segmentationMasks.enumerated() {
            let object = try JSONCheck.object(printedMasks[index], keys: ["width", "height", "file"], "mask \(index)")
            #expect(object["width"] as? Int == picture.width)
            #expect(object["height"] as? Int == picture.height)
            let file = try #require(object["file"] as? String)
            #expect(file == (masks as NSString).appendingPathComponent("bus.jpg.pose\(index).png"))
            let png = try Image(contentsOfFile: file)
            #expect(png.format == .gray8)
            #expect(png.width == mask.width && png.height == mask.height)
            #expect(png.packedBytes() == mask.uint8Values, "mask \(index) bytes")
        }
    }

    @Test func faceDetectorPrintsTheLibrarysResult() throws {
        let run = try CommandLineTool.run(["face-detector", "assets/images/astronaut.png"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONCheck.object(try run.jsonObject(), keys: ["detections"], "result")

        let detector = try FaceDetector(modelPath: Assets.model("face_detection_short_range.tflite").path)
        let expected = try detector.detect(image: MPImage(image: CommandLineTool.uprightRGB("astronaut.png")))
        try #require(!expected.detections.isEmpty)

        let detections = try JSONCheck.array(json["detections"], "detections")
        try #require(detections.count == expected.detections.count)
        for (index, detection) in expected.detections.enumerated() {
            let object = try JSONCheck.object(detections[index], keys: ["categories", "boundingBox", "keypoints"], "detection \(index)")
            let categories = try JSONCheck.array(object["categories"], "categories")
            try #require(categories.count == 1)
            let category = try JSONCheck.object(categories[0], keys: ["index", "score"], "category")
            #expect(category["index"] as? Int == 0)
            try JSONCheck.expectFloat(category["score"], equals: detection.categories[0].score, "score")
            let box = try JSONCheck.object(object["boundingBox"], keys: ["x", "y", "width", "height"], "boundingBox")
            try JSONCheck.expectFloat(box["x"], equals: Float(detection.boundingBox.origin.x), "box x")
            try JSONCheck.expectFloat(box["y"], equals: Float(detection.boundingBox.origin.y), "box y")
            try JSONCheck.expectFloat(box["width"], equals: Float(detection.boundingBox.size.width), "box width")
            try JSONCheck.expectFloat(box["height"], equals: Float(detection.boundingBox.size.height), "box height")
            let keypoints = try JSONCheck.array(object["keypoints"], "keypoints")
            let expectedKeypoints = try #require(detection.keypoints)
            try #require(keypoints.count == 6 && expectedKeypoints.count == 6)
            for (k, keypoint) in expectedKeypoints.enumerated() {
                let point = try JSONCheck.object(keypoints[k], keys: ["x", "y"], "keypoint \(k)")
                try JSONCheck.expectFloat(point["x"], equals: Float(keypoint.location.x), "keypoint \(k) x")
                try JSONCheck.expectFloat(point["y"], equals: Float(keypoint.location.y), "keypoint \(k) y")
            }
        }
    }
}

extension MediaPipeTaskCommandTests {
    @Test func handLandmarkerPrintsTheLibrarysResult() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let overlay = folder.appendingPathComponent("hands.png").path
        let run = try CommandLineTool.run(["hand-landmarker", "assets/images/t1.jpg", "--num-hands", "6", "--overlay", overlay])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONCheck.object(try run.jsonObject(), keys: [
            "timestampInMilliseconds", "landmarks", "worldLandmarks", "handedness",
        ], "result")

        let options = HandLandmarkerOptions()
        options.baseOptions.modelAssetPath = Assets.model("hand_landmarker.task").path
        options.numHands = 6
        let expected = try HandLandmarker(options: options).detect(image: MPImage(image: CommandLineTool.uprightRGB("t1.jpg")))
        try #require(expected.landmarks.count == 2)

        for (key, hands) in [("landmarks", expected.landmarks.map { $0.map { ($0.x, $0.y, $0.z) } }),
                             ("worldLandmarks", expected.worldLandmarks.map { $0.map { ($0.x, $0.y, $0.z) } })] {
            let printed = try JSONCheck.array(json[key], key)
            try #require(printed.count == hands.count, "\(key) count")
            for (handIndex, hand) in hands.enumerated() {
                let landmarks = try JSONCheck.array(printed[handIndex], "\(key) \(handIndex)")
                try #require(landmarks.count == 21)
                for (index, landmark) in hand.enumerated() {
                    let what = "\(key) \(handIndex).\(index)"
                    let object = try JSONCheck.object(landmarks[index], keys: Self.landmarkKeys, what)
                    try JSONCheck.expectFloat(object["x"], equals: landmark.0, "\(what) x")
                    try JSONCheck.expectFloat(object["y"], equals: landmark.1, "\(what) y")
                    try JSONCheck.expectFloat(object["z"], equals: landmark.2, "\(what) z")
                }
            }
        }
        let handedness = try JSONCheck.array(json["handedness"], "handedness")
        try #require(handedness.count == 2)
        for (index, categories) in expected.handedness.enumerated() {
            let printed = try JSONCheck.array(handedness[index], "handedness \(index)")
            try #require(printed.count == 1)
            let object = try JSONCheck.object(printed[0], keys: ["index", "score", "categoryName", "displayName"], "category")
            #expect(object["index"] as? Int == categories[0].index)
            try JSONCheck.expectFloat(object["score"], equals: categories[0].score, "score \(index)")
            #expect(object["categoryName"] as? String == categories[0].categoryName)
        }
        #expect(expected.handedness.map { $0[0].categoryName } == ["Right", "Left"])
        // The overlay is the picture with the skeletons drawn: same size, the wrist's pixel
        // covered by a dot, a corner far from the hands untouched.
        let drawn = try Image(contentsOfFile: overlay)
        let picture = try CommandLineTool.uprightRGB("t1.jpg")
        try #require(drawn.width == picture.width && drawn.height == picture.height && drawn.format == .rgb8)
        let (a, b) = (drawn.packedBytes(), picture.packedBytes())
        func rgb(_ bytes: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(bytes[((y * picture.width + x) * 3)..<((y * picture.width + x) * 3 + 3)]) }
        let wrist = expected.landmarks[0][0]
        let x = Int(wrist.x * Float(picture.width)), y = Int(wrist.y * Float(picture.height))
        #expect(rgb(a, x, y) != rgb(b, x, y), "a landmark dot at the wrist")
        #expect(rgb(a, 5, 5) == rgb(b, 5, 5), "the corner is untouched")
    }
}

extension MediaPipeTaskCommandTests {
    /// `holistic` on t1.jpg: the people of the pose landmarker, with the faces and hands of the
    /// face and hand landmarkers attached; every face and hand appears once, attached or unmatched.
    @Test func holisticAttachesFacesAndHandsToPeople() throws {
        let run = try CommandLineTool.run(["holistic", "assets/images/t1.jpg", "--num-people", "6", "--every-person", "--small-faces"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONCheck.object(try run.jsonObject(), keys: [
            "timestampInMilliseconds", "people", "unmatchedFaces", "unmatchedHands",
        ], "result")
        let people = try JSONCheck.array(json["people"], "people").map {
            try JSONCheck.object($0, keys: ["pose", "face", "leftHand", "rightHand"], "person")
        }
        let picture = try MPImage(image: CommandLineTool.uprightRGB("t1.jpg"))
        let pose = PoseLandmarkerOptions(), face = FaceLandmarkerOptions(), hand = HandLandmarkerOptions()
        pose.baseOptions.modelAssetPath = Assets.model("pose_landmarker_full.task").path
        pose.numPoses = 6
        pose.findsEveryPerson = true
        face.baseOptions.modelAssetPath = Assets.model("face_landmarker.task").path
        face.numFaces = 6
        face.detectsSmallFaces = true
        hand.baseOptions.modelAssetPath = Assets.model("hand_landmarker.task").path
        hand.numHands = 12
        let poses = try PoseLandmarker(options: pose).detect(image: picture)
        let faces = try FaceLandmarker(options: face).detect(image: picture)
        let hands = try HandLandmarker(options: hand).detect(image: picture)
        #expect(people.count == poses.landmarks.count && people.count >= 5)
        #expect(faces.faceLandmarks.count == 6 && hands.landmarks.count == 2)

        func firstX(_ value: Any?) throws -> Float? {
            guard let object = value as? [String: Any] else { return nil }
            let landmarks = try JSONCheck.array(object["landmarks"], "landmarks")
            return try #require((landmarks.first as? [String: Any])?["x"] as? NSNumber).floatValue
        }
        let attachedFaces = try people.compactMap { try firstX($0["face"]) }
        let unmatchedFaces = try JSONCheck.array(json["unmatchedFaces"], "unmatchedFaces").compactMap { try firstX($0) }
        #expect(Set(attachedFaces + unmatchedFaces) == Set(faces.faceLandmarks.map { $0[0].x }), "every face once")
        #expect(attachedFaces.count >= 5, "\(attachedFaces.count) faces attached")
        let leftHands = try people.compactMap { try firstX($0["leftHand"]) }
        let rightHands = try people.compactMap { try firstX($0["rightHand"]) }
        let unmatchedHands = try JSONCheck.array(json["unmatchedHands"], "unmatchedHands").compactMap { try firstX($0) }
        #expect(Set(leftHands + rightHands + unmatchedHands) == Set(hands.landmarks.map { $0[0].x }), "every hand once")
        // Rachel holds her cards in her left hand, Ross's right hand is on the table.
        #expect(leftHands.count == 1 && rightHands.count == 1)
    }

    @Test func holisticRunsOnVideosAndRefusesModel() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("faces.mp4").path
        try ClipFixtures.write(try ClipFixtures.faceFrames(count: 5, width: 320, height: 240), to: clip, container: .mp4)
        let run = try CommandLineTool.run(["holistic", clip])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = try DriverTool.parseLines(run.standardOutput)
        #expect(lines.count == 5)
        #expect(ClipFixtures.timestamps(lines) == [0, 40, 80, 120, 160])
        let faces = lines.map { line -> Int in
            let people = line["people"] as? [[String: Any]] ?? []
            return people.filter { $0["face"] is [String: Any] }.count + ((line["unmatchedFaces"] as? [Any])?.count ?? 0)
        }
        #expect(faces == [1, 1, 1, 1, 1], "the astronaut's face in every frame: \(faces)")
        let refused = try CommandLineTool.run(["holistic", "assets/images/t1.jpg", "--model", "x.task"])
        #expect(refused.status == 64 && refused.standardError.contains("--model does not apply"))
    }
}

extension MediaPipeTaskCommandTests {
    /// `hand-landmarker` on a folder (two workers, then resumed: nothing redone) and on a video
    /// (one line per frame, the hand in every frame), through the same machinery as the other tasks.
    @Test func handLandmarkerRunsOnFoldersAndVideos() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = folder.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for name in ["t1.jpg", "astronaut.png"] {
            try FileManager.default.copyItem(at: Assets.image(name), to: images.appendingPathComponent(name))
        }
        let results = folder.appendingPathComponent("hands.jsonl").path
        let first = try CommandLineTool.run(["hand-landmarker", images.path, "--num-hands", "6", "--jobs", "2", "--json-out", results])
        #expect(first.status == 0, "\(first.standardError)")
        let lines = try DriverTool.parseLines(try String(contentsOfFile: results, encoding: .utf8))
        let counts = Dictionary(uniqueKeysWithValues: lines.compactMap { line -> (String, Int)? in
            guard let file = line["file"] as? String, let hands = line["landmarks"] as? [Any] else { return nil }
            return (file, hands.count)
        })
        #expect(counts == ["astronaut.png": 0, "t1.jpg": 2])
        let resumed = try CommandLineTool.run(["hand-landmarker", images.path, "--num-hands", "6", "--json-out", results])
        #expect(resumed.status == 0 && resumed.standardError.contains("2 skipped"), "\(resumed.standardError)")

        // Five frames of t1's middle, Ross's hand on the table, moving a pixel a frame.
        let picture = try CommandLineTool.uprightRGB("t1.jpg")
        let bytes = picture.packedBytes()
        let frames = try (0..<5).map { k -> Image in
            var crop = [UInt8](repeating: 0, count: 640 * 480 * 3)
            for y in 0..<480 {
                let from = ((300 + y) * picture.width + 320 + k) * 3
                crop.replaceSubrange((y * 640 * 3)..<((y + 1) * 640 * 3), with: bytes[from..<(from + 640 * 3)])
            }
            return try Image(width: 640, height: 480, format: .rgb8, bytes: crop)
        }
        let clip = folder.appendingPathComponent("hands.mp4").path
        try ClipFixtures.write(frames, to: clip, container: .mp4)
        let video = try CommandLineTool.run(["hand-landmarker", clip, "--num-hands", "2"])
        #expect(video.status == 0, "\(video.standardError)")
        let frameLines = try DriverTool.parseLines(video.standardOutput)
        #expect(frameLines.count == 5)
        #expect(frameLines.allSatisfy { (($0["landmarks"] as? [Any])?.count ?? 0) >= 1 }, "the hand in every frame")
    }
}
