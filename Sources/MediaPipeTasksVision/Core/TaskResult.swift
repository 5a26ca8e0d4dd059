import Foundation

/// The base class of every task's result: immutable, safe to pass between threads.
public class TaskResult: NSObject, NSCopying, @unchecked Sendable {
    /// The timestamp of the input frame in milliseconds: the value passed to the video or
    /// live-stream call, or in image mode MediaPipe's synthetic clock (0 for the first call of a
    /// task, then +1000 per call).
    public let timestampInMilliseconds: Int

    public init(timestampInMilliseconds: Int) {
        self.timestampInMilliseconds = timestampInMilliseconds
        super.init()
    }

    /// Results are immutable, so a copy is the object itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
