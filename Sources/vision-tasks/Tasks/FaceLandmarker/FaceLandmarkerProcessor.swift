import Foundation
import Imaging
import MediaPipeTasksVision

/// Runs a `FaceLandmarker` (the public API) for the command line.
final class FaceLandmarkerProcessor: TaskProcessor {
    private let landmarker: FaceLandmarker
    /// The live-stream delegate; the options hold it weakly, so the processor keeps it.
    private let liveStream: FaceLandmarkerLiveStream?

    init(options: FaceLandmarkerOptions, runningMode: TaskRunningMode) throws {
        options.runningMode = runningMode.mediaPipe
        liveStream = runningMode.liveStreamSink.map(FaceLandmarkerLiveStream.init)
        options.faceLandmarkerLiveStreamDelegate = liveStream
        landmarker = try FaceLandmarker(options: options)
    }

    func processImage(_ image: Image) throws -> TaskOutput {
        try landmarker.detect(image: MPImage(image: image)).taskOutput
    }

    func processVideoFrame(_ image: Image, timestampInMilliseconds: Int) throws -> TaskOutput {
        try landmarker.detect(videoFrame: MPImage(image: image), timestampInMilliseconds: timestampInMilliseconds).taskOutput
    }

    func submitLiveFrame(_ image: Image, timestampInMilliseconds: Int) throws {
        try landmarker.detectAsync(image: MPImage(image: image), timestampInMilliseconds: timestampInMilliseconds)
    }

    func finishLiveStream() {
        landmarker.callbackQueue.sync {}
    }

    var droppedLiveFrames: Int { landmarker.liveStreamCounters.dropped }

    func reset() {
        landmarker.reset()
    }
}

/// Forwards a face landmarker's live-stream results to the command line's sink.
private final class FaceLandmarkerLiveStream: NSObject, FaceLandmarkerLiveStreamDelegate, @unchecked Sendable {
    let sink: TaskLiveStreamSink

    init(sink: @escaping TaskLiveStreamSink) {
        self.sink = sink
    }

    func faceLandmarker(_ faceLandmarker: FaceLandmarker, didFinishDetection result: FaceLandmarkerResult?,
                        timestampInMilliseconds: Int, error: (any Error)?) {
        if let result {
            sink(.success(result.taskOutput), timestampInMilliseconds)
        } else {
            sink(.failure(error ?? LiveStreamFailure()), timestampInMilliseconds)
        }
    }
}

/// A live-stream callback that carried neither a result nor an error.
struct LiveStreamFailure: Error, CustomStringConvertible {
    var description: String { "the task returned neither a result nor an error" }
}

extension FaceLandmarkerResult {
    /// The JSON object of docs/json-contract.md §2.1 and the face-mesh overlay.
    var taskOutput: TaskOutput {
        let faces = faceLandmarks.map { face in face.map { (x: $0.x, y: $0.y) } }
        return TaskOutput(json: json, drawOverlay: { image in try FaceMeshOverlay.draw(faces: faces, on: &image) })
    }

    /// `{"timestampInMilliseconds","faceLandmarks","faceBlendshapes","facialTransformationMatrixes"}`.
    var json: JSONValue {
        .object([
            ("timestampInMilliseconds", .number(timestampInMilliseconds)),
            ("faceLandmarks", .array(faceLandmarks.map { .array($0.map(\.json)) })),
            ("faceBlendshapes", .array(faceBlendshapes.map { head in
                .object([
                    ("headIndex", .number(head.headIndex)),
                    ("headName", head.headName.map(JSONValue.string) ?? .null),
                    ("categories", .array(head.categories.map(\.json))),
                ])
            })),
            ("facialTransformationMatrixes", .array(facialTransformationMatrixes.map(\.rowMajorJSON))),
        ])
    }
}

extension TransformMatrix {
    /// `{"rows","columns","data"}` with `data` the matrix **row-major** (docs/json-contract.md §2.1): element
    /// (r, c) of the mathematical matrix at `data[r·columns + c]`, so a face's translation
    /// (centimetres) is at `data[3]`, `data[7]`, `data[11]`.
    var rowMajorJSON: JSONValue {
        var data: [JSONValue] = []
        for row in 0..<rows {
            for column in 0..<columns {
                data.append(.float(element(row: row, column: column)))
            }
        }
        return .object([("rows", .number(rows)), ("columns", .number(columns)), ("data", .array(data))])
    }
}
