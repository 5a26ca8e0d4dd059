import Foundation
import Testing
import TestSupport

/// The committed MediaPipe 1.2.3 goldens parse, are complete, and show the facts the parity gates
/// of the face and pose tests rely on (see `Tests/Fixtures/mediapipe/README.md`).
@Suite("MediaPipe golden fixtures")
struct MediaPipeGoldenFixtureTests {
    static let sourceImages = ["astronaut.png", "bus.jpg", "zidane.jpg", "t1.jpg"]

    @Test func imageCatalogIsConsistent() throws {
        let catalog = try MediaPipeGoldens.images()
        for source in Self.sourceImages {
            let image = try #require(catalog.images[source])
            guard case .file(let path) = image.recipe else {
                Issue.record("\(source) is not a file")
                continue
            }
            #expect(path == "assets/images/\(source)")
        }
        for (name, image) in catalog.images {
            #expect(image.sha256.count == 64 && image.sha256.allSatisfy(\.isHexDigit), "\(name)")
            #expect(image.channels == 3 || image.channels == 1, "\(name)")
            try Self.checkRecipe(image, named: name, in: catalog)
        }
    }

    @Test func faceLandmarkerImageGoldens() throws {
        let goldens = try MediaPipeGoldens.faceLandmarkerImage()
        let catalog = try MediaPipeGoldens.images()
        #expect(goldens.mediapipe == "1.2.3")
        var counts: [String: Int] = [:]
        for item in goldens.cases {
            #expect(catalog.images[item.image] != nil, "\(item.id)")
            if let faces = item.faces {
                #expect(faces.count <= item.numFaces, "\(item.id)")
                counts[item.id] = faces.count
                for face in faces { Self.checkFace(face, id: item.id) }
            } else {
                let error = try #require(item.error, "\(item.id) has neither faces nor error")
                #expect(item.imageFormat == "GRAY8", "only the gray image fails: \(item.id)")
                #expect(error.contains("TfLiteTensor and Tensor sizes do not match"), "\(item.id)")
            }
        }
        // Face counts the face parity and behaviour tests rely on.
        #expect(counts["astronaut.png/faces4"] == 1)
        #expect(counts["zidane.jpg/faces4"] == 0)
        #expect(counts["t1.jpg/faces4"] == 0)
        #expect(counts["bus.jpg/faces4"] == 0)
        #expect(counts["bus_left_faces.png/faces4"] == 2)
        #expect(counts["t1_rachel_chandler.png/faces4"] == 2)
        for rotation in [0, 90, 180, 270] {
            #expect(counts["astronaut.png/faces1/rot\(rotation)"] == 1)
        }
        #expect(counts.count + 2 == goldens.cases.count)
    }

    @Test(arguments: MediaPipeGoldens.faceLandmarkerVideoFiles)
    func faceLandmarkerVideoGoldens(file: String) throws {
        let video = try MediaPipeGoldens.faceLandmarkerVideo(file)
        #expect(video.runningMode == "VIDEO")
        #expect(video.frames.count >= 30)
        for (index, frame) in video.frames.enumerated() {
            #expect(frame.timestampMs == 33 * index)
            #expect(frame.faces.count == video.numFaces, "\(file) frame \(index)")
            guard case .warp(let warp) = frame.image.recipe else {
                Issue.record("\(file) frame \(index) is not a warp")
                continue
            }
            #expect(warp.source == video.source)
            for face in frame.faces { Self.checkFace(face, id: "\(file) frame \(index)") }
        }
    }

    @Test func faceDetectorGoldens() throws {
        let goldens = try MediaPipeGoldens.faceDetectorImage()
        let catalog = try MediaPipeGoldens.images()
        let models = Dictionary(uniqueKeysWithValues: goldens.models.map { ($0.name, $0) })
        let shortRange = try #require(models["face_detection_short_range"])
        let fullRange = try #require(models["face_detection_full_range_sparse"])
        for model in [shortRange, fullRange] {
            #expect(model.createError == nil)
            for item in model.cases {
                let image = try #require(catalog.images[item.image])
                guard let detections = item.detections else {
                    #expect(item.imageFormat == "GRAY8" && item.error != nil, "\(model.name) \(item.id)")
                    continue
                }
                for detection in detections {
                    #expect(detection.boundingBox.count == 4)
                    #expect(detection.boundingBox[2] > 0 && detection.boundingBox[3] > 0)
                    #expect(detection.boundingBox[0] < image.width && detection.boundingBox[1] < image.height)
                    #expect(detection.score >= 0.5 && detection.score <= 1)
                    #expect(detection.keypoints.count == 6)
                    #expect(detection.keypoints.allSatisfy { $0.count == 2 })
                }
            }
        }
        let short = Dictionary(uniqueKeysWithValues: shortRange.cases.map { ($0.id, $0.detections?.count) })
        let full = Dictionary(uniqueKeysWithValues: fullRange.cases.map { ($0.id, $0.detections?.count) })
        #expect(short["astronaut.png/rot0"] == 1)
        #expect(short["t1.jpg/rot0"] == 0)
        #expect(full["t1.jpg/rot0"] == 4)
        #expect(goldens.notes.bundledDetectorSameResultsAsShortRange == (goldens.models.count == 2))
    }

