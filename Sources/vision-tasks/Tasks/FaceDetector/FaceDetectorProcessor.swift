import Foundation
import Imaging
import MediaPipeTasksVision

/// Runs a MediaPipe `FaceDetector` (the public API) for the command line.
final class FaceDetectorProcessor: TaskProcessor {
    private let detector: FaceDetector
    /// The live-stream delegate; the options hold it weakly, so the processor keeps it.
    private let liveStream: FaceDetectorLiveStream?

    init(options: FaceDetectorOptions, runningMode: TaskRunningMode) throws {
        options.runningMode = runningMode.mediaPipe
        liveStream = runningMode.liveStreamSink.map(FaceDetectorLiveStream.init)
        options.faceDetectorLiveStreamDelegate = liveStream
        detector = try FaceDetector(options: options)
    }

    func processImage(_ image: Image) throws -> TaskOutput {
        try detector.detect(image: MPImage(image: image)).taskOutput
    }

    func processVideoFrame(_ image: Image, timestampInMilliseconds: Int) throws -> TaskOutput {
        try detector.detect(videoFrame: MPImage(image: image), timestampInMilliseconds: timestampInMilliseconds).taskOutput
    }

    func submitLiveFrame(_ image: Image, timestampInMilliseconds: Int) throws {
        try detector.detectAsync(image: MPImage(image: image), timestampInMilliseconds: timestampInMilliseconds)
    }

    func finishLiveStream() {
        detector.callbackQueue.sync {}
    }

    var droppedLiveFrames: Int { detector.liveStreamCounters.dropped }

    func reset() {
        detector.reset()
    }
}

/// Forwards a face detector's live-stream results to the command line's sink.
private final class FaceDetectorLiveStream: NSObject, FaceDetectorLiveStreamDelegate, @unchecked Sendable {
    let sink: TaskLiveStreamSink

    init(sink: @escaping TaskLiveStreamSink) {
        self.sink = sink
    }

    func faceDetector(_ faceDetector: FaceDetector, didFinishDetection result: FaceDetectorResult?,
                      timestampInMilliseconds: Int, error: (any Error)?) {
        if let result {
            sink(.success(result.taskOutput), timestampInMilliseconds)
        } else {
            sink(.failure(error ?? LiveStreamFailure()), timestampInMilliseconds)
        }
    }
}

extension FaceDetectorResult {
    /// The JSON object of docs/json-contract.md §2.3 and the boxes-and-keypoints overlay.
    var taskOutput: TaskOutput {
        let faces = detections.map { detection in
            FaceDetectionOverlay.Face(
                box: PixelRect(x: Float(detection.boundingBox.origin.x), y: Float(detection.boundingBox.origin.y),
                               width: Float(detection.boundingBox.size.width), height: Float(detection.boundingBox.size.height)),
                score: detection.categories.first?.score ?? 0,
                keypoints: (detection.keypoints ?? []).map { (x: Float($0.location.x), y: Float($0.location.y)) })
        }
        return TaskOutput(json: json, drawOverlay: { image in try FaceDetectionOverlay.draw(faces, on: &image) })
    }

    /// `{"detections":[{"categories","boundingBox","keypoints"}]}`.
    var json: JSONValue {
        .object([("detections", .array(detections.map(\.json)))])
    }
}

extension Detection {
    /// `{"categories","boundingBox":{"x","y","width","height"},"keypoints":[{"x","y"}]}` (no
    /// `"keypoints"` when the model has none).
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("categories", .array(categories.map(\.json))),
            ("boundingBox", .object([
                ("x", .float(Float(boundingBox.origin.x))), ("y", .float(Float(boundingBox.origin.y))),
                ("width", .float(Float(boundingBox.size.width))), ("height", .float(Float(boundingBox.size.height))),
            ])),
        ]
        if let keypoints {
            members.append(("keypoints", .array(keypoints.map {
                .object([("x", .float(Float($0.location.x))), ("y", .float(Float($0.location.y)))])
            })))
        }
        return .object(members)
    }
}
