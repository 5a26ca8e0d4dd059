import Foundation
import MediaPipeTasksVision
import TestSupport
import Testing
import VisionCore

/// The three tasks on `astronaut.png` with the real models, through the public API, compared
/// with MediaPipe 1.2.3's recorded results (the graphs' parity suites check the numbers in
/// depth; these check that the API layer carries them over with iOS's layouts).
@Suite struct EndToEndTests {
    @Test func faceLandmarkerImageMode() throws {
        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.faceLandmarker
        options.outputFaceBlendshapes = true
        options.outputFacialTransformationMatrixes = true
        let landmarker = try FaceLandmarker(options: options)
        let result = try landmarker.detect(image: try TaskModels.astronaut())

        #expect(result.timestampInMilliseconds == 0)
        #expect(result.faceLandmarks.count == 1)
        let landmarks = try #require(result.faceLandmarks.first)
        #expect(landmarks.count == 478)
        #expect(landmarks.allSatisfy { $0.visibility == nil && $0.presence == nil })

        let blendshapes = try #require(result.faceBlendshapes.first)
        #expect(result.faceBlendshapes.count == 1)
        #expect(blendshapes.headIndex == 0 && blendshapes.headName == "")
        #expect(blendshapes.categories.map(\.categoryName) == blendshapeNames)
        #expect(blendshapes.categories.first?.categoryName == "_neutral" && blendshapes.categories.count == 52)
        #expect(blendshapes.categories.map(\.index) == Array(0..<52))
        #expect(blendshapes.categories.allSatisfy { $0.displayName == nil && (0...1).contains($0.score) })

        let matrix = try #require(result.facialTransformationMatrixes.first)
        #expect(result.facialTransformationMatrixes.count == 1 && matrix.rows == 4 && matrix.columns == 4)

        let golden = try #require(MediaPipeGoldens.faceLandmarkerImage().cases.first { $0.id == "astronaut.png/faces1" })
        let face = try #require(golden.faces?.first)
        let xyError = zip(landmarks, face.landmarks).map { max(abs($0.x - $1.x), abs($0.y - $1.y)) }.max() ?? .infinity
        #expect(xyError <= 5e-4, "landmarks as MediaPipe's (max |Δ| \(xyError))")
        let goldenScores = try #require(face.blendshapes).map(\.score)
        let scoreError = zip(blendshapes.categories.map(\.score), goldenScores).map { abs($0 - $1) }.max() ?? .infinity
        #expect(scoreError <= 5e-3)
        // The golden matrix is MediaPipe Python's row-major M; iOS's data is column-major.
        let rowMajor = try #require(face.matrix)
        for row in UInt(0)..<4 {
            for column in UInt(0)..<4 {
                let reference = rowMajor[Int(4 * row + column)]
                let tolerance = 2e-3 * max(1, abs(reference))
                #expect(abs(matrix.data[Int(4 * column + row)] - reference) <= tolerance)
                #expect(abs(matrix.element(row: row, column: column) - reference) <= tolerance)
                #expect(abs(matrix.value(atRow: column, column: row) - reference) <= tolerance, "iOS's accessor gives Mᵀ")
            }
        }
        #expect(matrix.data[14] < -30, "translation z (cm) in data[14]: the face is in front of the camera")

        let second = try landmarker.detect(image: try TaskModels.astronaut())
        #expect(second.timestampInMilliseconds == 1000, "image mode's synthetic clock")
    }

    @Test func faceLandmarkerLeavesOptionalOutputsEmpty() throws {
        let landmarker = try FaceLandmarker(modelPath: TaskModels.faceLandmarker)
        let result = try landmarker.detect(image: try TaskModels.astronaut())
        #expect(result.faceLandmarks.count == 1)
        #expect(result.faceBlendshapes.isEmpty && result.facialTransformationMatrixes.isEmpty)
    }