    @Test func poseLandmarkerImageGoldens() throws {
        let goldens = try MediaPipeGoldens.poseLandmarkerImage()
        let catalog = try MediaPipeGoldens.images()
        var counts: [String: Int] = [:]
        for item in goldens.cases {
            let image = try #require(catalog.images[item.image])
            guard let poses = item.poses else {
                #expect(item.imageFormat == "GRAY8" && item.error != nil, "\(item.id)")
                continue
            }
            counts[item.id] = poses.count
            for pose in poses {
                try Self.checkPose(pose, id: item.id, maskStored: true)
                let mask = try #require(pose.segmentationMask)
                #expect(mask.width == image.width && mask.height == image.height, "\(item.id)")
            }
        }
        // Pose counts the pose parity and every-person tests rely on.
        #expect(counts["astronaut.png/poses5"] == 1)
        #expect(counts["bus.jpg/poses5"] == 1)
        #expect(counts["t1.jpg/poses5"] == 4)
        #expect(counts["t1.jpg/poses1"] == 1)
        #expect(counts["bus_person_black.png/poses5"] == 1)
    }

    @Test(arguments: MediaPipeGoldens.poseLandmarkerVideoFiles)
    func poseLandmarkerVideoGoldens(file: String) throws {
        let video = try MediaPipeGoldens.poseLandmarkerVideo(file)
        #expect(video.runningMode == "VIDEO")
        #expect(video.frames.count >= (video.numPoses == 1 ? 30 : 10))
        for (index, frame) in video.frames.enumerated() {
            #expect(frame.timestampMs == 33 * index)
            #expect(!frame.poses.isEmpty && frame.poses.count <= video.numPoses, "\(file) frame \(index)")
            for pose in frame.poses {
                try Self.checkPose(pose, id: "\(file) frame \(index)",
                                   maskStored: video.maskFilesForFrames.contains(index))
            }
        }
    }

    /// The files hold each float32 as its shortest round-trip decimal; JSONDecoder must give back
    /// exactly the float32 that `Float(String)` parses from the same text.
    @Test func floatsDecodeExactly() throws {
        let text = try String(contentsOf: MediaPipeGoldens.directory.appendingPathComponent("face_landmarker_image.json"),
                              encoding: .utf8)
        let goldens = try MediaPipeGoldens.faceLandmarkerImage()
        let face = try #require(goldens.cases.first?.faces?.first)
        let rows = text.split(separator: "\n").lazy
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " [],")) }
            .filter { $0.split(separator: ",").count == 3 && !$0.contains("\"") }
            .prefix(face.landmarks.count)
        var compared = 0
        for (row, landmark) in zip(rows, face.landmarks) {
            let values = row.split(separator: ",").map { Float($0.trimmingCharacters(in: .whitespaces)) }
            #expect(values.map { $0?.bitPattern } == [landmark.x, landmark.y, landmark.z].map(\.bitPattern), "\(row)")
            compared += 1
        }
        #expect(compared == 478)
    }

    // MARK: Checks

    static func checkFace(_ face: GoldenFace, id: String) {
        #expect(face.landmarks.count == 478, "\(id)")
        #expect(face.landmarks.allSatisfy { $0.visibility == nil && $0.x.isFinite && $0.y.isFinite }, "\(id)")
        let blendshapes = face.blendshapes ?? []
        #expect(blendshapes.count == 52, "\(id)")
        #expect(blendshapes.map(\.index) == Array(0..<52), "\(id)")
        #expect(blendshapes.first?.categoryName == "_neutral", "\(id)")
        #expect(blendshapes.allSatisfy { $0.score >= 0 && $0.score <= 1 }, "\(id)")
        let matrix = face.matrix ?? []
        #expect(matrix.count == 16, "\(id)")
        if matrix.count == 16 {
            #expect(Array(matrix[12...]) == [0, 0, 0, 1], "row-major: bottom row last: \(id)")
        }
    }

    static func checkPose(_ pose: GoldenPose, id: String, maskStored: Bool) throws {
        #expect(pose.landmarks.count == 33, "\(id)")
        #expect(pose.worldLandmarks.count == 33, "\(id)")
        for landmark in pose.landmarks + pose.worldLandmarks {
            let visibility = try #require(landmark.visibility, "\(id)")
            let presence = try #require(landmark.presence, "\(id)")
            #expect((0...1).contains(visibility) && (0...1).contains(presence), "\(id)")
        }
        let mask = try #require(pose.segmentationMask, "\(id)")
        #expect(mask.min >= 0 && mask.max <= 1 && mask.mean >= mask.min && mask.mean <= mask.max, "\(id)")
        guard maskStored else { return }
        let url = try #require(MediaPipeGoldens.maskURL(mask), "\(id) has no mask file")
        let header = try Data(contentsOf: url).prefix(26)
        #expect(header.count == 26)
        guard header.count == 26 else { return }
        let bytes = [UInt8](header)
        #expect(bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature: \(id)")
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == mask.width && height == mask.height, "\(id)")
        #expect(bytes[24] == 16 && bytes[25] == 0, "16-bit gray: \(id)")
    }

    static func checkRecipe(_ image: GoldenImage, named name: String, in catalog: GoldenImageCatalog) throws {
        switch image.recipe {
        case .file:
            #expect(Self.sourceImages.contains(name))
        case .warp(let warp):
            #expect(catalog.images[warp.source] != nil, "\(name)")
            #expect(warp.matrix.count == 9, "\(name)")
            #expect(warp.matrix.allSatisfy { ($0 * 1024).rounded() == $0 * 1024 }, "\(name)")
            #expect(warp.width == image.width && warp.height == image.height, "\(name)")
        case .gray(let source, let formula):
            #expect(catalog.images[source]?.channels == 3, "\(name)")
            #expect(image.channels == 1 && formula.contains("77"), "\(name)")
        case .horizontalConcatenation(let sources):
            let parts = sources.compactMap { catalog.images[$0] }
            #expect(parts.count == sources.count && parts.count >= 2, "\(name)")
            #expect(parts.map(\.width).reduce(0, +) == image.width, "\(name)")
            #expect(parts.allSatisfy { $0.height == image.height }, "\(name)")
        }
    }
}
