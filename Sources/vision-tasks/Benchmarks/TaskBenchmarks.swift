import Benchmarks
import Foundation
import Imaging
import Inference
import VisionPipeline

/// End-to-end task timings on the sample images, for `vision-tasks bench tasks`.
///
/// Each case builds its graph once (not timed), runs it once untimed, then times `iterations`
/// calls and reports the median in milliseconds. Video cases advance the timestamp by 33 ms per
/// call, so the detector is skipped once the face or pose is tracked, as in MediaPipe.
///
/// The ML Kit cases (`MLKitFaceAnalyzer`, the engine of the ML Kit and Firebase APIs) time one
/// call each: `.fast` with landmarks and classification, the same with tracking (one video
/// frame: the still image repeated, so the detector runs every `redetectionInterval`-th frame
/// and the median is a tracked frame), `.accurate` with contours, and `.accurate` with tracking
/// on t1's six small faces. Compare them with the
/// face-landmarker image cases with blendshapes and matrices (the same models per face).
enum TaskBenchmarks {
    struct Case {
        var name: String
        /// Runs the task once; returns how many faces or poses it found.
        var run: () throws -> Int
    }

    struct Result {
        var name: String
        var found: Int
        var timesMilliseconds: [Double]
        var medianMilliseconds: Double { ModelBenchmark.median(timesMilliseconds) }
    }

