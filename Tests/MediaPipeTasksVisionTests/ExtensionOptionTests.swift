import Dispatch
import Foundation
import Imaging
import MediaPipeTasksVision
import TestSupport
import Testing

/// VisionTasks' extensions reach the graphs, and the GPU delegate and backend choices run.
@Suite struct ExtensionOptionTests {
    private func detections(delegate: Delegate, backend: InferenceBackend) throws -> [[CGFloat]] {
        let options = FaceDetectorOptions()
        options.baseOptions.modelAssetPath = TaskModels.shortRangeDetector
        options.baseOptions.delegate = delegate
        options.baseOptions.inferenceBackend = backend
        let result = try FaceDetector(options: options).detect(image: try TaskModels.astronaut())
        return result.detections.map { detection in
            let box = detection.boundingBox
            return [box.minX, box.minY, box.width, box.height, CGFloat(detection.categories.first?.score ?? -1)]
        }
    }

    @Test func gpuDelegateRunsOnTheCPU() throws {
        let cpu = try detections(delegate: .CPU, backend: .fastest)
        #expect(cpu.count == 1)
        #expect(try detections(delegate: .GPU, backend: .fastest) == cpu, "identical to .CPU")
    }

    @Test(arguments: [InferenceBackend.reference, .builtIn])
    func otherKernelsGiveTheSameFace(backend: InferenceBackend) throws {
        let fast = try detections(delegate: .CPU, backend: .fastest)
        let other = try detections(delegate: .CPU, backend: backend)
        #expect(other.count == 1 && fast.count == 1)
        if let a = fast.first, let b = other.first {
            #expect(a[0..<4] == b[0..<4] && abs(a[4] - b[4]) < 1e-4)
        }
    }

    @Test func concurrentCallsAreSerialized() throws {
        let detector = try FaceDetector(modelPath: TaskModels.shortRangeDetector)
        let image = try TaskModels.astronaut()
        let outcomes = Locked<[(Int, Int)]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            if let result = try? detector.detect(image: image) {
                outcomes.withValue { $0.append((result.timestampInMilliseconds, result.detections.count)) }
            }
        }
        let results = outcomes.current
        #expect(results.count == 6 && results.allSatisfy { $0.1 == 1 })
        #expect(Set(results.map(\.0)) == Set((0..<6).map { $0 * 1000 }), "each call gets its own synthetic timestamp")
    }

    @Test func smallFacesOptionFindsTheDistantFaces() throws {
        let image = try MPImage(contentsOfFile: Assets.image("t1.jpg").path)
        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.faceLandmarker
        options.numFaces = 6
        let mediaPipe = try FaceLandmarker(options: options).detect(image: image)
        #expect(mediaPipe.faceLandmarks.isEmpty, "MediaPipe finds no face in t1.jpg")
        options.detectsSmallFaces = true
        let extended = try FaceLandmarker(options: options).detect(image: image)
        #expect(extended.faceLandmarks.count >= 4, "found \(extended.faceLandmarks.count)")
    }

    /// The option reaches the graph: more of bus.jpg's 4 people, MediaPipe's pose first and
    /// unchanged (the graph's own tests check the search in depth).
    @Test func everyPersonOptionFindsMorePeople() throws {
        let image = try MPImage(contentsOfFile: Assets.image("bus.jpg").path)
        let options = PoseLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.poseLandmarker
        options.numPoses = 5
        let mediaPipe = try PoseLandmarker(options: options).detect(image: image)
        #expect(mediaPipe.landmarks.count == 1, "MediaPipe finds 1 of the 4 people")
        options.findsEveryPerson = true
        let extended = try PoseLandmarker(options: options).detect(image: image)
        #expect(extended.landmarks.count > mediaPipe.landmarks.count && extended.landmarks.count <= 5,
                "found \(extended.landmarks.count)")
        #expect(extended.landmarks.first == mediaPipe.landmarks.first, "MediaPipe's pose first, unchanged")
    }

    /// `pixels` moved right by `dx` pixels (the left edge repeated); RGB only.
    private func shiftedRight(_ pixels: Imaging.Image, by dx: Int) throws -> Imaging.Image {
        let rgb = try pixels.converted(to: .rgb8)
        let source = rgb.packedBytes()
        var bytes = source
        for y in 0..<rgb.height {
            for x in 0..<rgb.width {
                let from = (y * rgb.width + max(x - dx, 0)) * 3, to = (y * rgb.width + x) * 3
                bytes[to] = source[from]
                bytes[to + 1] = source[from + 1]
                bytes[to + 2] = source[from + 2]
            }
        }
        return try Imaging.Image(width: rgb.width, height: rgb.height, format: .rgb8, bytes: bytes)
    }

    @Test func smoothingOptionReachesTheVideoGraph() throws {
        let astronaut = try #require(try TaskModels.astronaut().image).pixels
        let frames = [astronaut, try shiftedRight(astronaut, by: 6)]
        func noseTrack(_ smoothing: LandmarkSmoothingMode) throws -> [Float] {
            let options = FaceLandmarkerOptions()
            options.baseOptions.modelAssetPath = TaskModels.faceLandmarker
            options.runningMode = .video
            options.landmarkSmoothing = smoothing
            let landmarker = try FaceLandmarker(options: options)
            return try frames.enumerated().map { index, frame in
                let result = try landmarker.detect(videoFrame: try MPImage(image: frame), timestampInMilliseconds: index * 33)
                return try #require(result.faceLandmarks.first?[1]).x
            }
        }
        let raw = try noseTrack(.off)
        let smoothed = try noseTrack(.mediaPipe)
        #expect(raw[1] > raw[0] + 0.005, "the face moved right (\(raw))")
        #expect(smoothed[0] == raw[0], "the first frame passes through the filter")
        #expect(smoothed[1] != raw[1] && smoothed[1] > raw[0], "the One-Euro filter damps the move (\(smoothed) vs \(raw))")
    }
}
