import Foundation
import Imaging
import MediaPipeTasksVision
import Synchronization

/// Runs a `PoseLandmarker` (the public API) for the command line; writes masks with `--masks`.
final class PoseLandmarkerProcessor: TaskProcessor, @unchecked Sendable {
    private let landmarker: PoseLandmarker
    private let masks: PoseMaskWriter?
    /// Whether the JSON lists the masks (`--output-segmentation-masks`); they may be computed
    /// for the overlay only.
    private let listsMasks: Bool
    private let isImageMode: Bool
    /// The live-stream delegate; the options hold it weakly, so the processor keeps it.
    private var liveStream: PoseLandmarkerLiveStream?
    private let inputName = Mutex("image")

    init(options: PoseLandmarkerOptions, runningMode: TaskRunningMode, listsMasks: Bool, masks: PoseMaskWriter?) throws {
        self.masks = masks
        self.listsMasks = listsMasks
        isImageMode = runningMode.mediaPipe == .image
        options.runningMode = runningMode.mediaPipe
        let liveStream = runningMode.liveStreamSink.map(PoseLandmarkerLiveStream.init)
        options.poseLandmarkerLiveStreamDelegate = liveStream
        landmarker = try PoseLandmarker(options: options)
        self.liveStream = liveStream
        liveStream?.convert = { [weak self] result in
            guard let self else { throw LiveStreamFailure() }
            return try self.output(result)
        }
    }

    func setInputName(_ name: String) {
        inputName.withLock { $0 = name }
    }

    func processImage(_ image: Image) throws -> TaskOutput {
        try output(landmarker.detect(image: MPImage(image: image)))
    }

    func processVideoFrame(_ image: Image, timestampInMilliseconds: Int) throws -> TaskOutput {
        try output(landmarker.detect(videoFrame: MPImage(image: image), timestampInMilliseconds: timestampInMilliseconds))
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

    /// The result as JSON and overlay, after writing its masks.
    private func output(_ result: PoseLandmarkerResult) throws -> TaskOutput {
        let name = inputName.withLock { $0 }
        let files = try masks?.write(result.segmentationMasks, inputName: name,
                                     timestampInMilliseconds: isImageMode ? nil : result.timestampInMilliseconds)
        return result.taskOutput(listsMasks: listsMasks, maskFiles: files)
    }
}

/// Forwards a pose landmarker's live-stream results to the command line's sink.
private final class PoseLandmarkerLiveStream: NSObject, PoseLandmarkerLiveStreamDelegate, @unchecked Sendable {
    let sink: TaskLiveStreamSink
    /// Set by the processor once it exists (it writes masks and builds the output).
    var convert: (PoseLandmarkerResult) throws -> TaskOutput = { $0.taskOutput(listsMasks: true, maskFiles: nil) }

    init(sink: @escaping TaskLiveStreamSink) {
        self.sink = sink
    }

    func poseLandmarker(_ poseLandmarker: PoseLandmarker, didFinishDetection result: PoseLandmarkerResult?,
                        timestampInMilliseconds: Int, error: (any Error)?) {
        if let result {
            sink(Result { try convert(result) }, timestampInMilliseconds)
        } else {
            sink(.failure(error ?? LiveStreamFailure()), timestampInMilliseconds)
        }
    }
}

extension PoseLandmarkerResult {
    /// The JSON object of docs/json-contract.md §2.2 and the skeleton overlay (with the masks tinted). The
    /// JSON lists the masks when `listsMasks`; `maskFiles` are their PNG paths (`--masks`), nil
    /// when they were not written.
    func taskOutput(listsMasks: Bool, maskFiles: [String]?) -> TaskOutput {
        let poses = landmarks.map { pose in pose.map { (x: $0.x, y: $0.y) } }
        let masks = segmentationMasks
        return TaskOutput(json: json(listsMasks: listsMasks, maskFiles: maskFiles), drawOverlay: { image in
            let maskImages = try masks.map { try FloatImage(width: $0.width, height: $0.height, values: $0.float32Values) }
            try PoseOverlay.draw(poses: poses, masks: maskImages, on: &image)
        })
    }

    /// `{"timestampInMilliseconds","landmarks","worldLandmarks","segmentationMasks"}`.
    func json(listsMasks: Bool, maskFiles: [String]?) -> JSONValue {
        .object([
            ("timestampInMilliseconds", .number(timestampInMilliseconds)),
            ("landmarks", .array(landmarks.map { .array($0.map(\.json)) })),
            ("worldLandmarks", .array(worldLandmarks.map { .array($0.map(\.json)) })),
            ("segmentationMasks", .array(!listsMasks ? [] : segmentationMasks.enumerated().map { index, mask in
                var members: [(key: String, value: JSONValue)] = [("width", .number(mask.width)), ("height", .number(mask.height))]
                if let maskFiles, index < maskFiles.count { members.append(("file", .string(maskFiles[index]))) }
                return .object(members)
            })),
        ])
    }
}
