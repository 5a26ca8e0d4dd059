import Foundation
import Imaging
import MLKitFaceDetection
import MLKitVision
import Locking

/// Runs an ML Kit `FaceDetector` (the public API) for the command line.
///
/// ML Kit has no running modes: images and video frames go to `results(in:)` on one detector,
/// which keeps the tracking IDs between calls. Live frames go to the asynchronous
/// `process(_:completion:)` with MediaPipe's flow rule (``Locking/LatestFrameLimiter``): one
/// frame in work, one waiting, a newer frame replaces the waiting one (which gets no result).
final class MLKitFaceDetectorProcessor: TaskProcessor, @unchecked Sendable {
    private struct LiveFrame: @unchecked Sendable {
        var image: Image
        var timestamp: Int
    }

    private let options: FaceDetectorOptions
    private let detector: Locked<FaceDetector>
    private let sink: TaskLiveStreamSink?
    private let limiter = LatestFrameLimiter<LiveFrame>()
    /// Waiting frames replaced by a newer one (they get no result).
    private let replacedWaiting = Locked(0)
    private let inFlight = DispatchGroup()

    init(options: FaceDetectorOptions, engine: TaskEngineOptions, runningMode: TaskRunningMode) throws {
        let bundle = try engine.resolvedModelPath(defaultName: "face_landmarker.task")
        guard FileManager.default.fileExists(atPath: bundle) else {
            throw InputError(path: bundle, reason: "model file not found")
        }
        // Each worker's own detector gets its model and engine (no process-wide setting), and its
        // completions on a queue of its own: the tool's main thread is busy with the input.
        options.modelBundlePath = bundle
        options.engine = engine.interpreter
        options.completionQueue = DispatchQueue(label: "vision-tasks.mlkit-completions")
        self.options = options
        detector = Locked(FaceDetector.faceDetector(options: options))
        if case .liveStream(let sink) = runningMode { self.sink = sink } else { sink = nil }
    }

    func processImage(_ image: Image) throws -> TaskOutput {
        try currentDetector.results(in: VisionImage(image: image)).taskOutput
    }

    func processVideoFrame(_ image: Image, timestampInMilliseconds: Int) throws -> TaskOutput {
        try processImage(image)
    }

    func submitLiveFrame(_ image: Image, timestampInMilliseconds: Int) throws {
        guard sink != nil else { throw LiveStreamModeRequired() }
        let frame = LiveFrame(image: image, timestamp: timestampInMilliseconds)
        let admission = limiter.offer(frame)
        if admission == .waits(droppedOne: true) { replacedWaiting.withLock { $0 += 1 } }
        guard admission == .startNow else { return }
        inFlight.enter()
        start(frame)
    }

    /// Processes one live frame; on completion, starts the waiting frame, if any.
    private func start(_ frame: LiveFrame) {
        currentDetector.process(VisionImage(image: frame.image)) { [self] faces, error in
            if let faces {
                sink?(.success(faces.taskOutput), frame.timestamp)
            } else {
                sink?(.failure(error ?? LiveStreamFailure()), frame.timestamp)
            }
            if let next = limiter.next() {
                inFlight.enter()
                start(next)
            }
            inFlight.leave()
        }
    }

    func finishLiveStream() {
        inFlight.wait()
    }

    var droppedLiveFrames: Int { replacedWaiting.withLock { $0 } }

    func reset() {
        finishLiveStream()
        let fresh = FaceDetector.faceDetector(options: options)
        detector.withLock { $0 = fresh }
    }

    private var currentDetector: FaceDetector { detector.withLock { $0 } }
}

/// `submitLiveFrame` on a processor not made for live-stream mode.
struct LiveStreamModeRequired: Error, CustomStringConvertible {
    var description: String { "live frames need a processor made for live-stream mode" }
}

extension Array where Element == Face {
    /// `{"faces":[…]}` and the ML Kit overlay.
    var taskOutput: TaskOutput {
        let drawn = map(MLKitFaceOverlay.Face.init)
        return TaskOutput(json: .object([("faces", .array(map(\.json)))]),
                          drawOverlay: { image in try MLKitFaceOverlay.draw(drawn, on: &image) })
    }
}

extension Face {
    /// The face's fields in ML Kit's order; a value whose `has…` flag is false is left out.
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("frame", .object([
                ("x", .float(Float(frame.origin.x))), ("y", .float(Float(frame.origin.y))),
                ("width", .float(Float(frame.size.width))), ("height", .float(Float(frame.size.height))),
            ])),
        ]
        func add(_ key: String, _ has: Bool, _ value: CGFloat) {
            if has { members.append((key, .float(Float(value)))) }
        }
        add("headEulerAngleX", hasHeadEulerAngleX, headEulerAngleX)
        add("headEulerAngleY", hasHeadEulerAngleY, headEulerAngleY)
        add("headEulerAngleZ", hasHeadEulerAngleZ, headEulerAngleZ)
        members.append(("landmarks", .array(landmarks.map { landmark in
            .object([("type", .string(landmark.type.jsonName)), ("position", landmark.position.json)])
        })))
        members.append(("contours", .array(contours.map { contour in
            .object([("type", .string(contour.type.jsonName)), ("points", .array(contour.points.map(\.json)))])
        })))
        add("smilingProbability", hasSmilingProbability, smilingProbability)
        add("leftEyeOpenProbability", hasLeftEyeOpenProbability, leftEyeOpenProbability)
        add("rightEyeOpenProbability", hasRightEyeOpenProbability, rightEyeOpenProbability)
        if hasTrackingID { members.append(("trackingID", .number(trackingID))) }
        return .object(members)
    }
}

extension VisionPoint {
    /// `{"x","y"}` in pixels.
    var json: JSONValue { .object([("x", .float(Float(x))), ("y", .float(Float(y)))]) }
}

extension FaceLandmarkType {
    /// The Swift constant's name, e.g. `"leftEye"` for ``FaceLandmarkType/leftEye``.
    var jsonName: String { lowerCamelCase(rawValue) }
}

extension FaceContourType {
    /// The Swift constant's name, e.g. `"upperLipTop"` for ``FaceContourType/upperLipTop``.
    var jsonName: String { lowerCamelCase(rawValue) }
}

/// `"LeftEye"` → `"leftEye"`: the raw values are the ObjC constants' suffixes, whose Swift names
/// are the same words with a lower-case first letter.
private func lowerCamelCase(_ name: String) -> String {
    guard let first = name.first else { return name }
    return first.lowercased() + name.dropFirst()
}