    @Test func faceLandmarkerVideoModeTracksAndResets() throws {
        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.faceLandmarker
        options.runningMode = .video
        let landmarker = try FaceLandmarker(options: options)
        let image = try TaskModels.astronaut()
        for timestamp in [0, 33, 66] {
            let result = try landmarker.detect(videoFrame: image, timestampInMilliseconds: timestamp)
            #expect(result.timestampInMilliseconds == timestamp && result.faceLandmarks.first?.count == 478)
        }
        landmarker.reset()
        #expect(try landmarker.detect(videoFrame: image, timestampInMilliseconds: 0).faceLandmarks.count == 1)
    }

    @Test func mirroredOrientationIsSupported() throws {
        let landmarker = try FaceLandmarker(modelPath: TaskModels.faceLandmarker)
        let astronaut = try TaskModels.astronaut()
        let upright = try #require(try landmarker.detect(image: astronaut).faceLandmarks.first)
        let mirroredImage = try MPImage(uiImage: try #require(astronaut.image), orientation: .upMirrored)
        let mirrored = try #require(try landmarker.detect(image: mirroredImage).faceLandmarks.first)
        // Results stay in the stored pixels' coordinates: the same face, found from a flipped crop.
        let noseError = max(abs(mirrored[1].x - upright[1].x), abs(mirrored[1].y - upright[1].y))
        #expect(noseError < 0.02, "nose tip within 2 % (\(noseError))")
    }

    @Test func faceDetectorMatchesMediaPipe() throws {
        let detector = try FaceDetector(modelPath: TaskModels.shortRangeDetector)
        let result = try detector.detect(image: try TaskModels.astronaut())
        #expect(result.timestampInMilliseconds == 0)
        let detection = try #require(result.detections.first)
        #expect(result.detections.count == 1)

        let goldens = try MediaPipeGoldens.faceDetectorImage()
        let model = try #require(goldens.models.first { $0.name == "face_detection_short_range" })
        let golden = try #require(model.cases.first { $0.id == "astronaut.png/rot0" }?.detections?.first)
        let box = golden.boundingBox.map { CGFloat($0) }
        #expect(abs(detection.boundingBox.origin.x - box[0]) <= 1 && abs(detection.boundingBox.origin.y - box[1]) <= 1)
        #expect(abs(detection.boundingBox.width - box[2]) <= 1 && abs(detection.boundingBox.height - box[3]) <= 1)
        let category = try #require(detection.categories.first)
        #expect(detection.categories.count == 1 && category.index == golden.categoryIndex && category.categoryName == nil)
        #expect(abs(category.score - golden.score) <= 1e-4)
        let keypoints = try #require(detection.keypoints)
        #expect(keypoints.count == 6 && keypoints.allSatisfy { $0.label == nil && $0.score == 0 })
        for (keypoint, reference) in zip(keypoints, golden.keypoints) {
            #expect(abs(Float(keypoint.location.x) - reference[0]) <= 1e-4 && abs(Float(keypoint.location.y) - reference[1]) <= 1e-4)
        }
    }

    /// iOS's orientations map to MediaPipe's rotations as in the current iOS SDK (`.right`, the
    /// usual portrait photo, is Python's `rotation_degrees` 90), and results stay in the stored
    /// image's coordinates.
    @Test func orientationsMatchMediaPipesRotations() throws {
        let detector = try FaceDetector(modelPath: TaskModels.shortRangeDetector)
        let uiImage = try #require(try TaskModels.astronaut().image)
        let model = try #require(try MediaPipeGoldens.faceDetectorImage().models.first { $0.name == "face_detection_short_range" })
        for (orientation, degrees) in [(UIImage.Orientation.right, 90), (.down, 180), (.left, 270)] {
            let golden = try #require(model.cases.first { $0.id == "astronaut.png/rot\(degrees)" }?.detections?.first)
            let result = try detector.detect(image: try MPImage(uiImage: uiImage, orientation: orientation))
            let box = try #require(result.detections.first).boundingBox
            let expected = golden.boundingBox.map { CGFloat($0) }
            #expect(result.detections.count == model.cases.first { $0.id == "astronaut.png/rot\(degrees)" }?.detections?.count,
                    "\(orientation): \(result.detections.map(\.boundingBox))")
            #expect(abs(box.minX - expected[0]) <= 1 && abs(box.minY - expected[1]) <= 1
                && abs(box.width - expected[2]) <= 1 && abs(box.height - expected[3]) <= 1,
                    "\(orientation): \(box) vs \(expected)")
        }
    }

    @Test func faceDetectorTakesTheFullRangeModelAndTheLandmarkerBundle() throws {
        for path in [TaskModels.fullRangeDetector, TaskModels.faceLandmarker] {
            let detector = try FaceDetector(modelPath: path)
            #expect(try detector.detect(image: try TaskModels.astronaut()).detections.count == 1, "\(path)")
        }
    }

    /// An image-mode pose landmarker that outputs segmentation masks.
    private static func poseLandmarkerWithMasks() throws -> PoseLandmarker {
        let options = PoseLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.poseLandmarker
        options.shouldOutputSegmentationMasks = true
        return try PoseLandmarker(options: options)
    }

    @Test func poseLandmarkerWithMask() throws {
        let landmarker = try Self.poseLandmarkerWithMasks()
        let result = try landmarker.detect(image: try TaskModels.astronaut())

        #expect(result.timestampInMilliseconds == 0)
        #expect(result.landmarks.count == 1 && result.worldLandmarks.count == 1)
        let landmarks = try #require(result.landmarks.first)
        let world = try #require(result.worldLandmarks.first)
        #expect(landmarks.count == 33 && world.count == 33)
        #expect(landmarks.allSatisfy { $0.visibility != nil && $0.presence != nil })
        #expect(world.allSatisfy { abs($0.x) < 2 && abs($0.y) < 2 && abs($0.z) < 2 }, "metres around the hips")

        let mask = try #require(result.segmentationMasks.first)
        #expect(result.segmentationMasks.count == 1)
        #expect(mask.dataType == .float32 && mask.width == 512 && mask.height == 512)
        let values = mask.float32Values
        #expect(values.allSatisfy { (0...1).contains($0) })

        let golden = try #require(MediaPipeGoldens.poseLandmarkerImage().cases.first { $0.id == "astronaut.png/poses1" }?.poses?.first)
        let xyError = zip(landmarks, golden.landmarks).map { max(abs($0.x - $1.x), abs($0.y - $1.y)) }.max() ?? .infinity
        #expect(xyError <= 1e-3, "landmarks as MediaPipe's (max |Δ| \(xyError))")
        let visibilityError = zip(landmarks, golden.landmarks)
            .map { abs(($0.visibility?.floatValue ?? -1) - ($1.visibility ?? -2)) }.max() ?? .infinity
        #expect(visibilityError <= 1e-3)
        let goldenMask = try #require(golden.segmentationMask)
        let mean = values.reduce(0, +) / Float(values.count)
        #expect(abs(mean - goldenMask.mean) <= 0.01, "mask mean \(mean) vs MediaPipe's \(goldenMask.mean)")
    }

    @Test func aPoseMaskReadAfterLaterDetectionsIsStillItsOwn() throws {
        // Masks are rendered when first read (docs/pipeline.md §6.6): from what the result kept,
        // not from the landmarker's buffers, which later detections reuse.
        let landmarker = try Self.poseLandmarkerWithMasks()
        let kept = try landmarker.detect(image: try TaskModels.astronaut())
        let readAtOnce = try #require(try landmarker.detect(image: try TaskModels.astronaut()).segmentationMasks.first).float32Values
        let other = try landmarker.detect(image: try MPImage(contentsOfFile: Assets.image("bus.jpg").path))
        let otherMask = try #require(other.segmentationMasks.first)
        let mask = try #require(kept.segmentationMasks.first)
        #expect(mask.float32Values == readAtOnce)
        #expect(otherMask.width != mask.width && otherMask.float32Values.contains { $0 > 0.5 })
    }

    @Test func poseLandmarkerWithoutMasksGivesNone() throws {
        let landmarker = try PoseLandmarker(modelPath: TaskModels.poseLandmarker)
        let result = try landmarker.detect(image: try TaskModels.astronaut())
        #expect(result.landmarks.count == 1 && result.segmentationMasks.isEmpty)
    }
}
