import Imaging

/// One perception task as the command line drives it: options already parsed from flags, frames
/// in, one JSON object per frame out (docs/json-contract.md), and the overlay for that frame.
///
/// A processor is used by one thread at a time; a folder run with `--jobs N` makes N of them with
/// ``TaskCommandSpec/makeProcessor(runningMode:)``. Images are upright RGB (`Image.format == .rgb8`),
/// pixel coordinates with the origin at the top-left.
protocol TaskProcessor: AnyObject {
    /// Runs the task on one still image (image running mode) and returns the contract's object.
    func processImage(_ image: Image) throws -> TaskOutput

    /// Runs the task on one video frame (video running mode). Timestamps must increase; the JSON
    /// carries `timestampInMilliseconds` where the contract has it.
    func processVideoFrame(_ image: Image, timestampInMilliseconds: Int) throws -> TaskOutput

    /// Live-stream mode: hands the frame to the task's asynchronous call. The task may drop it
    /// while busy (as MediaPipe does); results arrive later through ``TaskLiveStreamSink``.
    func submitLiveFrame(_ image: Image, timestampInMilliseconds: Int) throws

    /// Waits until every submitted live frame has produced its result or been dropped.
    func finishLiveStream()

    /// Live frames the task dropped so far without a result because it was busy (a newer frame
    /// replaced the one waiting), as MediaPipe's live-stream mode does.
    var droppedLiveFrames: Int { get }

    /// Forgets tracking state, for the next video of a folder.
    func reset()

    /// Names the input the next frames come from (a file stem such as `"photo"`, or a folder's
    /// relative path with `/` replaced by `_`), so that files a result refers to get distinct
    /// names: the pose masks of `--masks DIR` are `DIR/<name>.pose<k>.png` for an image and
    /// `DIR/<name>.<timestamp>ms.pose<k>.png` for a video frame. Processors without such files
    /// ignore it (the default).
    func setInputName(_ name: String)
}

extension TaskProcessor {
    func setInputName(_ name: String) {}
}

/// What a task made of one frame.
struct TaskOutput: Sendable {
    /// The result object of docs/json-contract.md §2.
    var json: JSONValue
    /// Draws this result onto a copy of the frame it came from (the frame's size, RGB).
    var drawOverlay: @Sendable (inout Image) throws -> Void
}

/// Receives live-stream results, on the task's own serial queue, in timestamp order.
typealias TaskLiveStreamSink = @Sendable (_ output: Result<TaskOutput, any Error>, _ timestampInMilliseconds: Int) -> Void

/// The running modes the command line uses; images use `.image`, video files `.video`, streams
/// and capture devices `.liveStream`.
enum TaskRunningMode: Sendable {
    case image
    case video
    case liveStream(TaskLiveStreamSink)
}

/// A task command's flags, parsed once, from which each worker makes its processor.
protocol TaskCommandSpec: Sendable {
    /// Makes a processor for `runningMode`; throws a readable error for a bad model.
    func makeProcessor(runningMode: TaskRunningMode) throws -> any TaskProcessor
}
