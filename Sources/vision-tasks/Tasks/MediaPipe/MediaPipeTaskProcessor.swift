import Dispatch
import Foundation
import Imaging
import MediaPipeTasksVision

/// A vision task of the MediaPipe API as the command line drives it: the calls the three tasks
/// (FaceLandmarker, FaceDetector, PoseLandmarker, HandLandmarker) share, each with its own result type.
protocol MediaPipeVisionTask: AnyObject {
    associatedtype TaskResult
    func detect(image: MPImage) throws -> TaskResult
    func detect(videoFrame image: MPImage, timestampInMilliseconds: Int) throws -> TaskResult
    func detectAsync(image: MPImage, timestampInMilliseconds: Int) throws
    var callbackQueue: DispatchQueue { get }
    var liveStreamCounters: LiveStreamCounters { get }
    func reset()
}

extension FaceLandmarker: MediaPipeVisionTask {}
extension FaceDetector: MediaPipeVisionTask {}
extension PoseLandmarker: MediaPipeVisionTask {}
extension HandLandmarker: MediaPipeVisionTask {}

/// Runs one MediaPipe task (the public API) for the command line, in the running mode it was
/// made for, turning each result into the command's JSON and overlay with `output`.
final class MediaPipeTaskProcessor<Task: MediaPipeVisionTask>: TaskProcessor, @unchecked Sendable {
    private let task: Task
    /// The live-stream delegate; the task's options hold it weakly, so the processor keeps it.
    private let liveStream: LiveStreamForwarder<Task.TaskResult>?
    private let output: (Task.TaskResult) throws -> TaskOutput
    private let inputNameChanged: (String) -> Void

    /// `liveStream` is the delegate the task was made with (live-stream mode), `output` the
    /// conversion of a result, `inputNameChanged` told of each input's name (for derived files).
    init(task: Task, liveStream: LiveStreamForwarder<Task.TaskResult>?, output: @escaping (Task.TaskResult) throws -> TaskOutput,
         inputNameChanged: @escaping (String) -> Void = { _ in }) {
        self.task = task
        self.liveStream = liveStream
        self.output = output
        self.inputNameChanged = inputNameChanged
        liveStream?.convert = output
    }

    func processImage(_ image: Image) throws -> TaskOutput {
        try output(task.detect(image: MPImage(image: image)))
    }

    func processVideoFrame(_ image: Image, timestampInMilliseconds: Int) throws -> TaskOutput {
        try output(task.detect(videoFrame: MPImage(image: image), timestampInMilliseconds: timestampInMilliseconds))
    }

    func submitLiveFrame(_ image: Image, timestampInMilliseconds: Int) throws {
        try task.detectAsync(image: MPImage(image: image), timestampInMilliseconds: timestampInMilliseconds)
    }

    func finishLiveStream() {
        task.callbackQueue.sync {}
    }

    var droppedLiveFrames: Int { task.liveStreamCounters.dropped }

    func reset() {
        task.reset()
    }

    func setInputName(_ name: String) {
        inputNameChanged(name)
    }
}

/// Forwards a task's live-stream results to the command line's sink, converted as the processor
/// converts them. Each task's delegate protocol is adopted by a subclass of its own.
class LiveStreamForwarder<TaskResult>: NSObject, @unchecked Sendable {
    let sink: TaskLiveStreamSink
    /// Set by the processor when it is made, before any frame is submitted.
    var convert: (TaskResult) throws -> TaskOutput = { _ in throw LiveStreamFailure() }

    init(sink: @escaping TaskLiveStreamSink) {
        self.sink = sink
    }

    func forward(_ result: TaskResult?, timestampInMilliseconds: Int, error: (any Error)?) {
        if let result {
            sink(Result { try convert(result) }, timestampInMilliseconds)
        } else {
            sink(.failure(error ?? LiveStreamFailure()), timestampInMilliseconds)
        }
    }
}

final class FaceLandmarkerLiveStream: LiveStreamForwarder<FaceLandmarkerResult>, FaceLandmarkerLiveStreamDelegate,
    @unchecked Sendable {
    func faceLandmarker(_ faceLandmarker: FaceLandmarker, didFinishDetection result: FaceLandmarkerResult?,
                        timestampInMilliseconds: Int, error: (any Error)?) {
        forward(result, timestampInMilliseconds: timestampInMilliseconds, error: error)
    }
}

final class FaceDetectorLiveStream: LiveStreamForwarder<FaceDetectorResult>, FaceDetectorLiveStreamDelegate,
    @unchecked Sendable {
    func faceDetector(_ faceDetector: FaceDetector, didFinishDetection result: FaceDetectorResult?,
                      timestampInMilliseconds: Int, error: (any Error)?) {
        forward(result, timestampInMilliseconds: timestampInMilliseconds, error: error)
    }
}

final class PoseLandmarkerLiveStream: LiveStreamForwarder<PoseLandmarkerResult>, PoseLandmarkerLiveStreamDelegate,
    @unchecked Sendable {
    func poseLandmarker(_ poseLandmarker: PoseLandmarker, didFinishDetection result: PoseLandmarkerResult?,
                        timestampInMilliseconds: Int, error: (any Error)?) {
        forward(result, timestampInMilliseconds: timestampInMilliseconds, error: error)
    }
}

final class HandLandmarkerLiveStream: LiveStreamForwarder<HandLandmarkerResult>, HandLandmarkerLiveStreamDelegate,
    @unchecked Sendable {
    func handLandmarker(_ handLandmarker: HandLandmarker, didFinishDetection result: HandLandmarkerResult?,
                        timestampInMilliseconds: Int, error: (any Error)?) {
        forward(result, timestampInMilliseconds: timestampInMilliseconds, error: error)
    }
}

/// A live-stream callback that carried neither a result nor an error.
struct LiveStreamFailure: Error, CustomStringConvertible {
    var description: String { "the task returned neither a result nor an error" }
}