    /// The cases; each builds its graph in its first (untimed) run, so that a filtered run builds
    /// only what it times.
    static func cases(models: URL, images: URL, engine: InterpreterOptions) throws -> [Case] {
        func image(_ name: String) throws -> PipelineImage {
            PipelineImage(try ImageDecoder.decode(contentsOfFile: images.appendingPathComponent(name).path).image)
        }
        let faceBundle = models.appendingPathComponent("face_landmarker.task").path
        let poseBundle = models.appendingPathComponent("pose_landmarker_full.task").path
        let handBundle = models.appendingPathComponent("hand_landmarker.task").path
        let shortRange = models.appendingPathComponent("face_detection_short_range.tflite").path
        let astronaut = try image("astronaut.png"), t1 = try image("t1.jpg"), bus = try image("bus.jpg")

        let faceImage = Built { try FaceLandmarkerGraph(modelPath: faceBundle, options: .init(
            outputBlendshapes: true, outputTransformationMatrixes: true, engine: engine)) }
        let faceVideo = Built { try FaceLandmarkerGraph(modelPath: faceBundle, options: .init(
            outputBlendshapes: true, outputTransformationMatrixes: true, isStreaming: true, engine: engine)) }
        let faceDefaultT1 = Built { try FaceLandmarkerGraph(modelPath: faceBundle, options: .init(numFaces: 10, engine: engine)) }
        let faceSmallT1 = Built { try FaceLandmarkerGraph(modelPath: faceBundle, options: .init(
            numFaces: 10, detectsSmallFaces: true, engine: engine)) }
        let detector = Built { try FaceDetectorGraph(modelPath: shortRange, options: .init(engine: engine)) }
        let faceImageT1 = Built { try FaceLandmarkerGraph(modelPath: faceBundle, options: .init(
            numFaces: MLKitFaceAnalyzer.maximumFaces, outputBlendshapes: true, outputTransformationMatrixes: true, engine: engine)) }
        // ML Kit: one analyzer per case and image, so that tracking state stays with its image.
        func mlKit(_ options: MLKitFaceOptions) -> Built<MLKitFaceAnalyzer> {
            Built { try MLKitFaceAnalyzer(bundlePath: faceBundle, options: options, engine: engine) }
        }
        let fastClassified = MLKitFaceOptions(landmarks: true, classification: true)
        let fastTracked = MLKitFaceOptions(landmarks: true, classification: true, tracking: true)
        let accurateContours = MLKitFaceOptions(accurate: true, contours: true)
        // t1's six faces are 0.075–0.091 of its width: below the default minFaceSize.
        let accurateTracked = MLKitFaceOptions(accurate: true, landmarks: true, classification: true, minFaceSize: 0.05, tracking: true)
        let mlKitCases: [(name: String, analyzer: Built<MLKitFaceAnalyzer>, image: PipelineImage)] = [
            ("mlkit .fast landmarks+classification, astronaut", mlKit(fastClassified), astronaut),
            ("mlkit .fast landmarks+classification, t1", mlKit(fastClassified), t1),
            ("mlkit .fast+tracking landmarks+classification, astronaut", mlKit(fastTracked), astronaut),
            ("mlkit .fast+tracking landmarks+classification, t1", mlKit(fastTracked), t1),
            ("mlkit .accurate contours, astronaut", mlKit(accurateContours), astronaut),
            ("mlkit .accurate contours, t1", mlKit(accurateContours), t1),
            ("mlkit .accurate+tracking landmarks+classification, t1", mlKit(accurateTracked), t1),
        ]
        let poseImage = Built { try PoseLandmarkerGraph(modelPath: poseBundle, options: .init(outputSegmentationMasks: true, engine: engine)) }
        let poseVideo = Built { try PoseLandmarkerGraph(modelPath: poseBundle, options: .init(isStreaming: true, engine: engine)) }
        let poseGroup = Built { try PoseLandmarkerGraph(modelPath: poseBundle, options: .init(numPoses: 5, engine: engine)) }
        let poseEveryone = Built { try PoseLandmarkerGraph(modelPath: poseBundle, options: .init(numPoses: 8, findsEveryPerson: true, engine: engine)) }

        let handImage = Built { try HandLandmarkerGraph(modelPath: handBundle, options: .init(numHands: 2, engine: engine)) }
        let handEvery = Built { try HandLandmarkerGraph(modelPath: handBundle, options: .init(
            numHands: 12, findsEveryHand: true, engine: engine)) }
        let handVideo = Built { try HandLandmarkerGraph(modelPath: handBundle, options: .init(isStreaming: true, engine: engine)) }

        var faceTimestamp = 0, poseTimestamp = 0, handTimestamp = 0
        return [
            Case(name: "face-landmarker image, astronaut, blendshapes+matrices") {
                try faceImage().process(astronaut, timestampMilliseconds: 0).count
            },
            Case(name: "face-landmarker video frame, astronaut, blendshapes+matrices") {
                faceTimestamp += 33
                return try faceVideo().process(astronaut, timestampMilliseconds: faceTimestamp).count
            },
            Case(name: "face-landmarker image, t1, numFaces 10") { try faceDefaultT1().process(t1, timestampMilliseconds: 0).count },
            Case(name: "face-landmarker image, t1, numFaces 10, small faces") {
                try faceSmallT1().process(t1, timestampMilliseconds: 0).count
            },
            Case(name: "face-detector, astronaut") { try detector().detect(astronaut).count },
            Case(name: "face-landmarker image, t1, numFaces 32, blendshapes+matrices") {
                try faceImageT1().process(t1, timestampMilliseconds: 0).count
            },
        ] + mlKitCases.map { entry in
            Case(name: entry.name) { try entry.analyzer().analyze(entry.image).count }
        } + [
            Case(name: "pose-landmarker image, astronaut, masks") {
                // Each mask warped onto the picture, as MediaPipe's graph does before detect returns.
                let poses = try poseImage().process(astronaut, timestampMilliseconds: 0)
                return try poses.compactMap { try $0.segmentationMask?.rendered() }.count == poses.count ? poses.count : 0
            },
            Case(name: "pose-landmarker video frame, astronaut") {
                poseTimestamp += 33
                return try poseVideo().process(astronaut, timestampMilliseconds: poseTimestamp).count
            },
            Case(name: "pose-landmarker image, t1, numPoses 5") { try poseGroup().process(t1, timestampMilliseconds: 0).count },
            Case(name: "pose-landmarker image, t1, numPoses 8, every person") {
                try poseEveryone().process(t1, timestampMilliseconds: 0).count
            },
            Case(name: "pose-landmarker image, bus, numPoses 5") { try poseGroup().process(bus, timestampMilliseconds: 0).count },
            Case(name: "pose-landmarker image, bus, numPoses 8, every person") {
                try poseEveryone().process(bus, timestampMilliseconds: 0).count
            },
            Case(name: "hand-landmarker image, t1, numHands 2") { try handImage().process(t1, timestampMilliseconds: 0).count },
            Case(name: "hand-landmarker image, t1, numHands 12, every hand") { try handEvery().process(t1, timestampMilliseconds: 0).count },
            Case(name: "hand-landmarker video frame, t1") {
                handTimestamp += 33
                return try handVideo().process(t1, timestampMilliseconds: handTimestamp).count
            },
        ]
    }

    /// Times `cases` in rounds: each case once untimed, then `iterations` rounds that run every
    /// case once, so that load from other processes on a shared machine spreads over all cases
    /// alike.
    static func measureInterleaved(_ cases: [Case], iterations: Int) throws -> [Result] {
        var found = try cases.map { try $0.run() }
        var times = [[Double]](repeating: [], count: cases.count)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            for (k, benchmark) in cases.enumerated() {
                let start = clock.now
                found[k] = try benchmark.run()
                times[k].append(milliseconds(start.duration(to: clock.now)))
            }
        }
        return cases.indices.map { Result(name: cases[$0].name, found: found[$0], timesMilliseconds: times[$0]) }
    }

    static func measure(_ benchmark: Case, iterations: Int) throws -> Result {
        var found = try benchmark.run()
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<iterations {
            let start = clock.now
            found = try benchmark.run()
            times.append(milliseconds(start.duration(to: clock.now)))
        }
        return Result(name: benchmark.name, found: found, timesMilliseconds: times)
    }
}

/// A value built on first use (and kept).
final class Built<Value> {
    private var value: Value?
    private let make: () throws -> Value

    init(_ make: @escaping () throws -> Value) { self.make = make }

    func callAsFunction() throws -> Value {
        if let value { return value }
        let made = try make()
        value = made
        return made
    }
}
