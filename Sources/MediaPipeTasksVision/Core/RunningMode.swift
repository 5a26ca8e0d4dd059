/// How a vision task receives its input.
public enum RunningMode: UInt, Sendable, CaseIterable {
    /// Single, unrelated images: `detect(image:)`. Each call is independent.
    case image = 0
    /// Frames of one video with strictly increasing timestamps: `detect(videoFrame:timestampInMilliseconds:)`.
    /// Faces and poses are tracked from frame to frame and smoothed.
    case video = 1
    /// Camera frames delivered asynchronously: `detectAsync(image:timestampInMilliseconds:)`; the
    /// results go to the task's live-stream delegate.
    case liveStream = 2

    /// The name MediaPipe prints in its error messages: "Image", "Video", "Live Stream".
    public var displayName: String {
        switch self {
        case .image: "Image"
        case .video: "Video"
        case .liveStream: "Live Stream"
        }
    }
}
